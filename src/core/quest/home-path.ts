// Where the DeepScientist home is, as DeepScientist's launcher resolves it. A module of its own, with no YAML or quest
// reading, so the first chunk of `distill recall` / `neighbors` can find a running server's socket (cli/serve/client.ts)
// without loading the CLI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../errors.js';
import { findHomeAbove } from './home-discovery.js';

export interface HomeOptions {
  home?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** `--home`, else `$DEEPSCIENTIST_HOME`, else `$DS_HOME`, else the home around `cwd`, else `~/DeepScientist`. */
export function resolveHome(options: HomeOptions = {}): string {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const chosen =
    options.home || env.DEEPSCIENTIST_HOME || env.DS_HOME || findHomeAbove(cwd) || path.join(os.homedir(), 'DeepScientist');
  const home = path.resolve(cwd, chosen);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(home);
  } catch {
    throw new UserError(`${home}: no DeepScientist home here (set --home, $DEEPSCIENTIST_HOME or $DS_HOME)`);
  }
  if (!stat.isDirectory()) throw new UserError(`${home}: the DeepScientist home is not a directory`);
  return fs.realpathSync(home);
}
