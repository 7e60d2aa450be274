// The write journal. Before the first file of a write is touched, every operation (with the exact bytes to write
// and the pre-image of every file it replaces) is written atomically to `<home>/.distill/journal/<id>.json`.
// Progress is appended to `<id>.progress` as operations complete. Every operation is idempotent given what is on
// disk, so an interrupted write is rolled forward on the next run; when the disk no longer matches what the journal
// expects (someone edited a card in between), the completed operations are undone instead (roll-back).
import fs from 'node:fs';
import path from 'node:path';
import { ConflictError, UserError, WriteFailed, isFsError } from '../errors.js';
import {
  appendLineDurable, fsyncDir, readBytesOrNull, removeStaleTemps, sizeOrZero, truncateIfTail, writeFileAtomic,
} from './atomic.js';
import { assertWritable, inStateDir, type WriteRoots } from './guard.js';
import { journalProblem, preflightOps, unrunnableJournal } from './journal-check.js';
import type { Fault, Journal, Op } from './journal-types.js';
import { withIndexLock } from './lock.js';
import { journalDir } from './pending.js';

export { ConflictError };

export type { Fault, Journal, Op } from './journal-types.js';

export { journalDir };

export function journalPath(home: string, id: string): string {
  return path.join(journalDir(home), `${id}.json`);
}

export function progressPath(home: string, id: string): string {
  return path.join(journalDir(home), `${id}.progress`);
}

const text = (file: string): string | null => readBytesOrNull(file)?.toString('utf8') ?? null;

interface Progress {
  done: Set<number>;
  /** Where each started append began; -1: the log did not exist (rollback removes it again). */
  appendStart: Map<number, number>;
  /** A rollback was begun (the progress file was renamed to `.undo`): finish it, never roll forward. */
  rollingBack: boolean;
}

/** The progress file renamed when a rollback begins: a rename needs no free space, so it works on a full disk. */
export function undoPath(home: string, id: string): string {
  return path.join(journalDir(home), `${id}.undo`);
}

function readProgress(home: string, id: string): Progress {
  const done = new Set<number>();
  const appendStart = new Map<number, number>();
  const undo = text(undoPath(home, id));
  const raw = undo ?? text(progressPath(home, id)) ?? '';
  for (const line of raw.split('\n')) {
    if (!line) continue;
    try {
      const row = JSON.parse(line) as { n: number; state: string; size?: number };
      if (row.state === 'done') done.add(row.n);
      if (row.state === 'start' && typeof row.size === 'number') appendStart.set(row.n, row.size);
    } catch {
      /* a torn last line: that step is simply not marked */
    }
  }
  return { done, appendStart, rollingBack: undo !== null };
}

/** Marks are fsynced (an append must know where it began) and never torn (a failed mark is cut back). */
function mark(home: string, id: string, row: Record<string, unknown>): void {
  appendLineDurable(progressPath(home, id), JSON.stringify(row));
}

function roots(journal: Journal): WriteRoots {
  return { home: journal.home, questRoot: journal.questRoot };
}

/** Writes the journal itself (atomically): the commit point of a write. */
export function writeJournal(journal: Journal, fault: Fault): void {
  const file = inStateDir(journal.home, journalPath(journal.home, journal.id));
  if (fs.existsSync(file)) throw new UserError(`${file}: an unfinished write with this id exists; run distill recover`);
  preflightOps(journal);
  fs.rmSync(progressPath(journal.home, journal.id), { force: true });
  fault('journal');
  try {
    writeFileAtomic(file, JSON.stringify(journal, null, 1) + '\n', { beforeRename: () => fault('journal.rename') });
  } catch (error) {
    if (isFsError(error)) throw new WriteFailed(error, 'nothing written');
    throw error;
  }
}

const withNewline = (line: string) => (line.endsWith('\n') ? line : line + '\n');

/** The bytes after an append's start are our line, whole or torn (with the newline a torn file got first). */
function isOurTail(after: string, line: string): boolean {
  const ours = withNewline(line);
  return after !== '' && (ours.startsWith(after) || ('\n' + ours).startsWith(after));
}

async function applyOp(journal: Journal, n: number, op: Op, progress: Progress, fault: Fault): Promise<void> {
  const where = `${op.path}`;
  assertWritable(roots(journal), op.path);
  removeStaleTemps(op.path);
  const step = `op${n}.${op.op}`;
  if (op.op === 'create') {
    const current = text(op.path);
    if (current === op.content) return;
    if (current !== null) throw new ConflictError(`${where}: exists with other content; not overwritten`);
    writeFileAtomic(op.path, op.content, { beforeRename: () => fault(`${step}.rename`) });
  } else if (op.op === 'replace') {
    const current = text(op.path);
    if (current === op.after) return;
    if (current !== op.before) throw new ConflictError(`${where}: changed on disk since it was read; not overwritten`);
    writeFileAtomic(op.path, op.after, { beforeRename: () => fault(`${step}.rename`) });
  } else if (op.op === 'move') {
    assertWritable(roots(journal), op.to);
    removeStaleTemps(op.to);
    const current = text(op.path);
    const target = text(op.to);
    if (current === null && target === op.content) return;
    if (current !== op.content) throw new ConflictError(`${where}: changed on disk since it was written; not moved`);
    if (target !== op.content) {
      if (target !== null) throw new ConflictError(`${op.to}: exists with other content; not overwritten`);
      writeFileAtomic(op.to, op.content, { beforeRename: () => fault(`${step}.rename`) });
    }
    fault(`${step}.unlink`);
    fs.rmSync(op.path);
    fsyncDir(path.dirname(op.path));
  } else {
    await withIndexLock(journal.home, op.path, () => {
      const mark0 = progress.appendStart.get(n);
      if (mark0 !== undefined) {
        const started = Math.max(0, mark0);
        const after = (readBytesOrNull(op.path) ?? Buffer.alloc(0)).subarray(started).toString('utf8');
        const line = withNewline(op.line);
        if (after.startsWith(line) || after.includes('\n' + line)) return;
        // A kill mid-line left our line torn: cut the fragment so the full line is not appended onto it.
        if (isOurTail(after, op.line)) truncateIfTail(op.path, started, (tail) => tail === after);
      }
      const size = fs.existsSync(op.path) ? sizeOrZero(op.path) : -1;
      mark(journal.home, journal.id, { n, state: 'start', size });
      progress.appendStart.set(n, size);
      appendLineDurable(op.path, op.line);
    });
  }
}

/**
 * Undoes one operation if the disk still shows its result (an op that never ran shows nothing to undo). An append is
 * cut back to where it started when nothing was appended after it; otherwise the line stays and is named.
 */
function undoOp(op: Op, started: number | undefined): string | null {
  if (op.op === 'create') {
    if (text(op.path) === op.content) {
      fs.rmSync(op.path);
      fsyncDir(path.dirname(op.path));
    }
  } else if (op.op === 'replace') {
    if (text(op.path) === op.after) writeFileAtomic(op.path, op.before);
  } else if (op.op === 'move') {
    const source = text(op.path);
    if (source === null && text(op.to) === op.content) {
      writeFileAtomic(op.path, op.content);
      fs.rmSync(op.to);
    } else if (source === op.content && text(op.to) === op.content) {
      fs.rmSync(op.to); // copied, not yet unlinked
    }
  } else if (started !== undefined && fs.existsSync(op.path)) {
    if (!truncateIfTail(op.path, Math.max(0, started), (after) => after === '' || isOurTail(after, op.line))) {
      return `${op.path}: the appended line stays (lines were appended after it)`;
    }
    if (started === -1 && sizeOrZero(op.path) === 0) fs.rmSync(op.path, { force: true }); // we created the log
  }
  return null;
}

/** Undoes ops `last`..0: first what frees space (removals, truncations), then what rewrites files. */
function rollback(journal: Journal, last: number, progress: Progress): string[] {
  const notes: string[] = [];
  // Mark the rollback first, so an interrupted one is finished by the next run instead of rolled forward half-undone.
  const progressFile = progressPath(journal.home, journal.id);
  if (fs.existsSync(progressFile)) fs.renameSync(progressFile, undoPath(journal.home, journal.id));
  else fs.writeFileSync(undoPath(journal.home, journal.id), '');
  fsyncDir(journalDir(journal.home));
  for (const freeing of [true, false]) {
    for (let m = last; m >= 0; m--) {
      const op = journal.ops[m];
      if ((op.op === 'create' || op.op === 'append') !== freeing) continue;
      const note = undoOp(op, progress.appendStart.get(m));
      if (note) notes.push(note);
    }
  }
  return notes;
}

export interface RunResult {
  outcome: 'completed' | 'rolled_back';
  notes: string[];
  error?: string;
}

/**
 * Runs (or resumes) a journal to its end. On a conflict, or when the system refuses a write (disk full, read-only),
 * rolls back what this journal did, so the home is as before. A rollback that fails too leaves the journal for
 * `distill recover` (roll forward once the cause is fixed) and says so.
 */
export async function runJournal(journal: Journal, fault: Fault = () => {}): Promise<RunResult> {
  const progress = readProgress(journal.home, journal.id);
  if (progress.rollingBack) {
    const notes = rollback(journal, journal.ops.length - 1, progress);
    finishJournal(journal);
    return { outcome: 'rolled_back', notes, error: 'its rollback had been interrupted and is now complete' };
  }
  for (let n = 0; n < journal.ops.length; n++) {
    if (progress.done.has(n)) continue;
    fault(`op${n}.${journal.ops[n].op}`);
    try {
      await applyOp(journal, n, journal.ops[n], progress, fault);
      fault(`op${n}.${journal.ops[n].op}.done`);
      mark(journal.home, journal.id, { n, state: 'done' });
    } catch (thrown) {
      // A refusal already worded for "nothing written" (a lock file that could not be made) is still a refusal here.
      const error = thrown instanceof WriteFailed ? thrown.fsCause : thrown;
      if (!(error instanceof ConflictError) && !isFsError(error)) throw error;
      let notes: string[];
      try {
        notes = rollback(journal, n, progress);
        finishJournal(journal);
      } catch {
        if (error instanceof ConflictError) throw error;
        throw new WriteFailed(error as NodeJS.ErrnoException,
          `write ${journal.id} interrupted and could not be rolled back; fix the cause, then run: distill recover`);
      }
      if (error instanceof ConflictError) return { outcome: 'rolled_back', notes, error: error.message };
      throw new WriteFailed(error as NodeJS.ErrnoException, `nothing written (write ${journal.id} rolled back)`);
    }
  }
  fault('finish');
  finishJournal(journal);
  return { outcome: 'completed', notes: [] };
}

export function finishJournal(journal: Journal): void {
  fs.rmSync(journalPath(journal.home, journal.id), { force: true });
  fs.rmSync(progressPath(journal.home, journal.id), { force: true });
  fs.rmSync(undoPath(journal.home, journal.id), { force: true });
  fsyncDir(journalDir(journal.home));
}

/** Journals left by interrupted writes, oldest first; stale temp files of journal writes are removed. */
export function pendingJournals(home: string): Journal[] {
  const dir = journalDir(home);
  inStateDir(home, dir); // never run (or clean up) a journal folder outside the home
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: { journal: Journal; mtime: number }[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    if (/\.json\.(?:distill-)?[0-9a-f]{32}\.tmp$/.test(name)) {
      fs.rmSync(file, { force: true }); // a journal never committed: its write never started
      continue;
    }
    if (/\.(progress|undo)$/.test(name) && !names.includes(name.replace(/\.(progress|undo)$/, '.json'))) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (!name.endsWith('.json')) continue;
    let journal: Journal;
    try {
      journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
    } catch (error) {
      throw unrunnableJournal(file, `not JSON: ${(error as Error).message.split('\n')[0]}`);
    }
    const problem = journalProblem(journal, home);
    if (problem) throw unrunnableJournal(file, problem);
    if (path.resolve(journal.home) !== path.resolve(home)) journal = { ...journal, home };
    out.push({ journal, mtime: fs.statSync(file).mtimeMs });
  }
  return out.sort((a, b) => a.mtime - b.mtime).map((e) => e.journal);
}
