// The one way distill reads a file it did not just write: regular files only, and no more than a cap. A FIFO where a
// card or a record should be would block a plain read forever (and a process blocked in a synchronous read ignores
// SIGTERM); /dev/zero never ends. So: open with O_NONBLOCK (opening a FIFO then returns at once instead of waiting
// for a writer), fstat the open descriptor, refuse anything but a regular file, and read exactly the size fstat gave.
// One open + fstat + read per file, which the cold read of 10k cards depends on.
import fs from 'node:fs';

/** Why a file was refused: ENOTREG (not a regular file), EISDIR (a directory), EFBIG (over the cap). */
export class ReadRefusedError extends Error {
  readonly code: 'ENOTREG' | 'EISDIR' | 'EFBIG';
  constructor(code: 'ENOTREG' | 'EISDIR' | 'EFBIG', message: string) {
    super(message);
    this.name = 'ReadRefusedError';
    this.code = code;
  }
}

export interface RegularFile {
  bytes: Buffer;
  size: number;
  mtimeMs: number;
}

/** The default cap: far above any card or state file distill or DeepScientist writes, far below memory trouble. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

function kindOf(st: fs.Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a plain file';
}

export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

/**
 * The file's bytes, size and mtime. Throws the fs error (ENOENT, EACCES, ...) or a ReadRefusedError. A file that grows
 * meanwhile is read up to the size fstat gave; one that shrinks, up to its new end.
 */
export function readRegularFile(file: string, options: { maxBytes?: number } = {}): RegularFile {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fd = fs.openSync(file, OPEN_FLAGS);
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) throw new ReadRefusedError('EISDIR', 'a directory');
    if (!st.isFile()) throw new ReadRefusedError('ENOTREG', `not a regular file (${kindOf(st)})`);
    if (st.size > maxBytes) throw new ReadRefusedError('EFBIG', `${sizeText(st.size)}, over the ${sizeText(maxBytes)} distill reads`);
    const bytes = Buffer.allocUnsafe(st.size);
    let length = 0;
    while (length < bytes.length) {
      const n = fs.readSync(fd, bytes, length, bytes.length - length, length);
      if (n === 0) break; // it shrank since fstat
      length += n;
    }
    return { bytes: length === bytes.length ? bytes : bytes.subarray(0, length), size: length, mtimeMs: st.mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

/** The file as UTF-8 text (invalid bytes replaced, as readFileSync(file, 'utf8') does). */
export function readRegularText(file: string, options: { maxBytes?: number } = {}): string {
  return readRegularFile(file, options).bytes.toString('utf8');
}

/** A short reason for a failed read, for a one-line message: "ENOENT", "not a regular file (a FIFO)", ... */
export function readProblem(error: unknown): string {
  if (error instanceof ReadRefusedError) return error.message;
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
