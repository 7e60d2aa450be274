// Durable file operations. Whole files are written the way DeepScientist's `write_json` does (a temp file
// `<file>.<32 hex>.tmp` in the same directory, then rename), plus the fsyncs it skips: the temp file before the
// rename and the directory after it, so a crash leaves either the old bytes or the new ones.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import { ReadRefusedError, readRegularFile } from '../read-file.js';

export const TMP_RE = /\.[0-9a-f]{32}\.tmp$/;

export function tmpPathFor(file: string): string {
  return `${file}.${crypto.randomBytes(16).toString('hex')}.tmp`;
}

export function fsyncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on a directory; the rename is still atomic there.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

export interface AtomicOptions {
  /** Called after the temp file is durable and before the rename (fault injection). */
  beforeRename?: () => void;
}

export function writeFileAtomic(file: string, data: string | Buffer, options: AtomicOptions = {}): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = tmpPathFor(file);
  const fd = fs.openSync(tmp, 'wx', 0o644);
  try {
    fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    options.beforeRename?.();
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  fsyncDir(dir);
}

/** Appends one whole line with a single write(2) on an O_APPEND descriptor, then fsyncs. */
export function appendLineDurable(file: string, line: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = line.endsWith('\n') ? line : line + '\n';
  const fd = fs.openSync(file, 'a', 0o644);
  try {
    fs.writeSync(fd, Buffer.from(text, 'utf8'));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function readBytesOrNull(file: string): Buffer | null {
  try {
    return readRegularFile(file).bytes; // a FIFO or device at a path to write is refused, never read (issue 18)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (error instanceof ReadRefusedError) throw new UserError(`${file}: ${error.message}`);
    throw error;
  }
}

export function sizeOrZero(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Removes temp files an interrupted atomic write left next to `file`. */
export function removeStaleTemps(file: string): void {
  const dir = path.dirname(file);
  const base = path.basename(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(base + '.') && TMP_RE.test(name) && name.length === base.length + 1 + 32 + 4) {
      fs.rmSync(path.join(dir, name), { force: true });
    }
  }
}
