// The program: commander set up with a list of commands, and the one place a run's errors become exit codes and
// one-line messages. main.ts runs it with every command; the write tests bundle it with only the writing ones.
import { Command, CommanderError } from 'commander';
import { fsErrorLine, fsExitCode, isFsError, resolveHome, resolveQuest, UserError } from '../core/index.js';
import { commanderErrorLine } from './options.js';
import type { Io } from './output.js';
import type { Ctx } from './context.js';
import type { CardSource } from './answers/source.js';
import { packageVersion } from './version.js';
import { firstWord } from './command-word.js';

export type Register = (program: Command, ctx: Ctx) => void;

export function buildProgram(ctx: Ctx, commands: readonly Register[]): Command {
  const program = new Command();
  program
    .name('distill')
    .description('Close out DeepScientist quests: review draft lessons against global memory and write them safely.')
    .version(packageVersion(), '-V, --version', 'print the version of distill')
    .option('--home <dir>', 'DeepScientist home (default: $DEEPSCIENTIST_HOME, $DS_HOME, the home around the current directory, ~/DeepScientist)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.out(text),
      writeErr: (text) => ctx.io.err(text),
      // Usage errors are one line, like every other error.
      outputError: (text, write) => write(`distill: ${commanderErrorLine(text)}\n`),
    });
  for (const register of commands) register(program, ctx);
  return program;
}


/**
 * The first word when it is neither a command nor a quest: plain `distill <word>` runs the default command (review)
 * with a quest, so a mistyped command would otherwise be reported as the review's "not a terminal".
 */
function unknownWord(program: Command, argv: string[], io: Io): string | null {
  const first = firstWord(argv);
  const word = first?.word;
  if (!word || word === 'help' || program.commands.some((c) => c.name() === word || c.aliases().includes(word))) return null;
  try {
    resolveQuest(resolveHome({ home: first.home, env: io.env, cwd: io.cwd }), word, io.cwd);
    return null;
  } catch {
    return word;
  }
}

/** Parses `argv` and runs the command: its exit code, with every error reported as one line. `cards`: a resident
 *  server's index (socket.ts), else the store is opened. */
export async function runProgram(argv: string[], io: Io, commands: readonly Register[], cards?: CardSource): Promise<number> {
  const ctx: Ctx = { io, exitCode: 0, cards };
  const program = buildProgram(ctx, commands);
  const unknown = unknownWord(program, argv, io);
  if (unknown) {
    io.err(`distill: unknown command or quest '${unknown}' (run distill --help for the commands)\n`);
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; usage errors were already printed by commander.
      return error.exitCode === 0 ? 0 : 2;
    }
    const { line, exitCode, stack } = errorLine(error);
    io.err(`distill: ${line}\n`);
    if (stack && io.env.DISTILL_DEBUG) io.err(stack + '\n');
    return exitCode;
  }
}

/**
 * An error of a command as the one line distill prints after `distill: ` and its exit code: a UserError's message, a
 * file operation the system refused, else an internal error (its stack for DISTILL_DEBUG). The MCP tools say the same.
 */
export function errorLine(error: unknown): { line: string; exitCode: number; stack?: string } {
  if (error instanceof UserError) return { line: error.message, exitCode: error.exitCode };
  // The system refused a file operation outside a write's own handling (which says what happened to the home).
  if (isFsError(error)) return { line: fsErrorLine(error), exitCode: fsExitCode(error), stack: error.stack };
  const message = error instanceof Error ? error.message : String(error);
  return { line: `internal error: ${message}`, exitCode: 70, stack: error instanceof Error ? error.stack : undefined };
}