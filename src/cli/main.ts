// The command line. Each command lives in its own file under ./commands, listed in commands/index.ts, and is loaded
// only when the command line needs it.
import { processIo, type Io } from './output.js';
import { commandsFor } from './commands/index.js';
import { commandWord } from './command-word.js';
import { runProgram } from './program.js';
import { SERVED_COMMANDS } from './serve/protocol.js';

export type { Ctx } from './context.js';

/** `askServer: false`: the caller asked a running server already (bin.ts), and none answered. */
export async function main(argv: string[], io: Io = processIo(), options: { askServer?: boolean } = {}): Promise<number> {
  // recall and neighbors are answered by a resident server of the home when one runs (the same bytes, faster).
  const word = commandWord(argv);
  if (options.askServer !== false && word && SERVED_COMMANDS.includes(word)) {
    const code = await (await import('./serve/client.js')).answerFromServer(argv, io);
    if (code !== null) return code;
  }
  return runProgram(argv, io, await commandsFor(argv));
}
