// The command line. Each command lives in its own file under ./commands and registers itself in commands/index.ts.
import { Command } from 'commander';
import { processIo, type Io } from './output.js';
import { COMMANDS } from './commands/index.js';
import type { Ctx } from './context.js';
import { buildProgram as buildWith, runProgram } from './program.js';

export type { Ctx } from './context.js';

/** The program with every command. */
export function buildProgram(ctx: Ctx): Command {
  return buildWith(ctx, COMMANDS);
}

export function main(argv: string[], io: Io = processIo()): Promise<number> {
  return runProgram(argv, io, COMMANDS);
}
