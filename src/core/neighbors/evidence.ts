// Evidence for and against two texts stating the same finding, beyond shared words: the numbers they give (the same
// `0.03` is evidence, different numbers on one topic are evidence against) and the direction of the finding (one
// says X helps, the other that X does not help or hurts: a look-alike, never a duplicate).

const NUMBER = /(?<![\p{L}\p{N}.])\d+(?:\.\d+)?(?![\p{L}\p{N}])/gu;

/** The numbers of a text, as written without a trailing `.0`s (`0.030` and `0.03` are one number). */
export function numbersOf(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.matchAll(NUMBER)) {
    const value = match[0].includes('.') ? match[0].replace(/0+$/, '').replace(/\.$/, '') : match[0];
    out.add(value);
  }
  return [...out];
}

const NEGATION = /(?<![\p{L}])(?:not|no|never|cannot|neither|nor|none|fails? to|failed to|does ?n[’']t|do ?n[’']t|is ?n[’']t|are ?n[’']t|was ?n[’']t|were ?n[’']t|did ?n[’']t|wo ?n[’']t|ca ?n[’']t|doesnt|dont|isnt|didnt|cant)(?![\p{L}])/gu;
const UP = /(?<![\p{L}])(?:improv\w*|help\w*|boost\w*|benefit\w*|outperform\w*|stabiliz\w*|better|gains?)(?![\p{L}])/u;
const DOWN = /(?<![\p{L}])(?:hurt\w*|degrad\w*|harm\w*|underperform\w*|destabiliz\w*|worse\w*|worsen\w*|regress\w*)(?![\p{L}])/u;

// Verbs a finding is stated with whose negation flips it (`X transfers` / `X does not transfer`).
const VERB = /(?<![\p{L}])(match|transfer|converg|generaliz|matter|help|improv|hurt|affect|need|requir|beat)\w*(?![\p{L}])/gu;

export interface Polarity {
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
  const negated = low.split('\n').some((line) => (line.match(NEGATION)?.length ?? 0) % 2 === 1);
  const verbs = [...new Set([...low.matchAll(VERB)].map((m) => m[1]))];
  return { negated, up: UP.test(low), down: DOWN.test(low), verbs };
}

/**
 * Two findings point opposite ways: one only up and the other only down (after negation), or one negates a verb the
 * other states. A negation alone is no evidence: `does not transfer` and `over-corrects on TriviaQA` say one thing.
 */
export function opposite(a: Polarity, b: Polarity): boolean {
  const dir = (p: Polarity) => (p.up && !p.down ? 1 : p.down && !p.up ? -1 : 0);
  const da = dir(a) * (a.negated ? -1 : 1);
  const db = dir(b) * (b.negated ? -1 : 1);
  if (da !== 0 && db !== 0) return da !== db;
  return a.negated !== b.negated && a.verbs.some((v) => b.verbs.includes(v));
}

/** The finding's text of a card: title and claim. */
export function findingText(title: string, claim: string | null | undefined): string {
  return claim ? `${title}\n${claim}` : title;
}
