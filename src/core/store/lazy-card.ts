// A card of the store read the cheap way first: its id, tags, dates, flags and links from the metadata cache's light
// section, its path, kind, size and mtime from the listing, and its row (title, claim, keywords, excerpt, lineage runs,
// body fingerprint) decoded only when one of those is first read. For passes over every card that read most of them
// only by the cheap fields: `distill lessons` over a stored pair set decodes the rows of its clusters' members alone
// (issue 20), where `cards` decodes all 10k rows first (~55 ms).
import { basename } from 'node:path';
import type { BodyPrint } from '../neighbors/fingerprint.js';
import type { MemoryKind, Scope } from '../model.js';
import type { CardMeta } from './cardMeta.js';
import { LIGHT_TAGS_AT } from './cache-light.js';

export class LazyCard implements CardMeta {
  private row: CardMeta | null = null;
  private tagList: string[] | null = null;

  constructor(
    /**
     * The card's light fields as the cache's light section holds them, checked (cache-light.ts raw()): [id, updatedAt,
     * ignored 0|1, auto 0|1, promotedFrom, questId, lineage quests, state 0|1, ...tag numbers]. Read where they lie: no object per
     * card until a field is asked for (the tags are made on first read).
     */
    private readonly raw: readonly unknown[],
    /** The light section's tag table, which the tag numbers index. */
    private readonly table: readonly unknown[],
    readonly path: string,
    readonly kindDir: MemoryKind,
    readonly scope: Scope,
    readonly size: number,
    readonly mtimeMs: number,
    /** The card decoded from its row (the view's card(i)); never null for a position whose light entry is a card. */
    private readonly decode: () => CardMeta | null,
  ) {}

  get id(): string | null {
    return this.raw[0] as string | null;
  }
  get updatedAt(): string | null {
    return this.raw[1] as string | null;
  }
  get ignored(): boolean {
    return this.raw[2] === 1;
  }
  get state(): boolean {
    return this.raw[7] === 1;
  }
  get auto(): boolean {
    return this.raw[3] === 1;
  }
  get promotedFrom(): string | null {
    return this.raw[4] as string | null;
  }
  get questId(): string | null {
    return this.raw[5] as string | null;
  }
  get lineageQuests(): string[] {
    return this.raw[6] as string[];
  }
  get tags(): string[] {
    if (!this.tagList) {
      const tags = new Array<string>(this.raw.length - LIGHT_TAGS_AT);
      for (let k = LIGHT_TAGS_AT; k < this.raw.length; k++) tags[k - LIGHT_TAGS_AT] = this.table[this.raw[k] as number] as string;
      this.tagList = tags;
    }
    return this.tagList;
  }

  private full(): CardMeta {
    // The file was as the cache saw it when listed, so its row (or, for a damaged row, the file read again) is this
    // card. Only a damaged row whose file went away since gives nothing: then what a card without frontmatter shows.
    this.row ??= this.decode() ?? this.bare();
    return this.row;
  }

  private bare(): CardMeta {
    const { id, path, kindDir, tags, updatedAt, scope, questId, lineageQuests, ignored, state, auto, promotedFrom, size, mtimeMs } = this;
    return { id, title: basename(path, '.md'), path, kindDir, tags, keywords: [], claim: null, updatedAt, scope, questId, lineageRuns: [], lineageQuests, ignored, state, auto, promotedFrom, excerpt: '', body: null, size, mtimeMs };
  }

  get title(): string {
    return this.full().title;
  }
  get claim(): string | null {
    return this.full().claim;
  }
  get keywords(): string[] {
    return this.full().keywords;
  }
  get excerpt(): string {
    return this.full().excerpt;
  }
  get lineageRuns(): string[] {
    return this.full().lineageRuns;
  }
  get body(): BodyPrint | null | undefined {
    return this.full().body;
  }
}
