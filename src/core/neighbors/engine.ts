// The neighbor engine: which global cards resemble a draft, how much (0..1) and why. Staged so a query touches only
// the cards that share something with the probe: exact normalized title or claim; tag and word postings (inverted
// indexes, IDF-weighted words); then character-trigram and fuse.js fuzzy similarity over a prefiltered few.
// Built once per session; add / update / remove keep it current after writes.
import type { CardMeta } from '../store/cardMeta.js';
import { lazyDoc, type CardSource } from './docs.js';
import { cardFeatures, type CardFeatures, type FeaturesOf } from './features.js';
import { FilePostings } from './feature-postings.js';
import { bodyPrint } from './fingerprint.js';
import { rankCandidates } from './rank.js';
import { KeyMap, scanSameKeys } from './same-keys.js';
import { kthSmallest, makeScratch, type Scratch } from './scratch.js';
import { normalizeText, wordTokens } from './tokens.js';
import type { Cand, Doc, Neighbor, NeighborProbe } from './types.js';

export type { Neighbor, NeighborProbe } from './types.js';
export { byRecency } from './recency.js';

/** How many cards get the trigram similarity (the last stage, rank.ts). */
const PREFILTER = 200;

function push<K>(map: Map<K, number[]>, key: K, slot: number): void {
  const list = map.get(key);
  if (list) list.push(slot);
  else map.set(key, [slot]);
}

export class NeighborIndex {
  private docs: (Doc | null)[] = [];
  private bySlot = new Map<string, number>();
  /** Docs added by addPrepared are put in bySlot only when a path is first looked up (a query never does). */
  private mapped = 0;
  /** @internal postings, read by recall.ts too. */
  tagPostings = new Map<string, number[]>();
  private tokenPostings = new Map<string, number[]>();
  private live = 0;
  /** Per word, how many of its postings are slots of removed cards (remove(); cleared by compact()). */
  private readonly dead = new Map<string, number>();
  /** A query's working arrays, one slot (or touched card) each, kept across queries (scratch.ts). */
  private buffers: Scratch | null = null;
  /** Tags per slot, so the first stage need not touch the card objects. */
  private tagCount = new Uint8Array(1024);
  private keysKept = false;
  private keyMap: KeyMap | null = null;

  /** `featuresOf`: each card's words and keys when they are known already (feature-cache.ts); computed otherwise. */
  constructor(cards: readonly CardMeta[] = [], featuresOf: FeaturesOf = cardFeatures) {
    for (const card of cards) this.add(card, featuresOf(card));
  }

  get size(): number {
    return this.live;
  }

  /** Live cards (ignored and state ones included), in insertion order. */
  cards(): CardMeta[] {
    const out: CardMeta[] = [];
    for (const doc of this.docs) if (doc) out.push(doc.card);
    return out;
  }

  /** @internal */
  cardAt(slot: number): CardMeta | null {
    return this.docs[slot]?.card ?? null;
  }

  add(card: CardMeta, features: CardFeatures = cardFeatures(card)): void {
    const { tokens, titleKey, claimKey, tags, runs, bodyKey } = features;
    this.addDoc({ card, path: card.path, tokens, titleKey, claimKey, tags, runs, bodyKey });
  }

  /** A card indexed by its features alone, read from `source` (at `at`) when a query first looks at it. */
  addLazy(file: string, features: CardFeatures, source: CardSource, at: number): void {
    this.addDoc(lazyDoc(file, features, source, at));
  }

  /**
   * Cards by their features alone, on an empty index, with their word and tag postings made by the caller
   * (feature-cache.ts counts them from numbered words, or reads them from the features file, feature-postings.ts),
   * which become the index's own. Slot i is docs[i].
   */
  addPrepared(docs: readonly Doc[], words: Map<string, number[]>, tags: Map<string, number[]>): void {
    if (this.docs.length) throw new Error('addPrepared: the index is not empty');
    for (const doc of docs) this.addDoc(doc, false, false);
    this.tokenPostings = words;
    this.tagPostings = tags;
  }

  /** Slots by path, every doc mapped. */
  private get slotByPath(): Map<string, number> {
    for (; this.mapped < this.docs.length; this.mapped++) {
      const doc = this.docs[this.mapped];
      if (doc) this.bySlot.set(doc.path, this.mapped);
    }
    return this.bySlot;
  }

  private addDoc(doc: Doc, postWords = true, mapPath = true): void {
    if (mapPath && this.slotByPath.has(doc.path)) this.remove(doc.path);
    const slot = this.docs.length;
    this.docs.push(doc);
    if (slot >= this.tagCount.length) {
      const bigger = new Uint8Array(this.tagCount.length * 2);
      bigger.set(this.tagCount);
      this.tagCount = bigger;
    }
    this.tagCount[slot] = Math.min(255, doc.tagTotal ?? doc.tags.length);
    if (mapPath) {
      this.bySlot.set(doc.path, slot);
      this.mapped = this.docs.length;
    }
    this.live++;
    this.keyMap?.add(doc, slot);
    if (postWords) {
      for (const token of doc.tokens) push(this.tokenPostings, token, slot);
      for (const tag of doc.tags) push(this.tagPostings, tag, slot);
    }
  }

  update(card: CardMeta): void {
    this.add(card);
  }

  /**
   * Removes a card by its path (or the card itself). Postings are cleaned lazily (dead slots are skipped), but each
   * word's dead slots are counted: its document frequency (its IDF) must be what a fresh build of the same cards
   * gives, or a score would depend on the session's history (a review opened on a stale cache scored 0.51, the next
   * one 0.53).
   */
  remove(cardOrPath: CardMeta | string): void {
    const file = typeof cardOrPath === 'string' ? cardOrPath : cardOrPath.path;
    const slot = this.slotByPath.get(file);
    if (slot === undefined) return;
    this.slotByPath.delete(file);
    const doc = this.docs[slot];
    if (doc) for (const token of doc.tokens) this.dead.set(token, (this.dead.get(token) ?? 0) + 1);
    this.docs[slot] = null;
    this.live--;
    if (this.docs.length > 1024 && this.live < this.docs.length / 2) this.compact();
  }

  /** How many live cards hold the word. */
  private df(token: string): number {
    const posts = this.tokenPostings;
    const size = posts instanceof FilePostings ? posts.sizeOf(token) : (posts.get(token)?.length ?? 0);
    return size - (this.dead.get(token) ?? 0);
  }

  /** Applies a Store.refresh() result. */
  apply(change: { added: readonly CardMeta[]; updated: readonly CardMeta[]; removed: readonly CardMeta[] }): void {
    for (const card of change.removed) this.remove(card.path);
    for (const card of [...change.added, ...change.updated]) this.add(card);
  }

  private compact(): void {
    const docs = this.docs.filter((doc): doc is Doc => doc !== null);
    this.docs = [];
    this.slotByPath.clear();
    for (const map of [this.tagPostings, this.tokenPostings]) map.clear();
    this.live = 0;
    this.dead.clear();
    this.keyMap = null; // slots move: the map is made again on the next query
    for (const doc of docs) this.addDoc(doc); // a doc holds its features: nothing is tokenized or decoded again
  }

  private usable(slot: number, excluded: Set<string>): Doc | null {
    const doc = this.docs[slot];
    // A state card (a checkpoint, state-cards.ts) is never a lesson's neighbor.
    if (!doc || doc.card.ignored || doc.card.state || excluded.has(doc.card.path) || (doc.card.id !== null && excluded.has(doc.card.id))) return null;
    return doc;
  }

  private scratch(n: number): Scratch {
    if (!this.buffers || this.buffers.acc.length < n) this.buffers = makeScratch(Math.max(n, (this.buffers?.acc.length ?? 0) * 2));
    return this.buffers;
  }

  /** A resident index keeps a key → slots map for the first stage (same-keys.ts) instead of a pass per query. */
  keepKeys(): void {
    this.keysKept = true;
  }

  query(probe: NeighborProbe, options: { limit?: number } = {}): Neighbor[] {
    const limit = options.limit ?? 10;
    const n = this.docs.length;
    const buf = this.scratch(n);
    const { acc, tagHits, touched, bonus } = buf;
    const excluded = new Set<string>([...(probe.excludeIds ?? []), ...(probe.excludePaths ?? [])]);
    let m = 0;

    // Stage 1: exact normalized title / claim, and lineage runs.
    const titleKey = normalizeText(probe.title);
    const claimKey = probe.claim ? normalizeText(probe.claim) : '';
    const probeBody = probe.body ? bodyPrint(probe.body) : null;
    const { exactTitle, exactClaim, sameRun, sameBody } = this.keysKept
      ? (this.keyMap ??= new KeyMap(this.docs)).find(this.docs, titleKey, claimKey, probe.lineageRuns ?? [], probeBody?.key ?? null)
      : scanSameKeys(this.docs, titleKey, claimKey, probe.lineageRuns ?? [], probeBody?.key ?? null);

    // Stage 2: IDF-weighted shared words and shared tags, through the postings. The hot loops below run over every
    // card a word or tag reaches (tens of thousands at 100k cards): typed arrays kept across queries, no closure, no
    // Set lookup per card.
    const tokens = wordTokens(probe.title);
    if (probe.claim) wordTokens(probe.claim, tokens);
    for (const keyword of probe.keywords ?? []) wordTokens(keyword, tokens);
    if (!probe.claim && probe.body) wordTokens(probe.body.slice(0, 400), tokens);
    const idf = new Map<string, number>();
    let probeMass = 0;
    const total = Math.max(this.live, 1);
    for (const token of tokens) {
      const df = this.df(token);
      const weight = Math.log(1 + total / (df + 1));
      idf.set(token, weight);
      probeMass += weight;
      // Words in a quarter of a large store say little and cost much: they still count in the cards' mass below.
      if (df > Math.max(total / 4, 2000)) continue;
      const postings = this.tokenPostings.get(token);
      if (!postings) continue;
      for (let k = 0; k < postings.length; k++) {
        const slot = postings[k];
        if (acc[slot] === 0) touched[m++] = slot;
        acc[slot] += weight;
      }
    }
    const probeTags = [...new Set(probe.tags)];
    const tagLists = probeTags.map((tag) => this.tagPostings.get(tag) ?? []);
    for (const list of tagLists) for (let k = 0; k < list.length; k++) tagHits[list[k]]++;
    // The same normalized body (its fingerprint key) makes a card a candidate whatever its words.
    const special = [...exactTitle, ...exactClaim, ...sameRun.keys(), ...sameBody];
    for (const slot of special) {
      if (acc[slot] === 0) {
        touched[m++] = slot;
        acc[slot] = 1e-9;
      }
      const exact = exactTitle.has(slot) || exactClaim.has(slot) ? 2 : 0;
      bonus[slot] = exact + (sameBody.includes(slot) ? 1 : 0) + (sameRun.has(slot) ? 0.3 : 0);
    }
    // Cards that share only tags join when words found too few: their score is bounded by the tag share alone.
    const want = Math.max(PREFILTER, limit) + excluded.size + 8;
    if (m < want) {
      for (const list of tagLists) {
        for (const slot of list) {
          if (acc[slot] === 0) {
            touched[m++] = slot;
            acc[slot] = 1e-12;
          }
        }
      }
    }

    // Preliminary score over everything touched; only the best few become candidates.
    const { pre, matchedOf, hitsOf } = buf;
    const tagTotal = probeTags.length;
    const tagCount = this.tagCount;
    for (let i = 0; i < m; i++) {
      const slot = touched[i];
      const matched = acc[slot] < 1e-6 ? 0 : acc[slot];
      const hits = tagHits[slot];
      acc[slot] = 0;
      matchedOf[i] = matched;
      hitsOf[i] = hits;
      const tagSim = hits / (tagTotal + tagCount[slot] - hits || 1);
      pre[i] = bonus[slot] + (probeMass > 0 ? matched / probeMass : 0) + 0.4 * tagSim;
    }
    for (const slot of special) bonus[slot] = 0;
    for (const list of tagLists) for (let k = 0; k < list.length; k++) tagHits[list[k]] = 0;
    let threshold = 0;
    if (m > want) threshold = Math.max(0, kthSmallest(buf.select, pre, m, m - want));
    let cands: Cand[] = [];
    for (let i = 0; i < m; i++) {
      if (pre[i] < threshold) continue;
      const doc = this.usable(touched[i], excluded);
      if (doc) cands.push({ slot: touched[i], doc, matched: matchedOf[i], hits: hitsOf[i], pre: pre[i] });
    }
    cands.sort((a, b) => b.pre - a.pre);
    cands = cands.slice(0, Math.max(PREFILTER, limit));

    return rankCandidates({
      cands, probe, probeTags, titleKey, claimKey, exactTitle, exactClaim, sameRun, idf, probeMass, limit,
      postingCount: (token) => this.df(token),
      total,
    });
  }
}

export function buildNeighborIndex(cards: readonly CardMeta[], featuresOf?: FeaturesOf): NeighborIndex {
  return new NeighborIndex(cards, featuresOf);
}
