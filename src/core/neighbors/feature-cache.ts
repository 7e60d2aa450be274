// The neighbor engine's per-card features (features.ts) kept on disk beside the metadata cache, in cacheDir(home)
// (never inside the home), so a warm `distill neighbors` or review screen builds its index without tokenizing a card or
// decoding its metadata (a card is decoded when a query ranks it, its words made strings when it is a candidate). An
// entry is used only when its file's path, size and mtime match the store's; cards that changed, came or went are
// tokenized or dropped and the file is replaced (temp file + rename). A file of another engine (ENGINE: the format and
// what the tokenizer makes of a sample) or another home, or damaged in any way, is ignored. Layout: feature-file.ts.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { MemoryKind } from '../model.js';
import type { CardView } from '../store/view.js';
import { vocabularyHash } from './expand.js';
import { CachedDoc, lazyDoc } from './docs.js';
import { buildNeighborIndex, type NeighborIndex } from './engine.js';
import { cardFeatures, type CardFeatures } from './features.js';
import { FeatureFile, readFeatureFile, TAGS, WORDS, writeFeatureFile, type Numbered } from './feature-file.js';
import { FINGERPRINT_VERSION } from './fingerprint.js';
import type { Doc } from './types.js';

/**
 * Bump when the layout or the meaning of a feature changes; tokenizer changes are caught by the sample below too.
 * 4: a card's claim and keywords may come from a block at the start of its body (dual frontmatter, body-fields.ts).
 * 5: the word and tag postings stored, the string table sorted (feature-postings.ts).
 */
const FORMAT = 5;
const FILE = `neighbor-features-v${FORMAT}.bin`;
const MAGIC = `distill neighbor features ${FORMAT}\n`;

// What the tokenizer makes of these depends on its stop words, stemmer, variants and abbreviations: a change to any of
// them changes ENGINE, and every cached feature is made again.
const SAMPLE = {
  title: 'Warm-up ratio matters more than peak LR for LoRA adapters (w/o EMA), calibrated on 2.1 F1',
  claim: 'Fine-tuning the pre-trained model with a larger bs & wd hurts ECE .12→.03; über-Normalisierung ½ ﬁne',
  keywords: ['data set', 'hparams', 'out-of-distribution', 'zero-shot', 'tokeniser behaviour'],
  tags: [],
  lineageRuns: [],
  body: null,
};

// The home's abbreviation table (expand.ts, a home's .distill/abbreviations.json merged over the shipped one) is part
// of the engine: another table makes other words, so its hash is in the key.
const engineKeys = new Map<string, string>();
export function engineVersion(): string {
  const vocab = vocabularyHash();
  let key = engineKeys.get(vocab);
  if (!key) {
    key = createHash('sha1').update(JSON.stringify([FORMAT, cardFeatures(SAMPLE), vocab, FINGERPRINT_VERSION])).digest('hex').slice(0, 16);
    engineKeys.set(vocab, key);
  }
  return key;
}

export function featureCacheFile(dir: string): string {
  return path.join(dir, FILE);
}

/** Each slot's numbers: ids[start[slot]] up to ids[end[slot]] of its own list (the file's, or one made now). */
interface PerSlot {
  lists: ArrayLike<number>[];
  start: number[];
  end: number[];
}

function add(perSlot: PerSlot, list: ArrayLike<number>, start: number, end: number): void {
  perSlot.lists.push(list);
  perSlot.start.push(start);
  perSlot.end.push(end);
}

/** Postings by string from per-slot numbers: a list per number, then one map entry per number used. */
function postings(strings: readonly string[], { lists, start, end }: PerSlot): Map<string, number[]> {
  const bynumber = new Array<number[] | undefined>(strings.length);
  for (let slot = 0; slot < lists.length; slot++) {
    const ids = lists[slot];
    for (let k = start[slot]; k < end[slot]; k++) {
      const list = bynumber[ids[k]];
      if (list) list.push(slot);
      else bynumber[ids[k]] = [slot];
    }
  }
  const out = new Map<string, number[]>();
  for (let n = 0; n < bynumber.length; n++) if (bynumber[n]) out.set(strings[n], bynumber[n]!);
  return out;
}

export interface IndexedStore {
  /** The store's cards by position (Store.view()): the features file covers them all, whatever `pool` indexes. */
  view(): CardView;
  /** `<home>/memory`. */
  root: string;
  /** Where the metadata cache lives; null: nothing is read or written (an uncached run). */
  cacheDir: string | null;
}

export interface OpenedIndex {
  index: NeighborIndex;
  /** Cards whose features came from the file, and cards tokenized now. */
  reused: number;
  computed: number;
  written: boolean;
  /** Whether the word and tag postings were read from the file, or counted from each card's numbers. */
  postings: 'stored' | 'counted';
}

/** Which cards the index holds (default: all), judged by what the view knows without decoding the card. */
export type Pool = (id: string | null, kindDir: MemoryKind) => boolean;

/**
 * The neighbor index of the store's cards (those `pool` keeps, in path order), built from the cached features where
 * they hold: those cards are decoded only when a query ranks them.
 */
export function openNeighborIndex(store: IndexedStore, pool?: Pool): OpenedIndex {
  const { root, cacheDir } = store;
  const view = store.view();
  const engine = engineVersion();
  const file = (cacheDir === null ? null : readFeatureFile(featureCacheFile(cacheDir), MAGIC, root, engine)) ?? FeatureFile.empty();
  // Per card kept: its position in the view and its features (made now), or its cached doc.
  const kept: { at: number; made: CardFeatures | CachedDoc }[] = [];
  const docs: Doc[] = [];
  const words: PerSlot = { lists: [], start: [], end: [] };
  const tags: PerSlot = { lists: [], start: [], end: [] };
  const ids = file.numbers();
  let reused = 0;
  // Each file row's slot (-1: left out by the pool), while the rows come in their order, each reused.
  let slotOfRow: Int32Array | null = file.count > 0 ? new Int32Array(file.count).fill(-1) : null;
  for (let i = 0; i < view.length; i++) {
    if (!view.usable(i)) continue;
    const row = file.count > 0 ? file.rowOf(view.kind(i), view.name(i)) : -1;
    let doc: Doc;
    let numbered: Numbered | null = null;
    if (row >= 0 && file.holds(row, view.size(i), view.mtimeMs(i))) {
      if (slotOfRow && row !== reused) slotOfRow = null;
      reused++;
      const cached = new CachedDoc(file, row, view, i);
      kept.push({ at: i, made: cached });
      doc = cached;
    } else {
      const card = view.card(i);
      if (!card) continue; // its row was damaged and the file is no card any more
      const features = cardFeatures(card);
      numbered = file.number(features);
      kept.push({ at: i, made: features });
      doc = lazyDoc(view.path(i), features, view, i);
    }
    if (pool && !pool(view.id(i), view.kind(i))) continue;
    if (slotOfRow && row >= 0 && !numbered) slotOfRow[row] = docs.length;
    docs.push(doc);
    if (numbered) {
      add(words, numbered.words, 0, numbered.words.length);
      add(tags, numbered.tags, 0, numbered.tags.length);
    } else {
      add(words, ids, file.start(row, WORDS), file.end(row, WORDS));
      add(tags, ids, file.start(row, TAGS), file.end(row, TAGS));
    }
  }
  // Anything tokenized now, or a cached card that is gone: the file is made again for the next process.
  const stale = reused !== kept.length || file.count !== reused;
  // Every card from the file, in its row order: the postings stored in it serve (slot = row when the pool kept all).
  const rowSlots = !stale && slotOfRow && docs.length < file.count ? slotOfRow : null;
  const stored = !stale && slotOfRow ? { words: file.postings(WORDS, rowSlots), tags: file.postings(TAGS, rowSlots) } : null;
  const index = buildNeighborIndex([]);
  index.addPrepared(docs, stored?.words ?? postings(file.strings, words), stored?.tags ?? postings(file.strings, tags));
  const rows = () =>
    kept.map(({ at, made }) => ({ rel: view.rel(at), size: view.size(at), mtimeMs: view.mtimeMs(at), features: made instanceof CachedDoc ? made.features() : made }));
  const written = stale && cacheDir !== null && writeFeatureFile(featureCacheFile(cacheDir), MAGIC, root, engine, rows());
  return { index, reused, computed: kept.length - reused, written, postings: stored?.words && stored.tags ? 'stored' : 'counted' };
}
