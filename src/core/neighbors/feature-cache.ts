// The neighbor engine's per-card features (features.ts) kept on disk beside the metadata cache, in cacheDir(home)
// (never inside the home), so a warm `distill neighbors` or review screen builds its index without tokenizing a card.
// An entry is used only when its file's path, size and mtime match the card's; cards that changed, came or went are
// tokenized or dropped and the file is replaced (temp file + rename). A file written by another engine (ENGINE: the
// format and a hash of what the tokenizer makes of a sample) or another home, or damaged in any way, is ignored.
//
// Layout: line 1 `distill neighbor features <FORMAT>\n`; line 2 header JSON {root, engine, count}; then one JSON
// value [tokens, rows]: the token table (strings) and per card [relative path, size, mtimeMs, titleKey, claimKey,
// ...token numbers].
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../files/read-file.js';
import { tmpPathFor } from '../journal/atomic.js';
import type { CardMeta } from '../store/cardMeta.js';
import { ABBREVIATIONS, VARIANTS } from './abbreviations.js';
import { buildNeighborIndex, type NeighborIndex } from './engine.js';
import { cardFeatures, type CardFeatures } from './features.js';

/** Bump when the layout or the meaning of a feature changes; tokenizer changes are caught by the sample below too. */
const FORMAT = 1;
const FILE = `neighbor-features-v${FORMAT}.json`;
const MAGIC = `distill neighbor features ${FORMAT}\n`;

// What the tokenizer makes of these depends on its stop words, stemmer, variants and abbreviations: a change to any of
// them changes ENGINE, and every cached feature is made again.
const SAMPLE = {
  title: 'Warm-up ratio matters more than peak LR for LoRA adapters (w/o EMA), calibrated on 2.1 F1',
  claim: 'Fine-tuning the pre-trained model with a larger bs & wd hurts ECE; über-Normalisierung ½ ﬁne',
  keywords: ['data set', 'hparams', 'out-of-distribution', 'zero-shot', 'tokeniser behaviour'],
};

let engineKey: string | null = null;
export function engineVersion(): string {
  engineKey ??= createHash('sha1')
    .update(JSON.stringify([FORMAT, cardFeatures(SAMPLE), VARIANTS, ABBREVIATIONS]))
    .digest('hex')
    .slice(0, 16);
  return engineKey;
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

/** The cached features by relative path, checked row by row when asked for. */
class CachedFeatures {
  private readonly at = new Map<string, number>();
  constructor(
    private readonly tokens: string[],
    private readonly rows: unknown[][],
  ) {
    rows.forEach((row, i) => this.at.set(row[0] as string, i));
  }

  get size(): number {
    return this.rows.length;
  }

  /** The features of `rel` when its size and mtime match; undefined for a miss or a damaged row. */
  get(rel: string, size: number, mtimeMs: number): CardFeatures | undefined {
    const i = this.at.get(rel);
    if (i === undefined) return undefined;
    const row = this.rows[i];
    if (row[1] !== size || row[2] !== mtimeMs || typeof row[3] !== 'string' || typeof row[4] !== 'string') return undefined;
    const tokens = new Array<string>(row.length - 5);
    for (let k = 5; k < row.length; k++) {
      const token = this.tokens[row[k] as number];
      if (typeof token !== 'string') return undefined;
      tokens[k - 5] = token;
    }
    return { tokens, titleKey: row[3], claimKey: row[4] };
  }
}

function readFeatures(dir: string, root: string): CachedFeatures | null {
  try {
    const bytes = readRegularFile(featureCacheFile(dir)).bytes;
    if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
    const headerEnd = bytes.indexOf(10, MAGIC.length);
    if (headerEnd < 0) return null;
    const header = JSON.parse(bytes.toString('utf8', MAGIC.length, headerEnd)) as unknown;
    if (!isHeader(header) || header.root !== root || header.engine !== engineVersion()) return null;
    const body = JSON.parse(bytes.toString('utf8', headerEnd + 1)) as unknown;
    if (!Array.isArray(body) || body.length !== 2) return null;
    const [tokens, rows] = body as unknown[];
    if (!Array.isArray(tokens) || !Array.isArray(rows) || rows.length !== header.count) return null;
    if (!rows.every((row) => Array.isArray(row) && row.length >= 5 && typeof row[0] === 'string')) return null;
    return new CachedFeatures(tokens as string[], rows as unknown[][]);
  } catch {
    return null; // missing, unreadable or damaged: made again
  }
}

function writeFeatures(dir: string, root: string, cards: readonly CardMeta[], features: readonly CardFeatures[]): boolean {
  const tokenIds = new Map<string, number>();
  const rows = cards.map((card, i) => {
    const f = features[i];
    const row: (string | number)[] = [relative(root, card.path), card.size, card.mtimeMs, f.titleKey, f.claimKey];
    for (const token of f.tokens) {
      let id = tokenIds.get(token);
      if (id === undefined) tokenIds.set(token, (id = tokenIds.size));
      row.push(id);
    }
    return row;
  });
  const header: Header = { root, engine: engineVersion(), count: rows.length };
  const text = MAGIC + JSON.stringify(header) + '\n' + JSON.stringify([[...tokenIds.keys()], rows]);
  const target = featureCacheFile(dir);
  const tmp = tmpPathFor(target); // no fsync: a torn file fails to parse and is made again
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, target);
    return true;
  } catch {
    fs.rmSync(tmp, { force: true });
    return false;
  }
}

function relative(root: string, file: string): string {
  return file.startsWith(root + path.sep) ? file.slice(root.length + 1) : file;
}

export interface IndexedStore {
  /** Every card of the store (the features file covers them all, whatever `pool` indexes). */
  cards: readonly CardMeta[];
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

/** The neighbor index of the store's cards (those `pool` keeps), built from the cached features where they hold. */
export function openNeighborIndex(store: IndexedStore, pool?: (card: CardMeta) => boolean): OpenedIndex {
  const { cards, root, cacheDir } = store;
  const cached = cacheDir === null ? null : readFeatures(cacheDir, root);
  const features = new Array<CardFeatures>(cards.length);
  const byCard = new Map<CardMeta, CardFeatures>();
  let reused = 0;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    let f = cached?.get(relative(root, card.path), card.size, card.mtimeMs);
    if (f) reused++;
    else f = cardFeatures(card);
    features[i] = f;
    byCard.set(card, f);
  }
  const index = buildNeighborIndex(pool ? cards.filter(pool) : cards, (card) => byCard.get(card) ?? cardFeatures(card));
  // Anything tokenized now, or a cached card that is gone: the file is made again for the next process.
  const stale = reused !== cards.length || (cached?.size ?? 0) !== reused;
  const written = stale && cacheDir !== null && writeFeatures(cacheDir, root, cards, features);
  return { index, reused, computed: cards.length - reused, written };
}
