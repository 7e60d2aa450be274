// Whether a write was interrupted, for the read commands: only a directory listing, so a read that asks loads none
// of the write path (journal.ts, the locks, the atomic writes).
import fs from 'node:fs';
import path from 'node:path';
import { stateDir } from '../files/paths.js';

export function journalDir(home: string): string {
  return path.join(stateDir(home), 'journal');
}

/**
 * For read commands, which never write: one line when a write was interrupted (a journal is pending), so neither a
 * person nor `distill gate` acts on a half-written state. Null when there is none.
 */
export function pendingJournalNotice(home: string): string | null {
  let names: string[];
  try {
    names = fs.readdirSync(journalDir(home)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return null;
  }
  if (names.length === 0) return null;
  const what = names.map((n) => n.replace(/\.json$/, '')).join(', ');
  return `a write was interrupted (${what} in ${journalDir(home)}); what is shown may be half-written: run distill recover to finish it`;
}
