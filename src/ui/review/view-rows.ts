// Which items of a pane are shown, in what order: `/` narrows a list to its matches, and `o` puts the uncovered runs
// first or hides the covered ones. Null means every item in its own order (the common case, and free at 10k rows).
import type { PaneId } from '../shared/keys/table.js';
import { matchIndices } from './lists.js';
import { listTexts, type ReviewState } from './state.js';

export function visibleRows(s: ReviewState, pane: PaneId): number[] | null {
  const filtered = s.filter && s.filter.pane === pane;
  const ordered = pane === 'runs' && s.runsView !== 'all';
  if (!filtered && !ordered) return null;
  const texts = listTexts(s, pane);
  let rows = texts.map((_, i) => i);
  if (ordered) {
    // The quest-level row (after the runs) is never covered: its drafts are still to decide.
    const covered = (i: number) => i < s.data.runs.length && s.data.runs[i].covered;
    const open = rows.filter((i) => !covered(i));
    rows = s.runsView === 'hide covered' ? open : [...open, ...rows.filter(covered)];
  }
  if (filtered) {
    const hits = new Set(matchIndices(texts, s.filter!.query));
    rows = rows.filter((i) => hits.has(i));
  }
  return rows;
}

/** The item `delta` rows from the cursor among the shown rows (or the first shown when the cursor is hidden). */
export function stepRow(rows: number[], cursor: number, delta: number): number | null {
  if (!rows.length) return null;
  const at = rows.indexOf(cursor);
  if (at < 0) return rows[0];
  return rows[Math.max(0, Math.min(rows.length - 1, at + delta))];
}
