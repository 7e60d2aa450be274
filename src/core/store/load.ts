// The global memory store of a home, opened for a session: light metadata of every card (CardMeta), read through a
// cache keyed on each file's size and mtime so a second start reads little. Files are read with sync calls in path
// order (faster than parallel async reads or a worker thread on 2 cores, measured); the async opener yields between
// steps (steps.ts) so a TUI draws progress and reads keys while a large store loads.
import path from 'node:path';
import { readCardFile, type ReadCardResult } from '../cards.js';
import { cacheDir } from '../files/paths.js';
import { MEMORY_KINDS, type FileWarning, type MemoryKind, type Scope } from '../model.js';
import { NO_ENTRIES, readCache, writeCache, writeCacheSteps, type CacheEntry, type Entries, type PreviousEntries } from './cache.js';
import type { CardLinks, CardMeta } from './cardMeta.js';
import { decodeEntry, entriesByPath, entriesOf, entryChanges, entryWarnings, listKinds, lowerBound, rereadChange, statListed } from './entries.js';
import { CardView } from './view.js';
import { selectVocabulary, vocabularyHash, type Vocabulary } from '../neighbors/expand.js';
import { loadVocabulary } from '../neighbors/vocabulary.js';
import { readEntry } from './read.js';
import type { LoadProgress, LoadStats, OpenStoreOptions, RefreshResult } from './types.js';
import { nextTurn } from '../steps.js';

export type { LoadProgress, LoadStats, OpenStoreOptions, RefreshResult } from './types.js';
const CHUNK = 512;

export class Store {
  readonly home: string;
  /** `<home>/memory`. */
  readonly root: string;
  readonly scope: Scope = 'global';
  readonly kinds: readonly MemoryKind[];
  warnings: FileWarning[] = [];
  stats: LoadStats = { files: 0, parsed: 0, fromCache: 0, decoded: 0, cacheWritten: false, ms: 0 };
  /** Every listed file of the loaded kinds (and the cached entries of other kinds), by kind, names sorted. */
  private byKind: Entries = new Map();
  private list: CardMeta[] | null = null;
  readonly cacheDir: string | null; // the metadata cache's folder (the neighbor features too); null: no cache
  private lazy: CardView | null = null;
  private before: CardView | null = null; // the last view, when a card came or went since: the next one carries it over
  /** Each kind folder's mtime when it was last listed (entries.ts listKinds), written with the cache. */
  private dirs: Record<string, number> = {};
  private dirty = false;
  /** The abbreviation table of this home (the shipped one merged with the home's), and its hash. */
  private readonly vocabulary: Vocabulary;
  private readonly vocab: string;

  /** Throws a UserError when the home's abbreviation file is not valid (neighbors/vocabulary.ts). */
  constructor(home: string, options: OpenStoreOptions = {}) {
    // The home's abbreviations before any card is read: body fingerprints and tokens depend on them.
    this.vocabulary = loadVocabulary(home);
    selectVocabulary(this.vocabulary);
    this.vocab = vocabularyHash();
    this.home = home;
    this.root = path.join(home, 'memory');
    this.kinds = options.kinds ?? MEMORY_KINDS;
    this.cacheDir = options.cache === false || options.env?.DISTILL_NO_CACHE ? null : cacheDir(home, options.env);
  }

  /** Usable cards in path order (kinds in MEMORY_KINDS order, names sorted), ignored ones included; rows decoded now. */
  get cards(): CardMeta[] {
    if (!this.list) this.rebuild();
    return this.list!;
  }

  /** The number of usable cards, without decoding any row. */
  get count(): number {
    if (this.list) return this.list.length;
    let n = 0;
    for (const kind of this.kinds) for (const entry of this.byKind.get(kind)?.entries ?? []) if (entry.meta !== null) n++;
    return n;
  }

  /** The cards by position, each row decoded only when asked for (view.ts). */
  view(): CardView {
    if (!this.lazy) (this.lazy = new CardView(this.root, this.scope, this.kinds, this.byKind, (kind, name, entry) => this.decode(kind, name, entry))).carryFrom(this.before);
    this.before = null;
    return this.lazy;
  }

  links(): readonly CardLinks[] {
    return this.view().links();
  }

  /** The first card (in path order) with this id; decodes only its row (the ids come from the cache's light section). */
  byId(id: string): CardMeta | undefined {
    const at = this.view().find(id);
    return at < 0 ? undefined : (this.view().card(at) ?? undefined);
  }

  /** The card of this file, decoding its row alone. */
  byPath(file: string): CardMeta | undefined {
    const [kind, name, more] = path.relative(this.root, path.resolve(file)).split(path.sep);
    const held = more === undefined && this.kinds.includes(kind as MemoryKind) ? this.byKind.get(kind as MemoryKind) : undefined;
    const at = held ? lowerBound(held.names, name) : -1;
    if (!held || held.names[at] !== name) return undefined;
    if (held.entries[at].meta === undefined) this.decode(kind as MemoryKind, name, held.entries[at]);
    return held.entries[at].meta ?? undefined;
  }

  /** The full card (frontmatter, body, raw text), read now from disk. */
  readCard(card: CardMeta): ReadCardResult {
    return readCardFile(card.path, card.scope, card.kindDir, null);
  }

  /**
   * @internal the loader: yields progress every CHUNK files. Reads and parses only files the cache cannot serve. With
   * a cache, every file is stat-ed before the cache's entries are made (~15 ms less garbage-collection at 10k cards).
   */
  *load(previous: PreviousEntries): Generator<LoadProgress> {
    const started = performance.now();
    selectVocabulary(this.vocabulary);
    yield { phase: 'list', done: 0, total: 0 };
    const { listed, total, dirs } = listKinds(this.root, this.kinds);
    this.dirs = { ...previous.dirs, ...dirs }; // other kinds' folders as the cache last saw them
    let stats: Float64Array | null = null;
    if (previous.size > 0) {
      const steps = statListed(listed, total, CHUNK);
      let step = steps.next();
      for (; !step.done; step = steps.next()) yield { phase: 'stat', done: step.value, total };
      stats = step.value;
    }
    const next: Entries = new Map();
    let kept = 0;
    // Entries of kinds not loaded now are kept as they were.
    for (const kind of previous.kinds()) {
      if (this.kinds.includes(kind)) continue;
      const held = previous.kind(kind)!;
      next.set(kind, held);
      kept += held.entries.length;
    }
    let parsed = 0;
    let fromCache = 0;
    let vanished = false;
    let i = 0;
    for (const { kind, dir, names } of listed) {
      const old = stats ? previous.kind(kind) : undefined;
      const oldNames = old?.names ?? [];
      const keptNames: string[] = [];
      const keptEntries: CacheEntry[] = [];
      let j = 0;
      for (const name of names) {
        // Files read so far, or (none read) the stat pass done: the merge of 100k cached entries is a step too.
        if (i % CHUNK === 0 && i > 0) yield parsed > 0 ? { phase: 'read', done: i, total } : { phase: 'stat', done: total, total };
        let entry: CacheEntry | null = null;
        // Both lists are sorted: walk them side by side.
        while (j < oldNames.length && oldNames[j] < name) j++;
        if (j < oldNames.length && oldNames[j] === name) {
          const o = old!.entries[j++];
          const size = stats![2 * i];
          if (size === -1) {
            vanished = true;
            i++;
            continue;
          }
          if (size === o.size && stats![2 * i + 1] === o.mtimeMs) {
            entry = o;
            fromCache++;
          }
        }
        i++;
        if (!entry) {
          entry = readEntry(`${dir}/${name}`, kind, this.scope, null);
          if (!entry) continue;
          parsed++;
        }
        keptNames.push(name);
        keptEntries.push(entry);
      }
      next.set(kind, { names: keptNames, entries: keptEntries });
      kept += keptEntries.length;
    }
    // Every kept entry that was not parsed now matched one earlier entry: the same count means nothing went away.
    const changed = parsed > 0 || vanished || kept - parsed !== previous.size;
    this.byKind = next;
    this.invalidate();
    this.warnings = entryWarnings(this.root, this.byKind, listed.map((l) => l.kind));
    this.stats = { files: total, parsed, fromCache, decoded: 0, cacheWritten: false, ms: 0 };
    if (changed && this.cacheDir !== null) {
      const steps = this.cacheSteps();
      let step = steps.next();
      for (; !step.done; step = steps.next()) yield { phase: 'read', done: total, total };
      this.stats.cacheWritten = step.value;
    }
    this.stats.ms = performance.now() - started;
    yield { phase: 'done', done: total, total };
  }

  /** @internal The cache's entries as they are, no file checked (see from-cache.ts). False when none of these kinds. */
  adoptUnchecked(previous: PreviousEntries): boolean {
    const kinds = previous.kinds().filter((kind) => this.kinds.includes(kind));
    if (kinds.length === 0) return false;
    this.byKind = new Map(previous.kinds().map((kind) => [kind, previous.kind(kind)!]));
    this.dirs = previous.dirs;
    this.invalidate();
    this.warnings = entryWarnings(this.root, this.byKind, kinds);
    this.stats = { files: 0, parsed: 0, fromCache: previous.size, decoded: 0, cacheWritten: false, ms: 0 };
    return true;
  }

  /** The card list and its lookups are made again on next use. */
  private invalidate(before: CardView | null = null): void {
    [this.list, this.lazy, this.before] = [null, null, before];
  }

  /** Writes the cache file from the entries held, decoding any row still undecoded first (the file holds all rows). */
  private writeCache(): boolean {
    this.decodeAll();
    return writeCache(this.cacheDir!, this.root, this.byKind, this.dirs, this.vocab);
  }

  /** writeCache in steps (cache.ts writeCacheSteps), for the loader, which yields between them. */
  private *cacheSteps(): Generator<void, boolean> {
    this.decodeAll();
    return yield* writeCacheSteps(this.cacheDir!, this.root, this.byKind, this.dirs, this.vocab);
  }

  /** Decodes every row still undecoded (a cache file holds them all); the store is then written as it is. */
  private decodeAll(): void {
    for (const [kind, { names, entries }] of this.byKind) {
      entries.forEach((entry, k) => {
        if (entry.meta === undefined) this.decode(kind, names[k], entry);
      });
    }
    this.dirty = false;
  }

  /** Decodes the rows still held by the cache and lists the cards in path order. */
  private rebuild(): void {
    const cards: CardMeta[] = [];
    for (const kind of MEMORY_KINDS) {
      const held = this.byKind.get(kind);
      if (!held || !this.kinds.includes(kind)) continue;
      held.entries.forEach((entry, k) => {
        if (entry.meta === undefined) this.decode(kind, held.names[k], entry);
        if (entry.meta) cards.push(entry.meta);
      });
    }
    this.list = cards;
  }

  private decode(kind: MemoryKind, name: string, entry: CacheEntry): void {
    if (decodeEntry(`${this.root}/${kind}/${name}`, kind, this.scope, entry)) this.dirty = true;
    else this.stats.decoded++;
  }

  /** Writes the metadata cache if refresh() changed anything since (a cache not flushed is stale, never wrong). */
  flushCache(): boolean {
    return this.dirty && this.cacheDir !== null ? (this.stats.cacheWritten = this.writeCache()) : false;
  }

  /** The cache file's entries (none without a cache), made only when the loader asks. */
  previousEntries(): PreviousEntries {
    return this.cacheDir ? readCache(this.cacheDir, this.root, this.vocab) : NO_ENTRIES;
  }

  /**
   * Re-reads the given card files (after a write, or when a watcher says so) and updates the cards (the cache file on
   * flushCache()). Paths that are not direct `<home>/memory/<kind>/*.md` children of a loaded kind are ignored. With
   * no paths, every file of the loaded kinds is checked again (unchanged ones by size and mtime only).
   */
  refresh(paths?: readonly string[]): RefreshResult {
    selectVocabulary(this.vocabulary);
    if (paths) return this.refreshPaths(paths);
    const before = entriesByPath(this.root, this.byKind, this.kinds);
    for (const _ of this.load(entriesOf(this.byKind, this.dirs))) void _;
    // Only entries that are new objects are looked at: an unchanged card's row is not decoded for this.
    return entryChanges(before, entriesByPath(this.root, this.byKind, this.kinds), this.root, this.scope, (kind, name, entry) => this.decode(kind, name, entry));
  }

  /** refresh(paths): only the given files looked at; the view kept (patched) while no file came or went. */
  private refreshPaths(paths: readonly string[]): RefreshResult {
    const result: RefreshResult = { added: [], updated: [], removed: [] };
    let moved = false;
    for (const file of paths.map((given) => path.resolve(given))) {
      const [kind, name, more] = path.relative(this.root, file).split(path.sep) as [MemoryKind, string, string?];
      if (more !== undefined || !name?.endsWith('.md') || !this.kinds.includes(kind)) continue;
      const held = this.byKind.get(kind) ?? this.byKind.set(kind, { names: [], entries: [] }).get(kind)!;
      const how = rereadChange(held, name, file, kind, this.scope, (entry) => this.decode(kind, name, entry), result);
      // Rewriting the whole cache costs ~0.5 s at 100k cards: done by flushCache(), not after every write.
      if (how !== 'none') [this.dirty, this.list] = [true, null];
      if (how === 'moved') moved = true;
      else if (how === 'replaced') this.lazy?.replace(kind, name, held.entries[lowerBound(held.names, name)]);
    }
    if (moved) this.invalidate(this.lazy ?? this.before);
    return result;
  }
}

/** Opens the store synchronously (CLI commands). */
export function openStoreSync(home: string, options: OpenStoreOptions = {}): Store {
  const store = new Store(home, options);
  for (const progress of store.load(store.previousEntries())) options.onProgress?.(progress);
  return store;
}

/** Opens the store, yielding to the event loop between chunks so progress can be drawn (TUI). */
export async function openStore(home: string, options: OpenStoreOptions = {}): Promise<Store> {
  const store = new Store(home, options);
  for (const progress of store.load(store.previousEntries())) {
    options.onProgress?.(progress);
    if (progress.phase !== 'done') await nextTurn(); // listing, each chunk stat-ed or read, of the cache write
  }
  return store;
}
