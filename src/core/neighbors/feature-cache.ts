// The neighbor engine's per-card features (features.ts) kept on disk beside the metadata cache, in cacheDir(home)
// (never inside the home), so a warm `distill neighbors` or review screen builds its index without tokenizing a card or
// decoding its metadata (a card is decoded when a query ranks it). An entry is used only when its file's path, size and
// mtime match the store's; cards that changed, came or went are tokenized or dropped and the file is replaced (temp
// file + rename). A file of another engine (ENGINE: the format and what the tokenizer makes of a sample) or another
// home, or damaged in any way, is ignored.
//
// Layout: line 1 `distill neighbor features <FORMAT>\n`; line 2 header JSON {root, engine, count}; then one JSON value
// [strings, rows]: a string table (words, tags, runs) and per card [relative path, size, mtimeMs, titleKey, claimKey,
// bodyKey or null, [tag numbers], [run numbers], [word numbers]].
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readRegularFile } from '../files/read-file.js';
import { replaceCacheFile } from '../journal/atomic.js';
import type { MemoryKind } from '../model.js';
import { CACHE_MAX_BYTES } from '../store/cache.js';
import type { CardView } from '../store/view.js';
import { vocabularyHash } from './expand.js';
import { buildNeighborIndex, lazyDoc, type NeighborIndex } from './engine.js';
import { cardFeatures, type CardFeatures } from './features.js';
import { FINGERPRINT_VERSION } from './fingerprint.js';
import type { Doc } from './types.js';

/** Bump when the layout or the meaning of a feature changes; tokenizer changes are caught by the sample below too. */
const FORMAT = 2;
const FILE = `neighbor-features-v${FORMAT}.json`;
const MAGIC = `distill neighbor features ${FORMAT}\n`;

// What the tokenizer makes of these depends on its stop words, stemmer, variants and abbreviations: a change to any of
// them changes ENGINE, and every cached feature is made again.
const SAMPLE = {
  title: 'Warm-up ratio matters more than peak LR for LoRA adapters (w/o EMA), calibrated on 2.1 F1',
  claim: 'Fine-tuning the pre-trained model with a larger bs & wd hurts ECE; über-Normalisierung ½ ﬁne',
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

interface Header {
  root: string;
  engine: string;
  count: number;
}

function isHeader(h: unknown): h is Header {
  if (!h || typeof h !== 'object') return false;
  const { root, engine, count } = h as Record<string, unknown>;
  return typeof root === 'string' && typeof engine === 'string' && Number.isInteger(count);
}

/** A card's features with its words and tags as numbers of the file's string table. */
interface Numbered {
  features: CardFeatures;
  wordIds: number[];
  tagIds: number[];
}

/** The cached features by relative path, checked row by row when asked for. */
class CachedFeatures {
  private readonly at = new Map<string, number>();
  private numbers: Map<string, number> | null = null;
  constructor(
    readonly strings: string[],
    private readonly rows: unknown[][],
  ) {
    rows.forEach((row, i) => this.at.set(row[0] as string, i));
  }

  get size(): number {
    return this.rows.length;
  }

  private list(ids: unknown): string[] | undefined {
    if (!Array.isArray(ids)) return undefined;
    const out = new Array<string>(ids.length);
    for (let k = 0; k < ids.length; k++) {
      const s = this.strings[ids[k] as number];
      if (typeof s !== 'string') return undefined;
      out[k] = s;
    }
    return out;
  }

  /** The features of `rel` when its size and mtime match; undefined for a miss or a damaged row. */
  get(rel: string, size: number, mtimeMs: number): Numbered | undefined {
    const i = this.at.get(rel);
    if (i === undefined) return undefined;
    const [, rowSize, rowMtime, titleKey, claimKey, bodyKey, tagIds, runIds, wordIds] = this.rows[i];
    if (rowSize !== size || rowMtime !== mtimeMs || typeof titleKey !== 'string' || typeof claimKey !== 'string') return undefined;
    if (bodyKey !== null && typeof bodyKey !== 'string') return undefined;
    const tags = this.list(tagIds);
    const runs = this.list(runIds);
    const tokens = this.list(wordIds);
    if (!tags || !runs || !tokens) return undefined;
    return { features: { tokens, titleKey, claimKey, bodyKey, tags, runs }, wordIds: wordIds as number[], tagIds: tagIds as number[] };
  }

  /** Numbers for features made now: existing strings keep theirs, new ones are added to the table. */
  number(features: CardFeatures): Numbered {
    if (!this.numbers) this.numbers = new Map(this.strings.map((s, i) => [s, i]));
    const id = (s: string) => {
      let n = this.numbers!.get(s);
      if (n === undefined) this.numbers!.set(s, (n = this.strings.push(s) - 1));
      return n;
    };
    return { features, wordIds: features.tokens.map(id), tagIds: features.tags.map(id) };
  }
}

/** Postings by string from per-slot numbers: a list per number, then one map entry per number used. */
function postings(strings: readonly string[], perSlot: readonly number[][]): Map<string, number[]> {
  const lists = new Array<number[] | undefined>(strings.length);
  for (let slot = 0; slot < perSlot.length; slot++) {
    for (const n of perSlot[slot]) {
      const list = lists[n];
      if (list) list.push(slot);
      else lists[n] = [slot];
    }
  }
  const out = new Map<string, number[]>();
  for (let n = 0; n < lists.length; n++) if (lists[n]) out.set(strings[n], lists[n]!);
  return out;
}

function readFeatures(dir: string, root: string): CachedFeatures | null {
  try {
    const bytes = readRegularFile(featureCacheFile(dir), { maxBytes: CACHE_MAX_BYTES }).bytes;
    if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
    const headerEnd = bytes.indexOf(10, MAGIC.length);
    if (headerEnd < 0) return null;
    const header = JSON.parse(bytes.toString('utf8', MAGIC.length, headerEnd)) as unknown;
    if (!isHeader(header) || header.root !== root || header.engine !== engineVersion()) return null;
    const body = JSON.parse(bytes.toString('utf8', headerEnd + 1)) as unknown;
    if (!Array.isArray(body) || body.length !== 2) return null;
    const [strings, rows] = body as unknown[];
    if (!Array.isArray(strings) || !strings.every((s) => typeof s === 'string') || !Array.isArray(rows) || rows.length !== header.count) return null;
    if (!rows.every((row) => Array.isArray(row) && row.length === 9 && typeof row[0] === 'string')) return null;
    return new CachedFeatures(strings as string[], rows as unknown[][]);
  } catch {
    return null; // missing, unreadable or damaged: made again
  }
}

interface Kept {
  rel: string;
  size: number;
  mtimeMs: number;
  features: CardFeatures;
}

function writeFeatures(dir: string, root: string, kept: readonly Kept[]): boolean {
  const ids = new Map<string, number>();
  const id = (s: string) => {
    let n = ids.get(s);
    if (n === undefined) ids.set(s, (n = ids.size));
    return n;
  };
  const rows = kept.map(({ rel, size, mtimeMs, features: f }) => [
    rel, size, mtimeMs, f.titleKey, f.claimKey, f.bodyKey, f.tags.map(id), f.runs.map(id), f.tokens.map(id),
  ]);
  const header: Header = { root, engine: engineVersion(), count: rows.length };
  const text = MAGIC + JSON.stringify(header) + '\n' + JSON.stringify([[...ids.keys()], rows]);
  return replaceCacheFile(featureCacheFile(dir), text);
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
  const cached = (cacheDir === null ? null : readFeatures(cacheDir, root)) ?? new CachedFeatures([], []);
  const keptAt: number[] = [];
  const kept: CardFeatures[] = [];
  const docs: Doc[] = [];
  const wordIds: number[][] = [];
  const tagIds: number[][] = [];
  let reused = 0;
  for (let i = 0; i < view.length; i++) {
    if (!view.usable(i)) continue;
    let numbered = cached.get(view.rel(i), view.size(i), view.mtimeMs(i));
    if (numbered) reused++;
    else {
      const card = view.card(i);
      if (!card) continue; // its row was damaged and the file is no card any more
      numbered = cached.number(cardFeatures(card));
    }
    keptAt.push(i);
    kept.push(numbered.features);
    if (pool && !pool(view.id(i), view.kind(i))) continue;
    docs.push(lazyDoc(view.path(i), numbered.features, view, i));
    wordIds.push(numbered.wordIds);
    tagIds.push(numbered.tagIds);
  }
  const index = buildNeighborIndex([]);
  index.addPrepared(docs, postings(cached.strings, wordIds), postings(cached.strings, tagIds));
  // Anything tokenized now, or a cached card that is gone: the file is made again for the next process.
  const stale = reused !== kept.length || cached.size !== reused;
  const rows = () => keptAt.map((i, k) => ({ rel: view.rel(i), size: view.size(i), mtimeMs: view.mtimeMs(i), features: kept[k] }));
  const written = stale && cacheDir !== null && writeFeatures(cacheDir, root, rows());
  return { index, reused, computed: kept.length - reused, written };
}
