// Test helpers: fixture homes copied to temp dirs, byte snapshots of trees, and the CLI run in-process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { main } from '../../src/cli/main.js';

export const FIXTURES = path.resolve(__dirname, '../../fixtures');
const CACHE = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));

/** Copies `fixtures/<name>` to a fresh temp dir and returns the copy's real path. */
/** Folders removed after each test of the file that calls this at its top level (push a folder to have it removed). */
export function tempDirs(): string[] {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return dirs;
}

export function copyFixture(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `distill-${name}-`));
  const home = path.join(dir, 'home');
  fs.cpSync(path.join(FIXTURES, name), home, { recursive: true });
  return fs.realpathSync(home);
}

/** Every file under `root` with its bytes (as base64) and every directory, for before/after comparisons. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const rel = path.relative(root, full);
      const stat = fs.lstatSync(full);
      if (stat.isDirectory()) {
        out[rel + '/'] = 'dir';
        walk(full);
      } else if (stat.isSymbolicLink()) out[rel] = `link:${fs.readlinkSync(full)}`;
      else if (!stat.isFile()) out[rel] = 'special'; // a FIFO would block a read
      else out[rel] = fs.readFileSync(full).toString('base64');
    }
  };
  walk(root);
  return out;
}

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export async function run(argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  let out = '';
  let err = '';
  const code = await main(argv, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    isTTY: false,
    // Caches go to a per-run temp dir, never the user's ~/.cache.
    env: { DISTILL_CACHE_DIR: CACHE, ...(options.env ?? { HOME: os.tmpdir() }) },
    cwd: options.cwd ?? process.cwd(),
  });
  return { code, out, err };
}
