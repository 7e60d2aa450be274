// The write journal. Before the first file of a write is touched, every operation (with the exact bytes to write
// and the pre-image of every file it replaces) is written atomically to `<home>/.distill/journal/<id>.json`.
// Progress is appended to `<id>.progress` as operations complete. Every operation is idempotent given what is on
// disk, so an interrupted write is rolled forward on the next run; when the disk no longer matches what the journal
// expects (someone edited a card in between), the completed operations are undone instead (roll-back).
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import { stateDir } from '../paths.js';
import { appendLineDurable, fsyncDir, readBytesOrNull, removeStaleTemps, sizeOrZero, writeFileAtomic } from './atomic.js';
import { assertWritable, type WriteRoots } from './guard.js';
import { withIndexLock } from './lock.js';

export type Op =
  /** A file that must not exist yet (or already hold exactly `content`). */
  | { op: 'create'; path: string; content: string }
  /** A file that holds `before` and will hold `after`. */
  | { op: 'replace'; path: string; before: string; after: string }
  /** A file holding `content` moved to `to` (archive). */
  | { op: 'move'; path: string; to: string; content: string }
  /** One line appended to an append-only log, under its lock. */
  | { op: 'append'; path: string; line: string };

export interface Journal {
  version: 1;
  id: string;
  kind: 'apply' | 'revert' | 'cleanup';
  home: string;
  questRoot: string | null;
  createdAt: string;
  ops: Op[];
}

export type Fault = (step: string) => void;

export function journalDir(home: string): string {
  return path.join(stateDir(home), 'journal');
}

export function journalPath(home: string, id: string): string {
  return path.join(journalDir(home), `${id}.json`);
}

function progressPath(home: string, id: string): string {
  return path.join(journalDir(home), `${id}.progress`);
}

export class ConflictError extends UserError {
  constructor(message: string) {
    super(message, 3);
    this.name = 'ConflictError';
  }
}

const text = (file: string): string | null => readBytesOrNull(file)?.toString('utf8') ?? null;

interface Progress {
  done: Set<number>;
  appendStart: Map<number, number>;
}

function readProgress(home: string, id: string): Progress {
  const done = new Set<number>();
  const appendStart = new Map<number, number>();
  const raw = text(progressPath(home, id)) ?? '';
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
  return { done, appendStart };
}

/** `start` marks are fsynced (an append must know where it began); a lost `done` mark only repeats an idempotent op. */
function mark(home: string, id: string, row: Record<string, unknown>): void {
  if (row.state === 'start') appendLineDurable(progressPath(home, id), JSON.stringify(row));
  else fs.appendFileSync(progressPath(home, id), JSON.stringify(row) + '\n');
}

function roots(journal: Journal): WriteRoots {
  return { home: journal.home, questRoot: journal.questRoot };
}

/** Writes the journal itself (atomically): the commit point of a write. */
export function writeJournal(journal: Journal, fault: Fault): void {
  const file = journalPath(journal.home, journal.id);
  if (fs.existsSync(file)) throw new UserError(`${file}: an unfinished write with this id exists; run distill again to recover it`);
  fs.rmSync(progressPath(journal.home, journal.id), { force: true });
  fault('journal');
  writeFileAtomic(file, JSON.stringify(journal, null, 1) + '\n', { beforeRename: () => fault('journal.rename') });
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
      const started = progress.appendStart.get(n);
      if (started !== undefined) {
        const after = (readBytesOrNull(op.path) ?? Buffer.alloc(0)).subarray(started).toString('utf8');
        const line = op.line.endsWith('\n') ? op.line : op.line + '\n';
        if (after.startsWith(line) || after.includes('\n' + line)) return;
      }
      mark(journal.home, journal.id, { n, state: 'start', size: sizeOrZero(op.path) });
      appendLineDurable(op.path, op.line);
    });
  }
}

/** Undoes one completed operation if the disk still shows our result. Appends stay (append-only logs). */
function undoOp(op: Op): string | null {
  if (op.op === 'create') {
    if (text(op.path) === op.content) {
      fs.rmSync(op.path);
      fsyncDir(path.dirname(op.path));
    }
  } else if (op.op === 'replace') {
    if (text(op.path) === op.after) writeFileAtomic(op.path, op.before);
  } else if (op.op === 'move') {
    if (text(op.path) === null && text(op.to) === op.content) {
      writeFileAtomic(op.path, op.content);
      fs.rmSync(op.to);
    }
  } else {
    return `${op.path}: the appended line stays (append-only log)`;
  }
  return null;
}

export interface RunResult {
  outcome: 'completed' | 'rolled_back';
  notes: string[];
  error?: string;
}

/** Runs (or resumes) a journal to its end; on a conflict, rolls back what this journal did. */
export async function runJournal(journal: Journal, fault: Fault = () => {}): Promise<RunResult> {
  const progress = readProgress(journal.home, journal.id);
  for (let n = 0; n < journal.ops.length; n++) {
    if (progress.done.has(n)) continue;
    fault(`op${n}.${journal.ops[n].op}`);
    try {
      await applyOp(journal, n, journal.ops[n], progress, fault);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const notes: string[] = [];
      for (let m = n - 1; m >= 0; m--) {
        const note = undoOp(journal.ops[m]);
        if (note) notes.push(note);
      }
      finishJournal(journal);
      return { outcome: 'rolled_back', notes, error: error.message };
    }
    fault(`op${n}.${journal.ops[n].op}.done`);
    mark(journal.home, journal.id, { n, state: 'done' });
  }
  fault('finish');
  finishJournal(journal);
  return { outcome: 'completed', notes: [] };
}

export function finishJournal(journal: Journal): void {
  fs.rmSync(journalPath(journal.home, journal.id), { force: true });
  fs.rmSync(progressPath(journal.home, journal.id), { force: true });
  fsyncDir(journalDir(journal.home));
}

/** Journals left by interrupted writes, oldest first; stale temp files of journal writes are removed. */
export function pendingJournals(home: string): Journal[] {
  const dir = journalDir(home);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: { journal: Journal; mtime: number }[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    if (/\.json\.[0-9a-f]{32}\.tmp$/.test(name)) {
      fs.rmSync(file, { force: true }); // a journal never committed: its write never started
      continue;
    }
    if (name.endsWith('.progress') && !names.includes(name.replace(/\.progress$/, '.json'))) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (!name.endsWith('.json')) continue;
    let journal: Journal;
    try {
      journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
    } catch {
      throw new UserError(`${file}: unreadable journal of an interrupted write; inspect it, then remove it`);
    }
    if (journal.version !== 1 || !Array.isArray(journal.ops)) throw new UserError(`${file}: unknown journal format`);
    if (path.resolve(journal.home) !== path.resolve(home)) journal = { ...journal, home };
    out.push({ journal, mtime: fs.statSync(file).mtimeMs });
  }
  return out.sort((a, b) => a.mtime - b.mtime).map((e) => e.journal);
}
