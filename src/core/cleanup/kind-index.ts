// Candidate pairs of one kind directory with bounded work per card (issue 20). Each card probes with
//  - its rarest words (ascending document frequency, while their posting lists hold at most PROBE_BUDGET cards in all);
//  - pairs of its next rarest words (the PAIR_WORDS rarest it did not probe with, df >= 2): in a large store every word
//    may be in thousands of cards, but two of them together are in few (a bucket of at most MAX_PAIR_BUCKET cards);
//  - its LSH bands (buckets of at most MAX_BUCKET cards) and its lineage runs (at most MAX_RUN cards).
// Two cards are candidates when either one's probe meets the other. Common words still count in the score
// (batch-pairs.ts); they only do not make candidates, since walking their long lists is what made the old pass grow
// with the square of the store (25M postings walked at 10k cards, 7M pairs touched). A card's own probe is what its
// pairs are found from, so a store that changed in a few cards is re-paired from those cards only: their probes
// forward, and the probes of others that meet them.
import { BANDS, ROWS } from '../neighbors/fingerprint.js';
import { lowerBound } from '../store/entries.js';
import { drain, NEVER, type Pace } from '../steps.js';
import { IdList } from './id-list.js';

/** The posting lists a card's probe walks hold at most this many cards in all (its rarest words first). */
export const PROBE_BUDGET = 200;
/** An LSH bucket holding more cards than this is boilerplate, not evidence: skipped. */
export const MAX_BUCKET = 16;
/** How many of a card's words (after those it probes with alone) make word-pair keys, and a key's largest bucket. */
export const PAIR_WORDS = 4;
export const MAX_PAIR_BUCKET = 64;
/** A lineage run shared by more cards than this is a long quest, not a duplicate signal: skipped. */
export const MAX_RUN = 64;

/** Word tokens as small integers, one vocabulary per kind (persisted with the pair set, pair-store.ts). */
export class Vocab {
  readonly words: string[];
  private readonly ids = new Map<string, number>();
  constructor(words: string[] = []) {
    this.words = words;
    words.forEach((w, i) => this.ids.set(w, i));
  }
  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
    }
    return id;
  }
  /** Sorted unique ids of the tokens (made in a buffer kept for the next card: one array each, of its own size). */
  intern(tokens: readonly string[]): Int32Array {
    if (this.scratch.length < tokens.length) this.scratch = new Int32Array(2 * tokens.length);
    const out = this.scratch.subarray(0, tokens.length);
    for (let i = 0; i < tokens.length; i++) out[i] = this.id(tokens[i]);
    out.sort();
    let k = 0;
    for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[k++] = out[i];
    return out.slice(0, k);
  }
  private scratch = new Int32Array(64);
}

function fnvWords(words: Uint32Array, start: number, count: number, seed: number): number {
  let h = Math.imul(0x811c9dc5 ^ seed, 0x01000193);
  for (let i = start; i < start + count; i++) {
    h = Math.imul(h ^ (words[i] & 0xffff), 0x01000193);
    h = Math.imul(h ^ (words[i] >>> 16), 0x01000193);
  }
  return h >>> 0;
}

/** One 32-bit bucket hash per band of a body signature (a collision only adds candidates, never loses one). */
export function bandHashes(sig: Uint32Array): Uint32Array {
  const out = new Uint32Array(BANDS);
  for (let band = 0; band < BANDS; band++) out[band] = fnvWords(sig, band * ROWS, ROWS, band);
  return out;
}

const NO_KEYS = new Float64Array(0);

function addTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** What the candidates of a kind are found from, per card (local indexes 0..n-1). */
export interface KindInput {
  /** Sorted token ids. */
  tokens: readonly Int32Array[];
  /** Band hashes of the body signature; null without a usable body (none, or a template). */
  bands: readonly (Uint32Array | null)[];
  runs: readonly (readonly string[])[];
}

export class KindIndex {
  private readonly postings = new Map<number, number[]>();
  private readonly buckets = new Map<number, number[]>();
  private readonly runLists = new Map<string, number[]>();
  /** Document frequency by token id. */
  private readonly counts: Int32Array;
  /** Per card, the token ids it probes with, and its word-pair keys. */
  private readonly probes: Int32Array[];
  private readonly pairKeys: Float64Array[];
  private readonly pairBuckets = new Map<number, number[]>();
  private readonly mark: Uint8Array;
  /** forward()'s lower cards met (reused). */
  private readonly lower = new IdList();
  /** forward()'s mark of the card's own token ids, by id (reused; all 0 between calls). */
  private readonly ownMark: Uint8Array;

  /** The index of these cards, built now (steps() builds it in steps). */
  constructor(private readonly input: KindInput, built = true) {
    const n = input.tokens.length;
    this.mark = new Uint8Array(n);
    let size = 0;
    for (const ids of input.tokens) for (let j = 0; j < ids.length; j++) size = Math.max(size, ids[j] + 1);
    const counts = (this.counts = new Int32Array(size));
    this.ownMark = new Uint8Array(size);
    for (const ids of input.tokens) for (let j = 0; j < ids.length; j++) counts[ids[j]]++;
    this.pairKeys = new Array<Float64Array>(n);
    this.probes = new Array<Int32Array>(n);
    if (built) drain(this.fill(NEVER));
  }

  /** The index built in steps, yielding (0: no card scored yet) whenever `pace` says a step has run long enough. */
  static *steps(input: KindInput, pace: Pace): Generator<number, KindIndex> {
    const index = new KindIndex(input, false);
    yield* index.fill(pace);
    return index;
  }

  private *fill(pace: Pace): Generator<number> {
    const { input, counts } = this;
    // A card's words by ascending document frequency, ties by id, as one number each (df * size + id: an integer far
    // below 2^53, so exact), sorted in a buffer kept from card to card.
    const size = counts.length;
    let order = new Float64Array(64);
    const next = new Int32Array(PAIR_WORDS);
    for (let i = 0; i < input.tokens.length; i++) {
      const ids = input.tokens[i];
      if (order.length < ids.length) order = new Float64Array(2 * ids.length);
      const sorted = order.subarray(0, ids.length);
      for (let j = 0; j < ids.length; j++) sorted[j] = counts[ids[j]] * size + ids[j];
      sorted.sort();
      let walked = 0;
      let k = 0;
      while (k < sorted.length && walked + counts[sorted[k] % size] <= PROBE_BUDGET) walked += counts[sorted[k++] % size];
      const probe = new Int32Array(k);
      for (let j = 0; j < k; j++) probe[j] = sorted[j] % size;
      this.probes[i] = probe.sort();
      // The next PAIR_WORDS words in that order that another card has too, by id.
      let m = 0;
      for (let j = k; j < sorted.length && m < PAIR_WORDS; j++) if (sorted[j] >= 2 * size) next[m++] = sorted[j] % size;
      next.subarray(0, m).sort();
      const keys = m < 2 ? NO_KEYS : new Float64Array((m * (m - 1)) / 2);
      let at = 0;
      for (let p = 0; p < m; p++) for (let q = p + 1; q < m; q++) keys[at++] = next[p] * 0x200000 + next[q];
      this.pairKeys[i] = keys;
      for (let j = 0; j < keys.length; j++) addTo(this.pairBuckets, keys[j], i);
      if ((i & 63) === 63 && pace()) yield 0;
    }
    for (const ids of this.probes) for (let j = 0; j < ids.length; j++) if (counts[ids[j]] <= PROBE_BUDGET) this.postings.set(ids[j], []);
    for (let i = 0; i < input.tokens.length; i++) {
      const ids = input.tokens[i];
      for (let j = 0; j < ids.length; j++) this.postings.get(ids[j])?.push(i);
      const bands = input.bands[i];
      if (bands) for (let j = 0; j < bands.length; j++) addTo(this.buckets, bands[j], i);
      for (const run of input.runs[i]) addTo(this.runLists, run, i);
      if ((i & 255) === 255 && pace()) yield 0;
    }
  }

  /** How many cards of the index hold the token. */
  df(id: number): number {
    return id < this.counts.length ? this.counts[id] : 0;
  }

  /** Whether card `a`'s probe meets card `b` (shared probe word, small LSH bucket or small lineage run). */
  found(a: number, b: number): boolean {
    const words = this.input.tokens[b];
    const probe = this.probes[a];
    for (let j = 0; j < probe.length; j++) if (this.postings.has(probe[j]) && has(words, probe[j])) return true;
    const x = this.input.bands[a];
    const y = this.input.bands[b];
    if (x && y) for (let k = 0; k < x.length; k++) if (x[k] === y[k] && this.buckets.get(x[k])!.length <= MAX_BUCKET) return true;
    for (const run of this.input.runs[a]) if (this.input.runs[b].includes(run) && this.runLists.get(run)!.length <= MAX_RUN) return true;
    const keys = this.pairKeys[a];
    for (let j = 0; j < keys.length; j++) if (this.pairKeys[b].includes(keys[j]) && this.pairBuckets.get(keys[j])!.length <= MAX_PAIR_BUCKET) return true;
    return false;
  }

  /**
   * The cards that card `a`'s probe meets (not `a` itself), each once, appended to `out`; `accept` filters them. With
   * `reverse`, also the cards whose own probe meets `a` (an incremental run: their probes were walked before `a` changed).
   */
  candidates(a: number, out: IdList, accept: (b: number) => boolean, reverse = false): void {
    const take = (list: number[] | undefined, max: number, id = -1) => {
      if (!list || list.length > max) return;
      for (const b of list) {
        if (b === a || this.mark[b] || (id >= 0 && !has(this.probes[b], id)) || !accept(b)) continue;
        this.mark[b] = 1;
        out.push(b);
      }
    };
    const probe = this.probes[a];
    for (let j = 0; j < probe.length; j++) take(this.postings.get(probe[j]), PROBE_BUDGET);
    const bands = this.input.bands[a];
    if (bands) for (let j = 0; j < bands.length; j++) take(this.buckets.get(bands[j]), MAX_BUCKET);
    for (const run of this.input.runs[a]) take(this.runLists.get(run), MAX_RUN);
    const keys = this.pairKeys[a];
    for (let j = 0; j < keys.length; j++) take(this.pairBuckets.get(keys[j]), MAX_PAIR_BUCKET);
    const own = this.input.tokens[a];
    if (reverse) for (let j = 0; j < own.length; j++) take(this.postings.get(own[j]), PROBE_BUDGET, own[j]);
    for (let k = 0; k < out.size; k++) this.mark[out.ids[k]] = 0;
  }

  /**
   * A full pass's candidates of card `a`: those its probe meets, less the lower cards whose own probe meets `a` (the
   * pair is theirs: a pair is scored once, from the lower card whose probe meets the other, else from the higher one).
   * Body buckets, lineage runs and word-pair keys meet both ways, so a lower card met through them is never `a`'s.
   */
  forward(a: number, out: IdList): void {
    const lower = this.lower;
    lower.clear();
    // Indexed loops: a for-of over a typed array makes an iterator result per item here (millions at 100k cards).
    const bands = this.input.bands[a];
    if (bands) for (let j = 0; j < bands.length; j++) this.meet(a, this.buckets.get(bands[j]), MAX_BUCKET, out);
    for (const run of this.input.runs[a]) this.meet(a, this.runLists.get(run), MAX_RUN, out);
    const keys = this.pairKeys[a];
    for (let j = 0; j < keys.length; j++) this.meet(a, this.pairBuckets.get(keys[j]), MAX_PAIR_BUCKET, out);
    const met = lower.size;
    const probe = this.probes[a];
    for (let j = 0; j < probe.length; j++) this.meet(a, this.postings.get(probe[j]), PROBE_BUDGET, out);
    for (let k = 0; k < out.size; k++) this.mark[out.ids[k]] = 0;
    for (let k = 0; k < lower.size; k++) this.mark[lower.ids[k]] = 0;
    // A lower card met only by a's probe words is a's, unless one of its own probe words is a word of a (a's words
    // marked by id for the check: a lookup each, not a search of a's list).
    const own = this.input.tokens[a];
    const mine = this.ownMark;
    for (let k = 0; k < own.length; k++) mine[own[k]] = 1;
    for (let k = met; k < lower.size; k++) {
      const b = lower.ids[k];
      const probe = this.probes[b];
      let theirs = false;
      for (let j = 0; j < probe.length && !theirs; j++) theirs = mine[probe[j]] === 1;
      if (!theirs) out.push(b);
    }
    for (let k = 0; k < own.length; k++) mine[own[k]] = 0;
  }

  /** forward(): the cards of `list` (when it holds at most `max`) not met yet, higher ones to `out`, lower to `lower`. */
  private meet(a: number, list: number[] | undefined, max: number, out: IdList): void {
    if (!list || list.length > max) return;
    const mark = this.mark;
    for (const b of list) {
      if (mark[b] || b === a) continue;
      mark[b] = 1;
      if (b > a) out.push(b);
      else this.lower.push(b);
    }
  }
}

function has(sorted: Int32Array, id: number): boolean {
  const at = lowerBound(sorted, id);
  return at < sorted.length && sorted[at] === id;
}
