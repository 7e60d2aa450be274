/** A problem with the user's input or files: printed as one line, exit code 2, nothing written. */
export class UserError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = 'UserError';
    this.exitCode = exitCode;
  }
}

/** Exit code when the environment refused a write (disk full, quota, read-only, permission): EX_IOERR. */
export const EXIT_IO = 74;

const FS_PROBLEMS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
  EISDIR: 'is a directory where a file goes',
  ENOTDIR: 'a file is where a directory goes',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many symlinks',
  EFBIG: 'file too large',
};

export interface FsError extends NodeJS.ErrnoException {
  /** Bytes the failed write needed, when known. */
  needed?: number;
}

/** Whether `error` is an operating-system refusal of a file operation distill can name in one line. */
export function isFsError(error: unknown): error is FsError {
  return error instanceof Error && typeof (error as FsError).code === 'string' && (error as FsError).code! in FS_PROBLEMS;
}

/** `<path>: no space left on the device (needed 4096 bytes)`: what failed, where, and how much was needed. */
export function fsErrorLine(error: FsError): string {
  const what = FS_PROBLEMS[error.code!] ?? error.code!;
  const needed = error.needed ? ` (needed ${error.needed} bytes)` : '';
  return `${error.path ?? error.syscall ?? 'write'}: ${what}${needed}`;
}

/** A file of the wrong type in the home (a directory where a file goes) is the user's file problem: exit 2. */
export function fsExitCode(error: FsError): number {
  return error.code === 'EISDIR' || error.code === 'ENOTDIR' ? 2 : EXIT_IO;
}

/** An operating-system refusal during a write, with what it means for the home (`nothing written`, ...). */
export class WriteFailed extends UserError {
  readonly fsCause: FsError;
  constructor(cause: FsError, state: string) {
    super(`${fsErrorLine(cause)}; ${state}`, fsExitCode(cause));
    this.fsCause = cause;
    this.name = 'WriteFailed';
  }
}

/** The disk no longer holds what a write expects (a card edited meanwhile): exit 3, nothing overwritten. */
export class ConflictError extends UserError {
  constructor(message: string) {
    super(message, 3);
    this.name = 'ConflictError';
  }
}
