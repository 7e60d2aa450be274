// What the shell gets when the review ends after writing (issue 17): one line per review written in the session,
// with the command that undoes it, so the id is not lost with the screen. A write that covered no run wrote no
// distill_review decision, and says so rather than "review decision-…" (issue 35).
import type { WriteResult } from './facade.js';

export interface WrittenReview {
  reviewId: string;
  /** Cards created or revised. */
  cards: number;
  /** Whether a distill_review decision was written (absent: yes, as before). */
  decision?: boolean;
  /** A review of the quirks files: entries, not runs, so nothing is said of runs or decisions. */
  quirks?: boolean;
}

function cardCount(n: number): string {
  return `${n} card${n === 1 ? '' : 's'}`;
}

export function quitSummary(written: readonly WrittenReview[]): string {
  return written
    .map((w) =>
      w.quirks
        ? `wrote ${cardCount(w.cards)} from the quirks files (record ${w.reviewId}); undo with: distill revert ${w.reviewId}\n`
        : w.decision === false
        ? `wrote ${cardCount(w.cards)}, no distill_review decision (record ${w.reviewId}); undo with: distill revert ${w.reviewId}\n`
        : `wrote review ${w.reviewId} (${cardCount(w.cards)}); undo with: distill revert ${w.reviewId}\n`,
    )
    .join('');
}

/** The status line after a write: every file the plan listed (appends too), and the decision only when one was written. */
export function writtenLine(result: WriteResult): string {
  const files = `wrote ${result.files.length} file(s)`;
  if (!result.reviewId) return files;
  if (result.quirks) return `${files}, quirks entries recorded (undo: distill revert ${result.reviewId})`;
  if (result.decision === false) return `${files}, no distill_review decision (undo: distill revert ${result.reviewId})`;
  return `${files}, review ${result.reviewId}`;
}
