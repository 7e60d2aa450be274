// The one way a write runs (a review, a revert, a cleanup): under the home's write lock, after finishing or undoing any
// write that was interrupted, the caller checks what it must against the disk as it is now (it may refuse, or answer
// without writing) and hands over its journal; the journal is written whole, then run.
import { runJournal, writeJournal, type RunResult } from './journal.js';
import type { Fault, Journal } from './journal-types.js';
import { withWriteLock } from './lock.js';
import { recoverJournalsLocked, type RecoveryReport } from './recover.js';

/** What `prepare` decides: a journal to write and run, or an answer with nothing written. */
export type Prepared<T> = { journal: Journal } | { done: T };

export async function journaledWrite<T>(
  home: string,
  prepare: (recovered: RecoveryReport[]) => Prepared<T>,
  finish: (run: RunResult, recovered: RecoveryReport[]) => T,
  fault: Fault = () => {},
): Promise<T> {
  return withWriteLock(home, async () => {
    const recovered = await recoverJournalsLocked(home);
    const prepared = prepare(recovered);
    if ('done' in prepared) return prepared.done;
    fault('plan');
    writeJournal(prepared.journal, fault);
    return finish(await runJournal(prepared.journal, fault), recovered);
  });
}
