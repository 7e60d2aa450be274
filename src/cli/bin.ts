// The bundle's entry (dist/distill.mjs, run by bin/distill.js). `--version` answers before anything else is loaded;
// `recall` and `neighbors` first ask a running server of the home (serve/client.ts: a small chunk, node:net and the
// home's path) and load nothing more when it answers; every other command, or no server, loads the CLI chunk
// (commander and the core), and the screens load React and Ink on their own.
import { commandWord } from './command-word.js';
import { processIo } from './process-io.js';
import { SERVED_COMMANDS } from './serve/protocol.js';
import { packageVersion } from './version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(packageVersion() + '\n');
} else {
  // Stack traces are printed only with DISTILL_DEBUG; only then are they mapped back to src/ (parsing the map costs).
  if (process.env.DISTILL_DEBUG) process.setSourceMapsEnabled(true);
  const io = processIo();
  const word = commandWord(argv);
  let code: number | null = null;
  if (word && SERVED_COMMANDS.includes(word)) code = await (await import('./serve/client.js')).answerFromServer(argv, io);
  if (code === null) {
    const { main } = await import('./main.js');
    code = await main(argv, io, { askServer: false });
  }
  process.exitCode = code;
}
