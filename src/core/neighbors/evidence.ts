// Evidence for and against two texts stating the same finding, beyond shared words: the numbers they give (the same
// `0.03` is evidence, different numbers on one topic are evidence against) and the direction of the finding (one
// says X helps, the other that X does not help or hurts: a look-alike, never a duplicate).

import { hasWhole, wholeMatches } from './boundary.js';

/** The numbers of a text (`0.030` and `0.03` are one number; `2e-4`, `64k` and `7B` are numbers too). */
export { numbersIn as numbersOf } from './specifics.js';

// Each pattern matches only where no letter comes right before (hasWhole, wholeMatches: boundary.ts).
const NEGATION = /(?:not|no|never|cannot|neither|nor|none|fails? to|failed to|does ?n[’']t|do ?n[’']t|is ?n[’']t|are ?n[’']t|was ?n[’']t|were ?n[’']t|did ?n[’']t|wo ?n[’']t|ca ?n[’']t|doesnt|dont|isnt|didnt|cant)(?![\p{L}])/gu;
const UP = /(?:improv\w*|help\w*|boost\w*|benefit\w*|outperform\w*|stabiliz\w*|better|gains?)(?![\p{L}])/gu;
const DOWN = /(?:hurt\w*|degrad\w*|harm\w*|underperform\w*|destabiliz\w*|worse\w*|worsen\w*|regress\w*)(?![\p{L}])/gu;

// Verbs a finding is stated with whose negation flips it (`X transfers` / `X does not transfer`).
const VERB = /(match|transfer|converg|generaliz|matter|help|improv|hurt|affect|need|requir|beat)\w*(?![\p{L}])/gu;

// A null result: the finding says the thing made no difference (`does not help`, `did not improve`, `no gain`,
// `within seed noise`, `unchanged`, `not significant`). A null result and a finding that states an effect are two
// findings, whatever words they share. `does not transfer` is no null result: it states an effect (a failure).
const NIL = new RegExp(
  [
    String.raw`(?:not|never|no longer|barely|hardly)\s+(?:\p{L}+\s+){0,2}?(?:help|improv|matter|chang|affect|benefit|gain|reproduc|differ|make a difference)\p{L}*`,
    // `with no other change` holds the rest fixed: it says nothing of the result.
    String.raw`no\s+(?!other\s)(?:\p{L}+\s+)?(?:effect|gain|improvement|difference|benefit|change|impact)s?`,
    String.raw`within (?:\p{L}+ )?noise`,
    String.raw`(?:not |in)significant\p{L}*`,
    String.raw`unchanged`,
  ].map((p) => `(?:${p})(?![\\p{L}])`).join('|'),
  'gu',
);

// A change the finding states: a verb of change as a verb (`reduced`, `cuts`, `fell`: not the nouns `increase`,
// `dropout`, `DROP`), or numbers that moved by a tenth or more (`.12→.03`, `from 71 to 36`; `81.4 → 81.3` is no
// change). A finding that says something moved and something else did not (`cut ECE, accuracy unchanged`) is no null
// result.
const CHANGE = /(?:(?:increas|decreas|reduc|rais|doubl|tripl|halv|lower|remov|eliminat|improv)(?:ed|es)|(?:increas|decreas|reduc|rais|doubl|tripl|halv|lower|remov|eliminat)ing|cut|cuts|dropped|drops|fell|falls|rose|grew|shrank)(?![\p{L}])/gu;
const MOVED = /([-+]?\d+(?:\.\d+)?|[-+]?\.\d+)\s*%?\s*(?:→|->|⇒|\bto\b)\s*([-+]?\d+(?:\.\d+)?|[-+]?\.\d+)/gu;

function moved(text: string): boolean {
  for (const m of text.matchAll(MOVED)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (Math.abs(a - b) >= 0.1 * Math.max(Math.abs(a), Math.abs(b))) return true;
  }
  return false;
}

export interface Polarity {
  /** A null result (NIL) and no change stated (CHANGE, UP, DOWN, numbers that moved). */
  nil: boolean;
  /** A line (title or claim) with an odd number of negations. */
  negated: boolean;
  up: boolean;
  down: boolean;
  /** Stems of the finding's verbs (VERB). */
  verbs: string[];
}

export function polarityOf(text: string): Polarity {
  const low = text.toLowerCase();
  // Per line (title, claim): a title and a claim that both say `not` are one negated finding, not two.
  const negated = low.split('\n').some((line) => wholeMatches(line, NEGATION, false).length % 2 === 1);
  const verbs = [...new Set(wholeMatches(low, VERB, false).map((m) => m[1]))];
  // `doesn't` reads as `does not` for NIL.
  const plain = low.replace(/n[’']t(?![\p{L}])/gu, ' not');
  // A line (title or claim) that says nothing changed and states no change besides (what the line says once its null
  // phrases are taken out) makes the finding a null result.
  const nil = hasWhole(plain, NIL, false) && plain.split('\n').some((line) => {
    if (!hasWhole(line, NIL, false)) return false;
    const rest = line.replace(NIL, ' ');
    return !(moved(rest) || hasWhole(rest, CHANGE, false) || hasWhole(rest, UP, false) || hasWhole(rest, DOWN, false));
  });
  return { nil, negated, up: hasWhole(low, UP, false), down: hasWhole(low, DOWN, false), verbs };
}

/**
 * Two findings point opposite ways: one only up and the other only down (after negation), or one negates a verb the
 * other states, or one is a null result and the other is not. A negation alone is no evidence: `does not transfer` and
 * `over-corrects on TriviaQA` say one thing.
 */
export function opposite(a: Polarity, b: Polarity): boolean {
  // Two null results say one thing whatever verbs they share; a null result and an effect are two findings.
  if (a.nil || b.nil) return a.nil !== b.nil;
  const dir = (p: Polarity) => (p.up && !p.down ? 1 : p.down && !p.up ? -1 : 0);
  const da = dir(a) * (a.negated ? -1 : 1);
  const db = dir(b) * (b.negated ? -1 : 1);
  if (da !== 0 && db !== 0) return da !== db;
  return a.negated !== b.negated && a.verbs.some((v) => b.verbs.includes(v));
}

/** A number precise enough that two findings giving it report one measurement: a decimal, 3+ digits, with a unit. */
export function isPrecise(number: string): boolean {
  return /\.|e-?\d|[a-z]$|^\d{3,}/.test(number);
}

/** The finding's text of a card: title and claim. */
export function findingText(title: string, claim: string | null | undefined): string {
  return claim ? `${title}\n${claim}` : title;
}
