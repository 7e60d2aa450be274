// What the shell gets when the review ends after writing (issue 17): one line per review written in the session,
// with the command that undoes it, so the id is not lost with the screen.
export interface WrittenReview {
  reviewId: string;
  /** Cards created or revised. */
  cards: number;
}

export function quitSummary(written: readonly WrittenReview[]): string {
  return written
    .map((w) => `wrote review ${w.reviewId} (${w.cards} card${w.cards === 1 ? '' : 's'}); undo with: distill revert ${w.reviewId}\n`)
    .join('');
}
