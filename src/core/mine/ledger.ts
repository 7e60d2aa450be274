// Decided patterns, remembered in distill's reviewed ledger (`<home>/.distill/reviewed.jsonl`, quest `:mined`) with the
// evidence the reviewer saw: pattern id, key, support, quests and episodes. A pattern's draft id names its evidence
// (`<pattern id>:<hash of its episodes>`), so a pattern proposed again on new evidence is a new draft to decide.
// A written card (new, patch, neighbor_but_separate) settles its key for good; a reject suppresses it until its support
// grows by at least two episodes or it reaches a new quest. A revert re-opens it (the ledger's `reverted` rows).
import crypto from 'node:crypto';
import { readReviewed, type ReviewedEntry } from '../review/reviewed.js';
import { episodeKey } from './episodes.js';
import type { PatternCore } from './patterns.js';

/** The pseudo-quest mined decisions are recorded under: not a valid quest id, so never a real quest's. */
export const MINED_QUEST = ':mined';

export type PatternState = 'proposed' | 'decided' | 'suppressed';

export interface MinedLedgerEntry extends ReviewedEntry {
  pattern_id: string;
  key: string;
  support: number;
  quests: string[];
  episodes: string[];
}

/** Every episode a pattern names, known and unknown, as `quest/run`, sorted. */
export function patternEpisodes(p: Pick<PatternCore, 'evidence' | 'counterExamples' | 'unknown'>): string[] {
  return [...p.evidence, ...p.counterExamples, ...p.unknown].map(episodeKey).sort();
}

export function patternDraftId(p: PatternCore): string {
  const h = crypto.createHash('sha256').update(patternEpisodes(p).join('\n')).digest('hex').slice(0, 8);
  return `${p.id}:${h}`;
}

/** The latest decision per pattern key (reverted ones dropped). */
export function readMinedDecisions(home: string): Map<string, MinedLedgerEntry> {
  const out = new Map<string, MinedLedgerEntry>();
  const rows = [...readReviewed(home).values()].filter((r): r is MinedLedgerEntry => r.quest_id === MINED_QUEST && typeof (r as MinedLedgerEntry).key === 'string');
  rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const row of rows) out.set(row.key, row);
  return out;
}

/** What a decision means for the pattern as mined now. */
export function stateOf(p: PatternCore, decided: MinedLedgerEntry | undefined): PatternState {
  if (!decided) return 'proposed';
  if (decided.decision !== 'reject') return 'decided';
  const seen = new Set(Array.isArray(decided.quests) ? decided.quests : []);
  const grown = p.support >= (typeof decided.support === 'number' ? decided.support : 0) + 2;
  return grown || p.quests.some((q) => !seen.has(q)) ? 'proposed' : 'suppressed';
}
