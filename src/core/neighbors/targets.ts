// What a finding says its setting moved: the quantity it measured (a task score such as accuracy, F1 or BLEU;
// calibration; loss; seed variance; latency, throughput, memory, training time). Two statements about one setting that
// each name what they measured, with no quantity in common, are two findings (`X hurts latency` / `X halves memory`,
// `X lifts accuracy` / `X doubles the training time`), however alike the rest of their words, tags and bodies: evidence
// against a duplicate (finding.ts). A statement that names none (a terse title, a metric in a short form the table
// does not know) leaves it open, as a card without specifics does.
//
// Read from the finding's text lower-cased with the abbreviations expanded (expand.ts: `acc`, `EM`, `ECE`, `ppl` are
// their long forms by then), whole words only, by the names of the table in use: the shipped one (quantities.ts, where
// the task scores are one quantity) or a home's (vocabulary.ts).
import { hasWhole, replaceWhole } from './boundary.js';
import { activeQuantities } from './expand.js';
import { namesIn, shareFamily, type Named } from './named.js';
import { INVERSE, SCORE } from './quantities.js';

// `R@20`, `recall@10`, `MRR@10`, `nDCG@10`, `pass@1`, `hits@5`, `P@5`: a task score at a cut-off.
const AT_K = `(?:${['r', 'recall', 'hits', 'p', 'precision', 'mrr', 'ndcg', 'pass', 'acc', 'accuracy', 'map'].join('|')})@\\d+`;

// Names of a quantity that here name a method or a part: `mixed precision`, `memory bank`, `episodic memory`.
const NOT_A_QUANTITY = new RegExp(
  [
    String.raw`(?:mixed|half|full|single|double|low|lower|reduced|numerical|bf16|fp16|fp32|fp8|int8)[ -]precision`,
    String.raw`memory[ -](?:banks?|augmented|modules?|networks?|replay|tokens?|layers?|slots?)`,
    String.raw`(?:episodic|external|working|long-term|short-term|associative|key-value) memory`,
  ].map((p) => String.raw`${p}(?![\p{L}\p{N}])`).join('|'),
  'gu',
);

/** A quantity a finding names: its family, and the words it was named with (`exact match`, `r@20`). */
export type Target = Named;

/**
 * The quantities a finding's text names (lower-cased, abbreviations expanded: expandLower), one per family, by the
 * table in use or the one given.
 */
export function targetsOf(expanded: string, table = activeQuantities()): Target[] {
  return namesIn(replaceWhole(expanded, NOT_A_QUANTITY, true, ' '), table, [AT_K], SCORE);
}

// Which way a finding says its quantity moved: up (`raises`, `doubles`, `increases`) or down (`reduces`, `halves`,
// `lowers`, `cuts`); a negated statement (`does not reduce`) and one that says both ways say no direction. For a
// quantity named alone whose better way is known, `improves` and `hurts` say a way too: up and down for a task score,
// calibration or throughput, down and up where lower is better (`hurts latency`: latency went up). A name that reads
// its quantity the other way round (quantities.ts INVERSE: `error rate`, `speedup`, `ECE`) turns the move round, so
// `reduces error rate` and `improves accuracy` move one task score the same way, `raises ECE` and `improves
// calibration` opposite ways.
const RISE = /(?:increas|rais|doubl|tripl|boost|lift|grow)\p{L}*(?![\p{L}])/gu;
const FALL = /(?:reduc|decreas|halv|lowers|lowered|lowering|cuts|cutting|drops|dropped|shrink|shrank)\p{L}*(?![\p{L}])/gu;
const BETTER_WORDS = /(?:improv|outperform|better)\p{L}*(?![\p{L}])/gu;
const WORSE_WORDS = /(?:hurt|degrad|worse|regress|underperform)\p{L}*(?![\p{L}])/gu;

/** Which way is better for a shipped quantity, as its names that are not INVERSE read it: 1 up, -1 down. */
const BETTER: Readonly<Record<string, number>> = {
  [SCORE]: 1, calibration: 1, throughput: 1, loss: -1, variance: -1, latency: -1, memory: -1, 'training time': -1, hallucination: -1,
};

const orientation = (t: Target) => (INVERSE.has(t.words) ? -1 : 1);

/**
 * Which way the finding says its quantities moved, as their family's names that are not INVERSE read it: 1 up, -1
 * down, 0 when it does not say, says both, or names its quantities in words that read them opposite ways.
 */
export function movementOf(text: string, targets: readonly Target[], negated: boolean): number {
  const low = text.toLowerCase();
  const turn = targets.length === 0 ? 1 : orientation(targets[0]);
  if (targets.some((t) => orientation(t) !== turn)) return 0;
  let rise = hasWhole(low, RISE, false);
  let fall = hasWhole(low, FALL, false);
  const better = targets.length === 1 ? (BETTER[targets[0].family] ?? 0) * turn : 0;
  if (!rise && !fall && better !== 0) {
    const up = hasWhole(low, BETTER_WORDS, false);
    const down = hasWhole(low, WORSE_WORDS, false);
    [rise, fall] = better > 0 ? [up, down] : [down, up];
  }
  if (negated || rise === fall) return 0;
  return (rise ? 1 : -1) * turn;
}

/** Two findings move one quantity they both name in opposite directions (`X halves accuracy` / `X improves accuracy`). */
export function opposedMoves(a: readonly Target[], am: number, b: readonly Target[], bm: number): boolean {
  return am !== 0 && bm !== 0 && am !== bm && shareFamily(a, b);
}
