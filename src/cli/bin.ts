// The bundle's entry (dist/distill.mjs, run by bin/distill.js). `--version` answers before anything else is loaded;
// every other command loads the CLI chunk (commander and the core), and the screens load React and Ink on their own.
import { packageVersion } from './version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(packageVersion() + '\n');
} else {
  // Stack traces are printed only with DISTILL_DEBUG; only then are they mapped back to src/ (parsing the map costs).
  if (process.env.DISTILL_DEBUG) process.setSourceMapsEnabled(true);
  const { main } = await import('./main.js');
  process.exitCode = await main(argv);
}
