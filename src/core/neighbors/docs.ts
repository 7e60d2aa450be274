// The docs an index holds for cards it has not decoded: one with its features made now (LazyDoc), one that reads them
// from its row of the features file (CachedDoc, feature-file.ts). Either decodes its card when a query first looks at it.
import type { CardMeta } from '../store/cardMeta.js';
import type { CardFeatures } from './features.js';
import { RUNS, TAGS, WORDS, type FeatureFile } from './feature-file.js';
import type { Doc, KeyPart } from './types.js';

// What a lazily added card reads as when its file cannot be read any more: ignored, so never a neighbor.
const GONE: CardMeta = {
  id: null, title: '', path: '', kindDir: 'knowledge', tags: [], keywords: [], claim: null, updatedAt: null, scope: 'global', questId: null,
  lineageRuns: [], lineageQuests: [], ignored: true, state: false, auto: false, promotedFrom: null, excerpt: '', body: null, size: -1, mtimeMs: -1,
};

/** What a lazily added card reads as when its file cannot be read any more (never a neighbor). */
export function goneCard(file: string): CardMeta {
  return { ...GONE, path: file };
}

/** Where a lazily added card is read from (a store's view). */
export interface CardSource {
  card(at: number): CardMeta | null;
}

class LazyDoc implements Doc {
  readonly tokens: string[];
  readonly titleKey: string;
  readonly claimKey: string;
  readonly tags: readonly string[];
  readonly runs: readonly string[];
  readonly bodyKey: string | null;
  private loaded: CardMeta | undefined;
  constructor(
    readonly path: string,
    f: CardFeatures,
    private readonly source: CardSource,
    private readonly at: number,
  ) {
    this.tokens = f.tokens;
    this.titleKey = f.titleKey;
    this.claimKey = f.claimKey;
    this.tags = f.tags;
    this.runs = f.runs;
    this.bodyKey = f.bodyKey;
  }

  get card(): CardMeta {
    return (this.loaded ??= this.source.card(this.at) ?? goneCard(this.path));
  }
}

/** A doc whose card is read from `source` (at `at`) when first looked at. */
export function lazyDoc(file: string, features: CardFeatures, source: CardSource, at: number): Doc {
  return new LazyDoc(file, features, source, at);
}

/** Where a cached doc's card and path come from (a store's view). */
export interface DocSource extends CardSource {
  path(at: number): string;
}

const PARTS: Record<KeyPart, number> = { title: 1, claim: 2, body: 3 };

/** A card indexed by its row of the features file: its strings made when first read, its card decoded when ranked. */
export class CachedDoc implements Doc {
  titleGrams?: Int32Array;
  claimGrams?: Int32Array;
  private madeTokens?: string[];
  private madeTags?: readonly string[];
  private madeTitle?: string;
  private madeClaim?: string;
  private loaded: CardMeta | undefined;
  constructor(
    private readonly file: FeatureFile,
    private readonly row: number,
    private readonly source: DocSource,
    private readonly at: number,
  ) {}

  get path(): string {
    return this.source.path(this.at);
  }
  get tagTotal(): number {
    return this.file.end(this.row, TAGS) - this.file.start(this.row, TAGS);
  }
  keyIs(which: KeyPart, key: string): boolean {
    return this.file.textIs(this.row, PARTS[which], key);
  }
  get tokens(): string[] {
    return (this.madeTokens ??= this.file.list(this.row, WORDS));
  }
  get tags(): readonly string[] {
    return (this.madeTags ??= this.file.list(this.row, TAGS));
  }
  get runs(): readonly string[] {
    return this.file.list(this.row, RUNS);
  }
  get titleKey(): string {
    return (this.madeTitle ??= this.file.titleKey(this.row));
  }
  get claimKey(): string {
    return (this.madeClaim ??= this.file.claimKey(this.row));
  }
  get bodyKey(): string | null {
    return this.file.bodyKey(this.row);
  }
  get card(): CardMeta {
    return (this.loaded ??= this.source.card(this.at) ?? goneCard(this.path));
  }

  /** All of it, for writing the file again. */
  features(): CardFeatures {
    return { tokens: this.tokens, titleKey: this.titleKey, claimKey: this.claimKey, tags: this.tags, runs: this.runs, bodyKey: this.bodyKey };
  }
}
