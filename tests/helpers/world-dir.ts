// A temp folder another user (`nobody`) can reach, for tests that run distill as that user. os.tmpdir() may be private
// (a 0700 TMPDIR, and the test run's own root under it always is), so the folder goes under the first of TMPDIR, /tmp,
// /var/tmp and /dev/shm whose every ancestor others may enter; the caller removes it. Null when there is none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function othersMayEnter(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    let mode: number;
    try {
      mode = fs.statSync(current).mode;
    } catch {
      return false;
    }
    if (!(mode & 0o001)) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

export function worldReadableDir(prefix: string): string | null {
  for (const base of [os.tmpdir(), '/tmp', '/var/tmp', '/dev/shm']) {
    if (!othersMayEnter(base)) continue;
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(base, prefix)));
    fs.chmodSync(dir, 0o755);
    return dir;
  }
  return null;
}
