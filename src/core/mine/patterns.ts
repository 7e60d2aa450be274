// From episodes to proposed patterns: each factor's episodes counted together across quests and metrics by their
// direction-normalised outcome, then the gates (support, quests, consistency) printed as a funnel. Where a factor's
// outcomes disagree overall but agree within one metric that passes the gates alone, that narrower pattern is proposed.
import crypto from 'node:crypto';
import { FACTOR_NAMES, type Episode, type FactorName } from './episodes.js';
import { displaySpelling, normalizeFactor } from './normalize.js';

export interface MineGates {
  /** Distinct episodes with a known outcome a pattern needs. */
  minSupport: number;
  /** Share of the known outcomes that agree (0..1). */
  minConsistency: number;
  /** Distinct quests among them. */
  minQuests: number;
}

/** Home scope defaults: why these numbers is in docs/MINING.md (measured on the fixtures and the sample homes). */
export const HOME_GATES: MineGates = { minSupport: 3, minConsistency: 0.75, minQuests: 2 };
/** `--scope quest Q`: one quest, so no quest floor; the same support floor. */
export const QUEST_GATES: MineGates = { minSupport: 3, minConsistency: 0.75, minQuests: 1 };

export interface PatternCore {
  id: string;
  key: string;
  factor: { name: FactorName; value: string; normalized: string };
  /** A narrower pattern's context (the metric its episodes share); null for a factor's whole set. */
  context: { metric: string } | null;
  outcome: 'win' | 'loss';
  /** Episodes with a known outcome. */
  support: number;
  consistency: number;
  quests: string[];
  evidence: Episode[];
  counterExamples: Episode[];
  unknown: Episode[];
}

export interface Funnel {
  episodes: number;
  factors: number;
  support: number;
  consistency: number;
  narrower: number;
  proposed: number;
}

export function patternId(key: string): string {
  return `pattern-${crypto.createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

interface FactorGroup {
  name: FactorName;
  normalized: string;
  spellings: string[];
  episodes: Episode[];
}

function groupFactors(episodes: readonly Episode[]): FactorGroup[] {
  const groups = new Map<string, FactorGroup>();
  for (const e of episodes) {
    for (const name of FACTOR_NAMES) {
      const value = e.factors[name];
      if (!value) continue;
      const normalized = normalizeFactor(value);
      if (!normalized) continue;
      const key = `${name}:${normalized}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { name, normalized, spellings: [], episodes: [] }));
      g.spellings.push(value);
      g.episodes.push(e);
    }
  }
  return [...groups.values()];
}

interface Tally {
  known: Episode[];
  wins: number;
  losses: number;
  quests: string[];
}

function tally(episodes: readonly Episode[]): Tally {
  const known = episodes.filter((e) => e.outcome !== 'unknown');
  const wins = known.filter((e) => e.outcome === 'win').length;
  return { known, wins, losses: known.length - wins, quests: [...new Set(known.map((e) => e.questId))].sort() };
}

const passesSupport = (t: Tally, g: MineGates) => t.known.length >= g.minSupport && t.quests.length >= g.minQuests;
const consistencyOf = (t: Tally) => (t.known.length ? Math.max(t.wins, t.losses) / t.known.length : 0);
const passesConsistency = (t: Tally, g: MineGates) => t.wins !== t.losses && consistencyOf(t) >= g.minConsistency - 1e-9;

function makePattern(group: FactorGroup, episodes: readonly Episode[], t: Tally, context: { metric: string } | null, prefix: string, claimed?: Outcome): PatternCore {
  // A pattern a card was written from is counted against the outcome that card claims (a follow-up: ledger.ts).
  const outcome = claimed ?? (t.wins > t.losses ? 'win' : 'loss');
  const key = keyOf(group, context, prefix);
  const evidence = t.known.filter((e) => e.outcome === outcome);
  const consistency = claimed ? (t.known.length ? evidence.length / t.known.length : 0) : consistencyOf(t);
  return {
    id: patternId(key),
    key,
    factor: { name: group.name, value: displaySpelling(group.spellings), normalized: group.normalized },
    context,
    outcome,
    support: t.known.length,
    consistency: Math.round(consistency * 1000) / 1000,
    quests: t.quests,
    evidence,
    counterExamples: t.known.filter((e) => e.outcome !== outcome),
    unknown: episodes.filter((e) => e.outcome === 'unknown'),
  };
}

type Outcome = 'win' | 'loss';
const keyOf = (group: FactorGroup, context: { metric: string } | null, prefix: string) =>
  `${prefix}${group.name}:${group.normalized}${context ? `|metric:${context.metric}` : ''}`;

/**
 * The patterns that pass the gates, and the funnel of how many got how far (before any decision is applied).
 * `prefix` scopes the keys (`quest:<id>|` for one quest's patterns, so they are decided apart from the home's).
 * `claimed`: keys a card was written from, with the outcome it claims. Such a pattern is counted against that outcome,
 * and one the gates no longer pass (its runs turned) is returned in `revisited`, outside the funnel.
 */
export function minePatterns(
  episodes: readonly Episode[], gates: MineGates, prefix = '', claimed: ReadonlyMap<string, Outcome> = new Map(),
): { patterns: PatternCore[]; funnel: Funnel; revisited: PatternCore[] } {
  const groups = groupFactors(episodes);
  const funnel: Funnel = { episodes: episodes.length, factors: groups.length, support: 0, consistency: 0, narrower: 0, proposed: 0 };
  const patterns: PatternCore[] = [];
  const revisited: PatternCore[] = [];
  for (const group of groups) {
    const t = tally(group.episodes);
    const made = new Set<string>();
    const push = (subset: readonly Episode[], st: Tally, context: { metric: string } | null) => {
      const key = keyOf(group, context, prefix);
      made.add(key);
      patterns.push(makePattern(group, subset, st, context, prefix, claimed.get(key)));
    };
    const byMetric = new Map<string, Episode[]>();
    for (const e of group.episodes) if (e.metric) byMetric.set(e.metric, [...(byMetric.get(e.metric) ?? []), e]);
    if (passesSupport(t, gates)) {
      funnel.support += 1;
      if (passesConsistency(t, gates)) {
        funnel.consistency += 1;
        push(group.episodes, t, null);
      } else {
        // Disagrees overall: a metric within which it agrees and passes the gates alone is a narrower pattern.
        for (const [metric, subset] of byMetric) {
          const st = tally(subset);
          if (passesSupport(st, gates) && passesConsistency(st, gates)) {
            funnel.narrower += 1;
            push(subset, st, { metric });
          }
        }
      }
    }
    const revisit = (subset: readonly Episode[], context: { metric: string } | null) => {
      const key = keyOf(group, context, prefix);
      if (!claimed.has(key) || made.has(key)) return;
      const st = tally(subset);
      if (st.known.length) revisited.push(makePattern(group, subset, st, context, prefix, claimed.get(key)));
    };
    revisit(group.episodes, null);
    for (const [metric, subset] of byMetric) revisit(subset, { metric });
  }
  const order = (a: PatternCore, b: PatternCore) => b.support - a.support || b.consistency - a.consistency || (a.key < b.key ? -1 : 1);
  patterns.sort(order);
  revisited.sort(order);
  return { patterns, funnel, revisited };
}
