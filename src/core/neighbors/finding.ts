// A card's finding as the duplicate signals compare it, and the evidence for and against two findings being one: the
// same for a neighbor query (body-evidence.ts) and for the duplicate pairs of `distill lessons` (cleanup/pair-signals.ts).
//
// Evidence against (each is enough to keep two cards apart, whatever words, tags or body they share):
//   - opposite findings (evidence.ts): one says X helps, the other that X does not help, or hurts; or the two move
//     one quantity opposite ways (`X halves accuracy` / `X improves accuracy`, targets.ts);
//   - different specifics (specifics.ts): each pins its finding to a value, dataset or method the other never names;
//   - different measurements: each reports a measured value (a decimal, `0.39 to 0.74`) the other does not. A rewrite
//     keeps the numbers it reports (or drops some: one side only); two runs that measured different values are two
//     results;
//   - different quantities (targets.ts): each says what its setting moved, and they name nothing in common (`X hurts
//     latency` / `X halves memory`);
//   - different settings (settings.ts): each names the method or knob it tried, and they name nothing in common
//     (`Label smoothing lowers calibration error` / `Mixup lowers calibration error`).
import { activeTable, expandLower, type Active } from './expand.js';
import { findingText, isPrecise, numbersOf, opposite, polarityOf, type Polarity } from './evidence.js';
import { mentionsOf, specificsOf, unmatched, type Mentions, type Specific } from './specifics.js';
import { differences, withLeadingZeros } from './notation.js';
import { namesIn, otherNames, type Named } from './named.js';
import { BROADER } from './settings.js';
import { EFFECTS } from './effects.js';
import { movementOf, opposedMoves, targetsOf, type Target } from './targets.js';

export interface Finding {
  numbers: string[];
  /** Decimals as written (`0.39`, `1.0`), canonical. */
  measures: string[];
  polarity: Polarity;
  readonly abbreviations: string[];
  readonly specifics: Specific[];
  /** The quantities its title and statement say were measured (targets.ts). */
  readonly targets: Target[];
  /** Which way it says they moved: 1 up, -1 down, 0 not said (targets.ts movementOf). */
  readonly movement: number;
  /** The settings (methods, knobs) its title and statement name (settings.ts). */
  readonly settings: Named[];
  /** The kinds of effect its title and statement say in words: diverges, stalls, overfits (effects.ts). */
  readonly effects: Named[];
  /** What else of the card a reader sees (claim, first body line, keywords, tags); mentionsOf it when first needed. */
  seen: readonly string[];
  mentions?: Mentions;
}

// A setting named as the condition a finding held under, not the one it tried: `at large batch sizes`, `at the same
// learning rate`.
const CONDITION = /(?:^|[^\p{L}])at (?:(?:very )?(?:large|small|big|high|low|larger|smaller|higher|lower|the same|a fixed|equal) )?$/u;

/** What of a finding only a full comparison reads (compareFindings), made when first read. */
interface Detail {
  abbreviations: string[];
  specifics: Specific[];
  targets: Target[];
  movement: number;
  settings: Named[];
  effects: Named[];
}

/**
 * A finding whose numbers and polarity are made at once (the duplicate score's quick stage reads them for every pair)
 * and the rest when first read: most cards of a store never reach a full comparison (a third of the 10k bench store's
 * do). The rest is made with the table that was in use when the finding was (a home's abbreviations and names).
 */
class LazyFinding implements Finding {
  mentions?: Mentions;
  private detail?: Detail;

  constructor(
    private readonly title: string,
    private readonly statement: string | null,
    private readonly table: Active,
    readonly numbers: string[],
    readonly measures: string[],
    readonly polarity: Polarity,
    readonly seen: readonly string[],
  ) {}

  private made(): Detail {
    if (this.detail) return this.detail;
    const text = findingText(this.title, this.statement);
    const own = specificsOf(this.title, this.table);
    const abbreviations: string[] = [];
    const expanded = expandLower(text.toLowerCase(), abbreviations, this.table);
    const targets = targetsOf(expanded, this.table.vocabulary.quantities);
    return (this.detail = {
      abbreviations,
      specifics: own.length || !this.statement ? own : specificsOf(this.statement, this.table),
      targets,
      movement: movementOf(text, targets, this.polarity.negated),
      settings: namesIn(expanded, this.table.vocabulary.settings, [], '', CONDITION),
      effects: namesIn(expanded, EFFECTS),
    });
  }

  get abbreviations(): string[] {
    return this.made().abbreviations;
  }
  get specifics(): Specific[] {
    return this.made().specifics;
  }
  get targets(): Target[] {
    return this.made().targets;
  }
  get movement(): number {
    return this.made().movement;
  }
  get settings(): Named[] {
    return this.made().settings;
  }
  get effects(): Named[] {
    return this.made().effects;
  }
}

function mentions(f: Finding): Mentions {
  return (f.mentions ??= mentionsOf(f.seen));
}

const DECIMAL = /(?<![\p{L}\p{N}.])\d+\.\d+(?![\p{N}])/gu;

function measuresOf(text: string): string[] {
  const out: string[] = [];
  for (const match of withLeadingZeros(text).matchAll(DECIMAL)) {
    const value = match[0].replace(/0+$/, '').replace(/\.$/, '');
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

/** What of a card (or a probe) its finding is read from. */
export interface FindingSource {
  title: string;
  claim?: string | null;
  /** The first line of the body. */
  excerpt?: string;
  keywords?: readonly string[];
  tags?: readonly string[];
}

/**
 * What a card states: its claim, else the first line of its body (a terse card states its finding there), unless
 * that line is boilerplate (`excerptIsTemplate`: many cards of the store open with it).
 */
export function statementOf(card: FindingSource, excerptIsTemplate = false): string | null {
  return card.claim || (excerptIsTemplate ? null : card.excerpt || null);
}

/** The finding of a card or probe, from what a reader sees of it (claim, first body line, keywords, tags). */
export function findingOfCard(card: FindingSource, excerptIsTemplate = false): Finding {
  return findingOf(card.title, statementOf(card, excerptIsTemplate), [card.claim ?? '', card.excerpt ?? '', ...(card.keywords ?? []), ...(card.tags ?? [])]);
}

/**
 * The finding of a card: its `title` and `statement` (claim, or the first body line of a card without one); `seen` is
 * everything else of it a reader sees (claim, first body line, keywords, tags), where its names may be mentioned.
 * Specifics are those of the title, where a finding names its setting (value, dataset, model), else of the
 * statement: numbers only a claim gives (seeds, a delta) are left out, a rewrite drops them freely.
 */
export function findingOf(title: string, statement: string | null, seen: readonly string[]): Finding {
  const text = findingText(title, statement);
  return new LazyFinding(title, statement, activeTable(), numbersOf(text), measuresOf(text), polarityOf(text), [title, ...seen]);
}

export interface Comparison {
  sharedNumbers: string[];
  /** Two or more precise numbers in common (`0.39`, `0.74`): one measurement reported twice. */
  sameMeasurement: boolean;
  opposite: boolean;
  /** The specifics each states that the other never mentions, when both have some. */
  conflict: [string[], string[]] | null;
  /** The measured values each reports that the other does not, when both have some. */
  otherMeasures: [string[], string[]] | null;
  /** The quantities each says were measured, when both name some and none is common (targets.ts). */
  otherTargets: [string[], string[]] | null;
  /** The settings each names, when both name some and none is common (settings.ts). */
  otherSettings: [string[], string[]] | null;
  /** The kinds of effect each says, when both say some and none is common (effects.ts). */
  otherEffects: [string[], string[]] | null;
  /** Abbreviations one side wrote short and the other did not. */
  abbreviations: string[];
}

/** The specifics each of two findings states that the other never mentions, when both have some; else null. */
export function conflictOf(a: Finding, b: Finding): [string[], string[]] | null {
  if (!a.specifics.length || !b.specifics.length) return null;
  const left = unmatched(a.specifics, mentions(b));
  if (!left.length) return null;
  const right = unmatched(b.specifics, mentions(a));
  return right.length ? [left, right] : null;
}

/** The two findings compared; `withConflict` false leaves the costliest check (conflictOf) out: conflict null. */
export function compareFindings(a: Finding, b: Finding, withConflict = true): Comparison {
  const sharedNumbers = a.numbers.filter((n) => b.numbers.includes(n));
  // A measure the other gives as the gap of two of its own is one it reports (`cost 0.5 BLEU` ~ `26.8 vs 27.3`).
  const onlyA = a.measures.filter((m) => !b.measures.includes(m));
  const onlyB = b.measures.filter((m) => !a.measures.includes(m));
  if (onlyA.length && onlyB.length) {
    const gapsA = differences(a.measures);
    const gapsB = differences(b.measures);
    onlyA.splice(0, onlyA.length, ...onlyA.filter((m) => !gapsB.includes(m)));
    onlyB.splice(0, onlyB.length, ...onlyB.filter((m) => !gapsA.includes(m)));
  }
  const abbreviations = [...a.abbreviations, ...b.abbreviations].filter((x, i, all) => all.indexOf(x) === i);
  return {
    sharedNumbers,
    sameMeasurement: sharedNumbers.filter(isPrecise).length >= 2,
    opposite: opposite(a.polarity, b.polarity) || opposedMoves(a.targets, a.movement, b.targets, b.movement),
    conflict: withConflict ? conflictOf(a, b) : null,
    otherMeasures: onlyA.length && onlyB.length ? [onlyA, onlyB] : null,
    otherTargets: otherNames(a.targets, b.targets),
    otherSettings: otherNames(a.settings, b.settings, BROADER),
    otherEffects: otherNames(a.effects, b.effects),
    abbreviations: abbreviations.filter((x) => !(a.abbreviations.includes(x) && b.abbreviations.includes(x))),
  };
}

/** Any evidence against: the two findings are two, whatever else they share. */
export function isAgainst(c: Comparison): boolean {
  return (
    c.opposite || c.conflict !== null || c.otherMeasures !== null || c.otherTargets !== null || c.otherSettings !== null || c.otherEffects !== null
  );
}

/** The most weighFindings can add to a score: a pair further under the threshold cannot reach it. */
export const MOST_FOR = 0.15;

/**
 * The score (0..1) after the evidence of the findings: +0.15 for the same measurement, +0.05 for other shared
 * numbers; each piece of evidence against halves it (one alone takes any pair under the default threshold, 0.6).
 * `once`: all the evidence against halves it once, for a neighbor list, which ranks what a card resembles: a card on
 * the same topic with another finding still lists above cards that share nothing, under the true duplicates.
 */
export function weighFindings(score: number, c: Comparison, { once = false } = {}): number {
  score = Math.min(1, score + (c.sameMeasurement ? MOST_FOR : c.sharedNumbers.length ? 0.05 : 0));
  if (once) return isAgainst(c) ? score * 0.5 : score;
  if (c.opposite) score *= 0.5;
  if (c.conflict) score *= 0.5;
  if (c.otherMeasures) score *= 0.5;
  if (c.otherTargets) score *= 0.5;
  if (c.otherSettings) score *= 0.5;
  if (c.otherEffects) score *= 0.5;
  return score;
}

/** How findingReasons starts each reason against (the rest of its reasons are for). */
const AGAINST = /^(?:opposite finding|different (?:specifics|measurements|settings|effects):|measured different things:)/;

/** Whether a reason (findingReasons, pair-signals.ts reasonsOf) is evidence against. */
export function isAgainstReason(reason: string): boolean {
  // Most reasons are for: their first letter tells them apart without the pattern.
  const c = reason.charCodeAt(0);
  return (c === 111 || c === 100 || c === 109) && AGAINST.test(reason);
}

/** The reasons a person can check, for and against. */
export function findingReasons(c: Comparison): string[] {
  const out: string[] = [];
  if (c.sharedNumbers.length) out.push(`shared numbers: ${c.sharedNumbers.join(', ')}`);
  if (c.abbreviations.length) out.push(`abbreviation expanded: ${c.abbreviations.join(', ')}`);
  if (c.opposite) out.push('opposite finding');
  if (c.conflict) out.push(`different specifics: ${c.conflict[0].join(', ')} / ${c.conflict[1].join(', ')}`);
  if (c.otherMeasures) out.push(`different measurements: ${c.otherMeasures[0].join(', ')} / ${c.otherMeasures[1].join(', ')}`);
  if (c.otherTargets) out.push(`measured different things: ${c.otherTargets[0].join(', ')} / ${c.otherTargets[1].join(', ')}`);
  if (c.otherSettings) out.push(`different settings: ${c.otherSettings[0].join(', ')} / ${c.otherSettings[1].join(', ')}`);
  if (c.otherEffects) out.push(`different effects: ${c.otherEffects[0].join(', ')} / ${c.otherEffects[1].join(', ')}`);
  return out;
}
