// `mkdir -p` that says why it failed. Node's `fs.mkdirSync(dir, { recursive: true })` reports ENOENT when the system
// refuses the directory (on a read-only file system, Node 20 gives `ENOENT: no such file or directory, mkdir ...`
// for a home whose `.distill/` does not exist yet), so the refusal read as a bug (exit 70). Here the missing levels are
// made one at a time with a plain mkdir, whose error is the real one (EROFS, EACCES, ENOSPC, ENOTDIR), naming the
// directory that could not be made.
import fs from 'node:fs';
import path from 'node:path';

export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let current = path.resolve(dir);
  for (;;) {
    let st: fs.Stats;
    try {
      st = fs.statSync(current);
    } catch (error) {
      // ENOTDIR: a file further up; walk up to it.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      missing.push(current);
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
      continue;
    }
    if (!st.isDirectory() && missing.length) {
      // Name the file that is in the way, not the directory that cannot be made under it.
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), { code: 'ENOTDIR', syscall: 'mkdir', path: current });
    }
    break;
  }
  for (const level of missing.reverse()) {
    try {
      fs.mkdirSync(level);
    } catch (error) {
      // Made meanwhile by another writer: fine, when it is a directory.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && fs.statSync(level, { throwIfNoEntry: false })?.isDirectory()) continue;
      throw error;
    }
  }
}
