// Recovery of interrupted writes: every command that writes (and the TUI at start) calls recoverJournals(home)
// first. Each journal left behind is rolled forward to the end, or rolled back when the disk no longer matches it.
import fs from 'node:fs';
import { stateDir } from '../paths.js';
import { pendingJournals, runJournal, type Fault } from './journal.js';
import { withWriteLock } from './lock.js';
import { appendLineDurable } from './atomic.js';
import { auditLine, auditPath } from './records.js';

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
      appendLineDurable(auditPath(home), auditLine({ at: journal.createdAt, action: 'rollback', review_id: journal.id, message }));
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
