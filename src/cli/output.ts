// Output helpers shared by the commands: JSON for scripts, warnings to stderr, one-line errors.
import { pendingJournalNotice, type FileWarning } from '../core/index.js';
import type { Io } from './process-io.js';

export { processIo, type Io } from './process-io.js';

export function printJson(io: Io, value: unknown): void {
  io.out(JSON.stringify(value, null, 2) + '\n');
}

/** Per-file warnings go to stderr, one line each, so `--json` stdout stays parseable. */
export function printWarnings(io: Io, warnings: readonly FileWarning[]): void {
  for (const w of warnings) io.err(`warning: ${w.file}: ${w.message}\n`);
}

/**
 * Every read command's notice of an interrupted write (a journal is pending): one line on stderr, so `--json` stdout
 * stays parseable, that what it shows may be half-written. Returns the notice (the gates also stay open on it).
 */
export function noticeInterrupted(io: Io, home: string): string | null {
  const notice = pendingJournalNotice(home);
  if (notice) io.err(`distill: ${notice}\n`);
  return notice;
}
