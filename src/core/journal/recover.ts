// Recovery of interrupted writes: every command that writes (and the TUI at start) calls recoverJournals(home)
// first. Each journal left behind is rolled forward to the end, or rolled back when the disk no longer matches it.
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import { stateDir } from '../files/paths.js';
import { journalDir, journalPath, pendingJournals, progressPath, runJournal, undoPath, type Fault } from './journal.js';
import { withWriteLock } from './lock.js';
import { appendLineDurable, fsyncDir } from './atomic.js';
import { assertSafeSegment, inStateDir } from './guard.js';
import { auditLine, auditPath } from './audit.js';
import { makeDirs } from '../files/make-dirs.js';

export interface RecoveryReport {
  id: string;
  kind: string;
  outcome: 'completed' | 'rolled_back';
  message: string;
}

/** Without the write lock: for callers that already hold it. */
export async function recoverJournalsLocked(home: string, fault: Fault = () => {}): Promise<RecoveryReport[]> {
  const reports: RecoveryReport[] = [];
  for (const journal of pendingJournals(home)) {
    const result = await runJournal(journal, fault);
    if (result.outcome === 'completed') {
      reports.push({ id: journal.id, kind: journal.kind, outcome: 'completed', message: `interrupted ${journal.kind} ${journal.id} was completed` });
    } else {
      const message = `interrupted ${journal.kind} ${journal.id} was rolled back: ${result.error}${result.notes.length ? ` (${result.notes.join('; ')})` : ''}`;
      appendLineDurable(inStateDir(home, auditPath(home)), auditLine({ at: journal.createdAt, action: 'rollback', review_id: journal.id, message }));
      reports.push({ id: journal.id, kind: journal.kind, outcome: 'rolled_back', message });
    }
  }
  return reports;
}

export async function recoverJournals(home: string): Promise<RecoveryReport[]> {
  // Read-only homes and homes never written by distill have nothing to recover: do not create .distill there.
  if (!fs.existsSync(stateDir(home))) return [];
  return withWriteLock(home, () => recoverJournalsLocked(home));
}

/**
 * `distill recover --discard <id>`: moves a journal that cannot run (or that the reviewer gives up on) to
 * `<home>/.distill/discarded/`, so the home is unblocked. Files the write already changed stay as they are.
 */
export async function discardJournal(home: string, id: string, at: string): Promise<string> {
  assertSafeSegment(id, 'journal id');
  const file = journalPath(home, id);
  return withWriteLock(home, () => {
    inStateDir(home, journalDir(home));
    if (!fs.existsSync(file)) throw new UserError(`${file}: no interrupted write with id ${id} (see ${journalDir(home)})`);
    const dest = inStateDir(home, path.join(stateDir(home), 'discarded'));
    makeDirs(dest);
    const stamp = at.replace(/[^0-9A-Za-z]/g, '');
    const kept = path.join(dest, `${id}.${stamp}.json`);
    fs.renameSync(file, kept);
    for (const [side, ext] of [[progressPath(home, id), 'progress'], [undoPath(home, id), 'undo']]) {
      if (fs.existsSync(side)) fs.renameSync(side, path.join(dest, `${id}.${stamp}.${ext}`));
    }
    fsyncDir(journalDir(home));
    appendLineDurable(inStateDir(home, auditPath(home)), auditLine({ at, action: 'discard', review_id: id, kept }));
    return kept;
  });
}
