// The features the duplicate score compares (pair-signals.ts), for the cards of one kind, made on first use and kept in
// a few flat arrays: character trigrams of title and statement, the tags, keywords and the finding's numbers as small
// integers (one table per kind, so most pairs are scored without comparing a string), the body's signature. As a dozen
// small objects per card they were 250 MB at 100k cards, and copying them was most of the garbage collector's work.
import { sigSimilarity } from '../neighbors/fingerprint.js';
import { isPrecise } from '../neighbors/evidence.js';
import { findingOfCard, statementOf, type Finding } from '../neighbors/finding.js';
import { trigramsShared } from '../neighbors/ngrams.js';
import { normalizeText } from '../neighbors/tokens.js';
import type { CardMeta } from '../store/cardMeta.js';

/** The lists a card has in the pool, in this order (the tags as the card lists them; the others sorted). */
export const TITLE = 0;
export const STATEMENT = 1;
export const TAGS = 2;
export const KEYWORDS = 3;
export const NUMBERS = 4;
export const PRECISE = 5;
export const MEASURES = 6;
const LISTS = 7;
const NONE = new Int32Array(0);

/** Normalized titles and claims (neighbors/tokens.ts normalizeText) by card, each made once per pass (pairs.ts). */
export class TextKeys {
  private readonly titles: (string | undefined)[];
  private readonly claims: (string | null | undefined)[];

  constructor(private readonly cards: readonly CardMeta[]) {
    this.titles = new Array(cards.length);
    this.claims = new Array(cards.length);
  }

  title(i: number): string {
    return (this.titles[i] ??= normalizeText(this.cards[i].title));
  }

  /** The normalized claim; null without one. */
  claim(i: number): string | null {
    let key = this.claims[i];
    if (key === undefined) this.claims[i] = key = this.cards[i].claim ? normalizeText(this.cards[i].claim!) : null;
    return key;
  }
}

export class CardFeatures {
  /** Every list of every card made so far; card i's list k is pool[at[i * 8 + k] .. at[i * 8 + k + 1]]. */
  pool: Int32Array;
  private used = 0;
  readonly at: Int32Array;
  /** The body's signature; null without a usable body. */
  readonly sigs: (Uint32Array | null)[];
  /** The body's key; null without a body, or for a template body (its signature is dropped too). */
  readonly bodyKeys: (string | null)[];
  readonly findings: (Finding | undefined)[];
  /** Small integers for the strings of each kind of list (tags, keywords, numbers, measures): lists are compared only with their own kind. */
  private readonly tagIds = new Map<string, number>();
  private readonly keywordIds = new Map<string, number>();
  private readonly numberIds = new Map<string, number>();
  private readonly measureIds = new Map<string, number>();

  /**
   * `keys`: normalized titles and claims the caller made already (the exact pass's, cleanup/pairs.ts), by card; a
   * card's statement is normalized here unless it is its claim.
   */
  constructor(
    private readonly cards: readonly CardMeta[],
    private readonly templates: ReadonlySet<string>,
    private readonly excerptIsTemplate: (card: CardMeta) => boolean,
    capacity?: number,
    private readonly keys?: TextKeys,
  ) {
    const n = cards.length;
    // About what the cards will need (a text has at most about as many trigrams as characters): the pool grows by half
    // when they need more, and a store-sized array doubled in full is tens of megabytes at 100k cards.
    let size = 1024;
    for (const card of cards) size += card.title.length + (card.claim ?? card.excerpt ?? '').length + card.tags.length + card.keywords.length + 8;
    this.pool = new Int32Array(capacity ?? size);
    this.at = new Int32Array(n * (LISTS + 1));
    this.sigs = new Array<Uint32Array | null>(n).fill(null);
    this.bodyKeys = new Array<string | null>(n).fill(null);
    this.findings = new Array<Finding | undefined>(n);
  }

  private static ids(texts: readonly string[], table: Map<string, number>): number[] {
    const out = new Array<number>(texts.length);
    for (let k = 0; k < texts.length; k++) {
      let id = table.get(texts[k]);
      if (id === undefined) table.set(texts[k], (id = table.size));
      out[k] = id;
    }
    return out;
  }

  private append(values: ArrayLike<number>, sort = false): void {
    if (this.used + values.length > this.pool.length) {
      const grown = new Int32Array(Math.max(Math.ceil(1.5 * this.pool.length), this.used + values.length));
      grown.set(this.pool.subarray(0, this.used));
      this.pool = grown;
    }
    this.pool.set(values, this.used);
    if (sort) this.pool.subarray(this.used, this.used + values.length).sort();
    this.used += values.length;
  }

  /** Makes card i's features unless made: call before reading any of them (the pool may move). */
  ensure(i: number): Finding {
    const made = this.findings[i];
    if (made) return made;
    const card = this.cards[i];
    const template = this.excerptIsTemplate(card);
    const statement = statementOf(card, template);
    const finding = findingOfCard(card, template);
    const base = i * (LISTS + 1);
    const list = (k: number, values: ArrayLike<number>, sort = false) => {
      this.at[base + k] = this.used;
      this.append(values, sort);
    };
    list(TITLE, trigramsShared(this.keys?.title(i) ?? normalizeText(card.title)));
    const claimKey = !statement ? '' : statement === card.claim && this.keys ? (this.keys.claim(i) ?? '') : normalizeText(statement);
    list(STATEMENT, claimKey ? trigramsShared(claimKey) : NONE);
    list(TAGS, CardFeatures.ids(card.tags, this.tagIds));
    list(KEYWORDS, CardFeatures.ids(card.keywords, this.keywordIds));
    list(NUMBERS, CardFeatures.ids(finding.numbers, this.numberIds), true);
    list(PRECISE, CardFeatures.ids(finding.numbers.filter(isPrecise), this.numberIds), true);
    list(MEASURES, CardFeatures.ids(finding.measures, this.measureIds), true);
    this.at[base + LISTS] = this.used;
    if (card.body && !this.templates.has(card.body.key)) {
      this.bodyKeys[i] = card.body.key;
      this.sigs[i] = card.body.sig;
    }
    this.findings[i] = finding;
    return finding;
  }

  start(i: number, k: number): number {
    return this.at[i * (LISTS + 1) + k];
  }

  end(i: number, k: number): number {
    return this.at[i * (LISTS + 1) + k + 1];
  }

  /** Estimated Jaccard similarity of the two bodies' shingles; 0 unless both have a signature. */
  bodySimilarity(a: number, b: number): number {
    const x = this.sigs[a];
    const y = this.sigs[b];
    return x && y ? sigSimilarity(x, y) : 0;
  }
}
