// `distill mine`: the episodes of the home (or one quest), the patterns that pass the gates, each with its words and
// its state against the decisions already taken. Nothing is written here.
import type { FileWarning } from '../model.js';
import { episodeKey, homeEpisodes, type Episode } from './episodes.js';
import { followUpOf, followUpText, type FollowUp } from './follow-up.js';
import { patternDraftId, readMinedDecisions, stateOf, type MinedLedgerEntry, type PatternState } from './ledger.js';
import { patternText, type PatternText } from './pattern-text.js';
import { HOME_GATES, minePatterns, QUEST_GATES, type Funnel, type MineGates, type PatternCore } from './patterns.js';

export interface MineOptions {
  /** Mine within this quest only (its own gates: no quest floor). */
  questId?: string;
  gates?: Partial<MineGates>;
  /** List decided and suppressed patterns too. */
  all?: boolean;
}

export interface MinedPattern extends PatternCore, PatternText {
  state: PatternState;
  /** The draft id a review decides it by: the pattern id and a hash of its episodes. */
  draftId: string;
  decided: MinedLedgerEntry | null;
  /** Proposed again after a card was written from it: the card, the runs since, whether its claim turned. */
  followUp: FollowUp | null;
}

export interface MineFunnel extends Funnel {
  quests: number;
  run_records: number;
  runner_turns: number;
  rerecords: number;
  candidate_episodes: number;
  decided: number;
  suppressed: number;
  /** Patterns a card was written from, proposed again on runs the reviewer had not seen (follow-ups). */
  follow_ups: number;
}

export interface MineResult {
  scope: { kind: 'home' } | { kind: 'quest'; questId: string };
  gates: MineGates;
  funnel: MineFunnel;
  patterns: MinedPattern[];
  warnings: FileWarning[];
}

export function mine(home: string, options: MineOptions = {}): MineResult {
  const base = options.questId === undefined ? HOME_GATES : QUEST_GATES;
  const gates: MineGates = { ...base, ...Object.fromEntries(Object.entries(options.gates ?? {}).filter(([, v]) => v !== undefined)) };
  const scan = homeEpisodes(home, options.questId);
  const decisions = readMinedDecisions(home);
  // Keys a card was written from are counted against the outcome it claims, even when the gates no longer pass them.
  const claimed = new Map<string, 'win' | 'loss'>();
  for (const [key, d] of decisions) if (d.accepted) claimed.set(key, d.accepted.outcome ?? outcomeSeen(d.accepted, scan.episodes));
  const { patterns, funnel, revisited } = minePatterns(scan.episodes, gates, options.questId === undefined ? '' : `quest:${options.questId}|`, claimed);
  const all: MinedPattern[] = [...patterns, ...revisited].map((p) => {
    const d = decisions.get(p.key);
    const state = stateOf(p, d?.last);
    const text = patternText(p);
    const followUp = d?.accepted && state === 'proposed' ? followUpOf(home, p, d.accepted, d.last, gates.minConsistency) : null;
    return { ...p, ...(followUp ? followUpText({ ...p, ...text }, followUp, gates.minConsistency) : text), state, draftId: patternDraftId(p), decided: d?.last ?? null, followUp };
  });
  const count = (s: PatternState) => all.filter((p) => p.state === s).length;
  return {
    scope: options.questId === undefined ? { kind: 'home' } : { kind: 'quest', questId: options.questId },
    gates,
    funnel: {
      quests: scan.quests.length, run_records: scan.runRecords, runner_turns: scan.runnerTurns, rerecords: scan.rerecords,
      candidate_episodes: scan.candidateEpisodes, ...funnel, proposed: count('proposed'), decided: count('decided'), suppressed: count('suppressed'),
      follow_ups: all.filter((p) => p.followUp).length,
    },
    patterns: options.all ? all : all.filter((p) => p.state === 'proposed'),
    warnings: scan.warnings,
  };
}

/** The outcome a decision recorded before outcomes were recorded saw: the majority of the runs it names. */
function outcomeSeen(entry: MinedLedgerEntry, episodes: readonly Episode[]): 'win' | 'loss' {
  const seen = new Set(Array.isArray(entry.episodes) ? entry.episodes : []);
  let wins = 0;
  let losses = 0;
  for (const e of episodes) {
    if (!seen.has(episodeKey(e))) continue;
    if (e.outcome === 'win') wins += 1;
    else if (e.outcome === 'loss') losses += 1;
  }
  return wins > losses ? 'win' : 'loss';
}

/** The JSON `distill mine --json` prints for a pattern (docs/MINING.md; keep it stable). */
export function patternJson(p: MinedPattern): Record<string, unknown> {
  const ep = (e: PatternCore['evidence'][number]) => ({ quest_id: e.questId, run_id: e.runId, artifact_id: e.artifactId, outcome: e.outcome, delta: e.delta });
  return {
    id: p.id, title: p.title, claim: p.claim, factor: { name: p.factor.name, value: p.factor.value, normalized: p.factor.normalized },
    context: p.context, outcome: p.outcome, support: p.support, consistency: p.consistency, quests: p.quests,
    evidence: p.evidence.map(ep), counter_examples: p.counterExamples.map(ep), unknown: p.unknown.map(ep), state: p.state,
    key: p.key, draft_id: p.draftId, tags: p.tags,
    follow_up: p.followUp && {
      card_id: p.followUp.cardId, review_id: p.followUp.reviewId, turned: p.followUp.turned, seen_support: p.followUp.seen.support, new_evidence: p.followUp.newEvidence.map(ep),
    },
  };
}
