#!/usr/bin/env node
// `npm start`: the review TUI on a fresh temporary copy of the bundled demo home (the build ran first).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'fixtures', 'demo-home');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-demo-'));
fs.cpSync(source, home, { recursive: true });
// The fixture is read-only in the package; the copy must be writable.
const makeWritable = (dir) => {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(file);
    else if (entry.isFile()) fs.chmodSync(file, 0o644);
  }
};
makeWritable(home);
process.stderr.write(`distill demo: a copy of the demo home is at ${home}\n`);

// The installed command (the bundle), as a user runs it.
// Its cache in a temp folder of its own, removed after: the demo leaves nothing in the user's ~/.cache/distill.
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-demo-cache-'));
const child = spawnSync(process.execPath, [path.join(root, 'bin', 'distill.js'), '--home', home, 'review', '001'], {
  stdio: 'inherit',
  env: { ...process.env, DISTILL_CACHE_DIR: cache },
});
fs.rmSync(cache, { recursive: true, force: true });
process.stderr.write(`distill demo: the copy stays at ${home} (try: distill --home ${home} gate 001)\n`);
process.exitCode = child.status ?? 1;
