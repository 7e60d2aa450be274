// The persisted pair set of `distill lessons` (issue 20), in cacheDir(home) next to the metadata cache (never inside the
// home): per kind directory, each clustered card's file name, size and mtime, the scored pairs between them (exact and
// fuzzy, at or above the floor they were found at), the `created_at` read for cluster members, and the features an
// incremental run needs (token vocabulary and document frequencies, each card's token ids and body band hashes).
// An unreadable, damaged, other-engine or other-home file is ignored (the pairs are found again), never trusted.
//
// Two files: `pairs-v<engine>.json` (line 1 `distill pair set <engine>`, line 2 the header JSON: everything but the
// features) and `pair-features-v<engine>.json` (line 1 the same magic and the header's `generation`, line 2 the features
// JSON), read only when some card changed. Features of another generation are not used (a full pass instead).
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../files/read-file.js';
import { BANDS, FINGERPRINT_VERSION } from '../neighbors/fingerprint.js';
import { replaceCacheFile } from '../journal/atomic.js';
import { vocabularyHash } from '../neighbors/expand.js';
import { PAIR_ENGINE } from './batch-pairs.js';
import { asciiJson } from '../format/ascii-json.js';

const FILE = `pairs-v${PAIR_ENGINE}.json`;
const FEATURES = `pair-features-v${PAIR_ENGINE}.json`;
/** The first line: the engine and the home's abbreviation table (neighbors/expand.ts), which the tokens depend on. */
const magic = () => `distill pair set ${PAIR_ENGINE} ${vocabularyHash()} fingerprint-${FINGERPRINT_VERSION}`;

/** One stored pair: local indexes into the kind's names, score, reasons. */
export type StoredPair = [number, number, number, string[]];

export interface StoredKind {
  names: string[];
  /** size and mtimeMs of each name, interleaved. */
  stats: number[];
  pairs: StoredPair[];
  /** `created_at` of the cards read for it, by local index. */
  created: Record<string, string | null>;
  /** Body keys that were templates (shared by too many cards to count as evidence). */
  templates: string[];
}

export interface StoredFeatures {
  vocab: string[];
  tokens: number[][];
  bands: (number[] | null)[];
}

export interface PairFile {
  floor: number;
  kinds: Record<string, StoredKind>;
  /** The features of every kind (parsed now), or null when they do not parse. */
  features(): Record<string, StoredFeatures> | null;
}

export function pairFile(dir: string): string {
  return path.join(dir, FILE);
}

const isNums = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
const isStrs = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function isKind(v: unknown): v is StoredKind {
  if (!v || typeof v !== 'object') return false;
  const k = v as Record<string, unknown>;
  if (!isStrs(k.names) || !isNums(k.stats) || k.stats.length !== 2 * k.names.length || !Array.isArray(k.pairs)) return false;
  if (!isStrs(k.templates) || !k.created || typeof k.created !== 'object') return false;
  const n = k.names.length;
  const inRange = (x: unknown) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < n;
  return k.pairs.every((p) => Array.isArray(p) && p.length === 4 && inRange(p[0]) && inRange(p[1]) && typeof p[2] === 'number' && isStrs(p[3]));
}

function isFeatures(v: unknown, kind: StoredKind): v is StoredFeatures {
  if (!v || typeof v !== 'object') return false;
  const f = v as Record<string, unknown>;
  const n = kind.names.length;
  if (!isStrs(f.vocab)) return false;
  const size = f.vocab.length;
  return (
    Array.isArray(f.tokens) && f.tokens.length === n &&
    f.tokens.every((t) => isNums(t) && t.every((id) => Number.isInteger(id) && id >= 0 && id < size)) &&
    Array.isArray(f.bands) && f.bands.length === n && f.bands.every((b) => b === null || (isNums(b) && b.length === BANDS))
  );
}

function readText(file: string): string | null {
  try {
    return readRegularFile(file).bytes.toString('utf8');
  } catch {
    return null;
  }
}

/** The pair set stored for this home, or null when there is none usable. */
export function readPairFile(dir: string, root: string): PairFile | null {
  const text = readText(pairFile(dir));
  const first = text?.indexOf('\n') ?? -1;
  if (text === null || first < 0 || text.slice(0, first) !== magic()) return null;
  let header: unknown;
  try {
    header = JSON.parse(text.slice(first + 1));
  } catch {
    return null;
  }
  const h = header as { root?: unknown; floor?: unknown; kinds?: unknown; generation?: unknown; reasons?: unknown };
  if (!h || h.root !== root || typeof h.floor !== 'number' || typeof h.generation !== 'string' || !h.kinds || typeof h.kinds !== 'object') return null;
  if (!isStrs(h.reasons)) return null;
  const table = h.reasons;
  const kinds = h.kinds as Record<string, { pairs?: unknown }>;
  // Pairs are stored flat, [a, b, score, reason count, reason index...] one after another, the reasons as indexes into
  // one table: a pair's reasons repeat across pairs, and one array of numbers parses several times faster than a small
  // array per pair (10 MB for 700k pairs at 100k cards).
  for (const kind of Object.values(kinds)) {
    const flat = kind?.pairs;
    if (!isNums(flat)) return null;
    const pairs: StoredPair[] = [];
    for (let i = 0; i < flat.length; ) {
      const count = flat[i + 3];
      if (!Number.isInteger(count) || count < 0 || i + 4 + count > flat.length) return null;
      const reasons = new Array<string>(count);
      for (let r = 0; r < count; r++) {
        const text = table[flat[i + 4 + r]];
        if (text === undefined) return null;
        reasons[r] = text;
      }
      pairs.push([flat[i], flat[i + 1], flat[i + 2], reasons]);
      i += 4 + count;
    }
    kind.pairs = pairs;
  }
  if (!Object.values(kinds).every(isKind)) return null;
  const stored = kinds as Record<string, StoredKind>;
  let features: Record<string, StoredFeatures> | null | undefined;
  return {
    floor: h.floor,
    kinds: stored,
    features() {
      if (features !== undefined) return features;
      features = null;
      const more = readText(path.join(dir, FEATURES));
      const line = more?.indexOf('\n') ?? -1;
      if (more === null || line < 0 || more.slice(0, line) !== `${magic()} ${h.generation as string}`) return features;
      try {
        const parsed = JSON.parse(more.slice(line + 1)) as Record<string, unknown>;
        if (Object.keys(stored).every((kind) => isFeatures(parsed[kind], stored[kind]))) features = parsed as Record<string, StoredFeatures>;
      } catch {
        /* damaged: a full pass */
      }
      return features;
    },
  };
}

function replace(target: string, text: string): void {
  if (!replaceCacheFile(target, text)) throw new Error(`cannot write ${target}`);
}

/** Replaces the pair set atomically (features first); false (old files left) when it cannot be written. */
export function writePairFile(dir: string, root: string, floor: number, kinds: Record<string, StoredKind>, features: Record<string, StoredFeatures>): boolean {
  const generation = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    replace(path.join(dir, FEATURES), `${magic()} ${generation}\n${asciiJson(features)}`);
    const table = new Map<string, number>();
    const index = (r: string) => table.get(r) ?? (table.set(r, table.size), table.size - 1);
    const flat = (pairs: readonly StoredPair[]) => {
      const out: number[] = [];
      for (const [a, b, score, reasons] of pairs) {
        out.push(a, b, score, reasons.length);
        for (const r of reasons) out.push(index(r));
      }
      return out;
    };
    const compact = Object.fromEntries(Object.entries(kinds).map(([kind, k]) => [kind, { ...k, pairs: flat(k.pairs) }]));
    replace(pairFile(dir), `${magic()}\n${asciiJson({ root, floor, generation, reasons: [...table.keys()], kinds: compact })}`);
    return true;
  } catch {
    return false;
  }
}
