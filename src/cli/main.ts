// The command line. Each command lives in its own file under ./commands, listed in commands/index.ts, and is loaded
// only when the command line needs it.
import { processIo, type Io } from './output.js';
import { commandsFor } from './commands/index.js';
import { runProgram } from './program.js';

export type { Ctx } from './context.js';

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  return runProgram(argv, io, await commandsFor(argv));
}
