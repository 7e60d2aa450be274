// Issue 35, "why a neighbor matched, always visible": the neighbor engine's reasons as one line for the top of the
// side-by-side and of the neighbor preview, split into what speaks for one finding and what against (the evidence
// against: src/core/neighbors/finding.ts, findingReasons). Wrapped by the view, never cut.

/** Reasons that speak against the draft and the neighbor being one lesson. */
const AGAINST = /^(opposite finding|different |measured different things)/;

export function reasonsLine(score: number, reasons: readonly string[]): string {
  const against = reasons.filter((r) => AGAINST.test(r));
  const backing = reasons.filter((r) => !AGAINST.test(r));
  const forText = backing.length ? backing.join('; ') : 'fuzzy text only';
  return `why: score ${score.toFixed(2)} · matched on ${forText}${against.length ? ` · against: ${against.join('; ')}` : ''}`;
}
