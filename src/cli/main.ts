// The command line. Each command lives in its own file under ./commands, listed in commands/index.ts, and is loaded
// only when the command line needs it.
import { processIo, type Io } from './output.js';
import { commandsFor } from './commands/index.js';
import { commandWord, runProgram } from './program.js';
import { SERVED_COMMANDS } from './serve/protocol.js';

export type { Ctx } from './context.js';

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  // recall and neighbors are answered by a resident server of the home when one runs (the same bytes, faster).
  const word = commandWord(argv);
  if (word && SERVED_COMMANDS.includes(word)) {
    const served = await (await import('./serve/client.js')).askServer(argv, io);
    if (served) {
      if (io.env.DISTILL_DEBUG) io.err(`distill: answered by the server at ${served.socket}\n`);
      io.out(served.out);
      io.err(served.err);
      return served.code;
    }
  }
  return runProgram(argv, io, await commandsFor(argv));
}
