// Decided patterns, remembered in distill's reviewed ledger (`<home>/.distill/reviewed.jsonl`, quest `:mined`) with the
// evidence the reviewer saw: pattern id, key, support, quests and episodes (and, since follow-ups, the card written
// and the outcome it claims). A pattern's draft id names its evidence (`<pattern id>:<hash of its episodes>`), so a
// pattern proposed again on new evidence is a new draft to decide.
// A written card (new, patch, neighbor_but_separate) settles its key until comparable runs the reviewer did not see
// arrive: then it comes back as a follow-up, a patch of that card with the new runs (turned when the card's claim no
// longer passes the consistency gate). A reject suppresses a key until its support grows by at least two episodes or
// it reaches a new quest. A revert re-opens it (the ledger's `reverted` rows).
import crypto from 'node:crypto';
import { readReviewed, type ReviewedEntry } from '../review/reviewed.js';
import { episodeKey, type Episode } from './episodes.js';
import type { PatternCore } from './patterns.js';

/** The pseudo-quest mined decisions are recorded under: not a valid quest id, so never a real quest's. */
export const MINED_QUEST = ':mined';

export type PatternState = 'proposed' | 'decided' | 'suppressed';

/** Decisions that wrote a card the pattern's later evidence belongs to. */
export const ACCEPTED_DECISIONS = ['new', 'patch', 'neighbor_but_separate'];

export interface MinedLedgerEntry extends ReviewedEntry {
  pattern_id: string;
  key: string;
  support: number;
  quests: string[];
  episodes: string[];
  /** The card the decision wrote or patched (entries before follow-ups lack it: the review record names it). */
  card_id?: string | null;
  /** The outcome the pattern claimed when decided. */
  outcome?: 'win' | 'loss';
  consistency?: number;
}

/** What the ledger holds for one key: its latest decision, and its latest decision that wrote a card. */
export interface MinedDecision {
  last: MinedLedgerEntry;
  accepted: MinedLedgerEntry | null;
}

/** Every episode a pattern names, known and unknown, as `quest/run`, sorted. */
export function patternEpisodes(p: Pick<PatternCore, 'evidence' | 'counterExamples' | 'unknown'>): string[] {
  return [...p.evidence, ...p.counterExamples, ...p.unknown].map(episodeKey).sort();
}

export function patternDraftId(p: PatternCore): string {
  const h = crypto.createHash('sha256').update(patternEpisodes(p).join('\n')).digest('hex').slice(0, 8);
  return `${p.id}:${h}`;
}

const isMined = (r: ReviewedEntry): r is MinedLedgerEntry => r.quest_id === MINED_QUEST && typeof (r as MinedLedgerEntry).key === 'string';

/** The decisions per pattern key (reverted ones dropped): the latest, and the latest that wrote a card. */
export function readMinedDecisions(home: string): Map<string, MinedDecision> {
  const out = new Map<string, MinedDecision>();
  const rows = [...readReviewed(home).values()].filter(isMined);
  rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const row of rows) {
    const prev = out.get(row.key);
    out.set(row.key, { last: row, accepted: ACCEPTED_DECISIONS.includes(row.decision) ? row : prev?.accepted ?? null });
  }
  return out;
}

/** The comparable episodes of a pattern the decision did not see (none when the decision recorded no episodes). */
export function unseenEpisodes(p: Pick<PatternCore, 'evidence' | 'counterExamples'>, decided: MinedLedgerEntry): Episode[] {
  if (!Array.isArray(decided.episodes) || decided.episodes.length === 0) return [];
  const seen = new Set(decided.episodes);
  return [...p.evidence, ...p.counterExamples].filter((e) => !seen.has(episodeKey(e)));
}

/** A reject's key comes back when its support grew by two episodes or it reached a quest it had not. */
function grownSinceReject(p: PatternCore, rejected: MinedLedgerEntry): boolean {
  const seen = new Set(Array.isArray(rejected.quests) ? rejected.quests : []);
  const grown = p.support >= (typeof rejected.support === 'number' ? rejected.support : 0) + 2;
  return grown || p.quests.some((q) => !seen.has(q));
}

/**
 * What the latest decision of a pattern's key means for the pattern as mined now. After a card was written: decided
 * until comparable runs it did not see arrive (then proposed again, a follow-up: follow-up.ts). After a reject
 * (of a fresh pattern or of a follow-up): suppressed until the support grows by two episodes or a new quest.
 */
export function stateOf(p: PatternCore, decided: MinedLedgerEntry | undefined): PatternState {
  if (!decided) return 'proposed';
  if (decided.decision !== 'reject') return unseenEpisodes(p, decided).length > 0 ? 'proposed' : 'decided';
  return grownSinceReject(p, decided) ? 'proposed' : 'suppressed';
}
