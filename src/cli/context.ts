// Resolving the home, the quest and shared options for a command.
import type { Command } from 'commander';
import { resolveHome, resolveQuest, type Quest } from '../core/index.js';
import type { CardSource } from './answers/source.js';
import type { Io } from './output.js';

/** What every command's action gets: where to print, and where to leave its exit code. */
export interface Ctx {
  io: Io;
  /** Set by a command's action: the process exit code. */
  exitCode: number;
  /** Where the global cards come from: a resident server's index (`distill serve`), else opened now. */
  cards?: CardSource;
}

export function homeOf(command: Command, ctx: Ctx): string {
  const opts = command.optsWithGlobals() as { home?: string };
  return resolveHome({ home: opts.home, env: ctx.io.env, cwd: ctx.io.cwd });
}

export function questOf(command: Command, ctx: Ctx, arg: string | undefined): Quest {
  const home = homeOf(command, ctx);
  return resolveQuest(home, arg, ctx.io.cwd);
}

/** `--run-kinds a,b`: the run kinds that count as candidates. */
export function listOption(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}
