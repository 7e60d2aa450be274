// A follow-up: a pattern a card was written from (new, patch, neighbor_but_separate), proposed again because comparable
// runs arrived that the reviewer did not see (the ledger holds the episodes seen at decision time). It is proposed as
// a patch of that card with the new runs; `turned` when the card's claim no longer passes the consistency gate.
// Without new runs nothing comes back, however often the home is mined.
import { readReviewRecord } from '../review/records.js';
import type { Episode } from './episodes.js';
import { unseenEpisodes, type MinedLedgerEntry } from './ledger.js';
import { episodeLine, type PatternText } from './pattern-text.js';
import type { PatternCore } from './patterns.js';

export interface FollowUp {
  /** The card the pattern was written into or patched (null when neither the ledger nor the review record names it). */
  cardId: string | null;
  /** The review that wrote it. */
  reviewId: string;
  /** Comparable runs the decision did not see. */
  newEvidence: Episode[];
  /** The card's claim (the outcome decided) no longer passes the consistency gate. */
  turned: boolean;
  /** Comparable runs and consistency when decided. */
  seen: { support: number; consistency: number | null };
}

/** The card a decision wrote: the ledger's `card_id`, else the review record's entry for the draft. */
function cardOf(home: string, accepted: MinedLedgerEntry): string | null {
  if (typeof accepted.card_id === 'string') return accepted.card_id;
  try {
    return readReviewRecord(home, accepted.review_id)?.drafts.find((d) => d.draft_id === accepted.draft_id)?.card_id ?? null;
  } catch {
    return null; // an unreadable record: the follow-up is still proposed, its patch target chosen by the reviewer
  }
}

export function followUpOf(home: string, p: PatternCore, accepted: MinedLedgerEntry, last: MinedLedgerEntry, minConsistency: number): FollowUp {
  return {
    cardId: cardOf(home, accepted),
    reviewId: accepted.review_id,
    // New since the latest decision (a rejected follow-up saw the runs it was shown).
    newEvidence: unseenEpisodes(p, last),
    turned: p.consistency < minConsistency - 1e-9,
    seen: { support: typeof accepted.support === 'number' ? accepted.support : 0, consistency: typeof accepted.consistency === 'number' ? accepted.consistency : null },
  };
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

/** The follow-up's body: what was decided, the runs since (agreeing and not), and whether the claim turned. */
export function followUpText(p: PatternCore & PatternText, f: FollowUp, minConsistency: number): PatternText {
  const agree = f.newEvidence.filter((e) => e.outcome === p.outcome);
  const disagree = f.newEvidence.filter((e) => e.outcome !== p.outcome);
  const runs = (n: number) => `${n} comparable run${n === 1 ? '' : 's'}`;
  const head =
    `Follow-up of ${p.id} (key ${p.key}): written into ${f.cardId ?? 'a card'} by review ${f.reviewId} from ${runs(f.seen.support)}` +
    `${f.seen.consistency === null ? '' : ` (consistency ${pct(f.seen.consistency)})`}; ${runs(f.newEvidence.length)} since, ${agree.length} agreeing, ${disagree.length} not.`;
  const turned = f.turned
    ? [`Turned: the claim now holds in ${p.evidence.length} of ${runs(p.support)} (${pct(p.consistency)}), below the ${pct(minConsistency)} gate.`, '']
    : [];
  const body = [
    head,
    '',
    ...turned,
    `Now: ${p.claim}.`,
    '',
    ...(agree.length ? ['## New runs that agree', ...agree.map(episodeLine), ''] : []),
    ...(disagree.length ? ['## New runs that disagree', ...disagree.map(episodeLine), ''] : []),
  ].join('\n');
  return { title: p.title, claim: p.claim, tags: p.tags, body };
}
