// Durable file operations. Whole files are written the way DeepScientist's `write_json` does (a temp file beside the
// target, `<file>.distill-<32 hex>.tmp` (temps.ts), then rename), plus the fsyncs it skips: the temp file before the
// rename and the directory after it, so a crash leaves either the old bytes or the new ones.
import fs from 'node:fs';
import path from 'node:path';
import { UserError, type FsError } from '../errors.js';
import { ReadRefusedError, readRegularFile } from '../files/read-file.js';
import { makeDirs } from '../files/make-dirs.js';
import { tmpPathFor } from './temps.js';

/**
 * The low-level calls every durable write goes through. Tests swap them (a short write, ENOSPC at the Nth call) to
 * show that no cut-short file is ever renamed into place and no torn line is left in a log.
 */
export const io = {
  writeSync: (fd: number, buf: Buffer, offset: number, length: number): number => fs.writeSync(fd, buf, offset, length),
  fsyncSync: (fd: number): void => fs.fsyncSync(fd),
};

/** Names the file and the size on an error from an fd-based call (Node leaves `path` unset there). */
function annotate(error: unknown, file: string, needed: number): unknown {
  if (error instanceof Error && typeof (error as FsError).code === 'string') {
    const e = error as FsError;
    e.path ??= file;
    e.needed ??= needed;
  }
  return error;
}

/** write(2) until every byte is down: a short write is continued, a write that makes no progress is ENOSPC. */
export function writeAll(fd: number, buf: Buffer): void {
  let offset = 0;
  while (offset < buf.length) {
    const n = io.writeSync(fd, buf, offset, buf.length - offset);
    if (!(n > 0)) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    }
    offset += n;
  }
}

export { removeStaleTemps, tmpPathFor } from './temps.js';

/**
 * A versioned cache file (`<family>-v<N>.bin` or `.json`) just written: the same family's files of other versions
 * beside it are removed (an upgrade would otherwise leave a 100k-card store's old caches, hundreds of MB, behind).
 * Best effort: a file that cannot be removed stays.
 */
function dropOtherVersions(target: string): void {
  const m = /^(.+)-v(\d+)\.(bin|json)$/.exec(path.basename(target));
  if (!m) return;
  const sibling = new RegExp(`^${m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-v\\d+\\.(bin|json)$`);
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (name === path.basename(target) || !sibling.test(name)) continue;
    try {
      fs.rmSync(path.join(path.dirname(target), name), { force: true });
    } catch {
      /* left */
    }
  }
}

/**
 * Replaces a cache file (distill's own, outside the home): a temp file, then a rename, no fsync (a torn cache fails
 * its own checks and is made again). The folder is made when missing. Returns false, the old file left, when it cannot
 * be written. Parts given as a list are written one after another (no copy into one buffer first). Older versions
 * of a versioned cache file are removed once the new one is in place.
 */
export function replaceCacheFile(target: string, data: string | Uint8Array | readonly Uint8Array[]): boolean {
  const tmp = tmpPathFor(target);
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (typeof data === 'string' || data instanceof Uint8Array) fs.writeFileSync(tmp, data);
    else {
      const fd = fs.openSync(tmp, 'w');
      try {
        for (const part of data) fs.writeFileSync(fd, part); // not `io`: a cache is not a write the fault tests count
      } finally {
        fs.closeSync(fd);
      }
    }
    fs.renameSync(tmp, target);
    dropOtherVersions(target);
    return true;
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      /* nothing to clean */
    }
    return false;
  }
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

/**
 * Creates `file` (never an existing one) with every byte written and fsynced, or leaves nothing: a short write is
 * continued, one that cannot be is removed. Not atomic by itself: the callers rename or link it into place.
 */
export function writeNewFileDurable(file: string, bytes: Buffer, named = file): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (error) {
    throw annotate(error, named, bytes.length);
  }
  try {
    writeAll(fd, bytes);
    io.fsyncSync(fd);
  } catch (error) {
    // Never rename (or keep) a cut-short file.
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    throw annotate(error, named, bytes.length); // fd calls carry no path: the file the caller is writing
  }
  fs.closeSync(fd);
}

export function writeFileAtomic(file: string, data: string | Buffer, options: AtomicOptions = {}): void {
  const dir = path.dirname(file);
  makeDirs(dir);
  const tmp = tmpPathFor(file);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  writeNewFileDurable(tmp, bytes, file);
  try {
    options.beforeRename?.();
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  fsyncDir(dir);
}

/**
 * Appends one whole line on an O_APPEND descriptor, then fsyncs. A file whose last line is torn (a writer died
 * mid-line) gets a newline first, so our line never fuses with the fragment. An append that fails is truncated back
 * to the old size: no torn line of ours is ever left. Returns the size before the append.
 */
export function appendLineDurable(file: string, line: string): number {
  makeDirs(path.dirname(file));
  const text = line.endsWith('\n') ? line : line + '\n';
  let fd: number;
  try {
    fd = fs.openSync(file, 'a+', 0o644);
  } catch (error) {
    throw annotate(error, file, Buffer.byteLength(text));
  }
  let size: number;
  try {
    size = fs.fstatSync(fd).size;
    const bytes = Buffer.from(endsTorn(fd, size) ? '\n' + text : text, 'utf8');
    try {
      writeAll(fd, bytes);
      io.fsyncSync(fd);
    } catch (error) {
      try {
        fs.ftruncateSync(fd, size);
        fs.fsyncSync(fd);
      } catch {
        /* the next recovery repairs the torn line */
      }
      throw annotate(error, file, bytes.length);
    }
  } finally {
    fs.closeSync(fd);
  }
  return size;
}

/** Whether a file of `size` bytes ends without a newline (a torn last line). */
function endsTorn(fd: number, size: number): boolean {
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  fs.readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/** Cuts `file` back to `size` bytes (undoing our append) if what follows `size` is exactly `tail`. */
export function truncateIfTail(file: string, size: number, tail: (after: string) => boolean): boolean {
  const bytes = readBytesOrNull(file);
  if (bytes === null || bytes.length < size || !tail(bytes.subarray(size).toString('utf8'))) return false;
  const fd = fs.openSync(file, 'r+');
  try {
    fs.ftruncateSync(fd, size);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
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
