// A card of the store read the cheap way first: its id, tags, dates, flags and links from the metadata cache's light
// section, its path, kind, size and mtime from the listing, and its row (title, claim, keywords, excerpt, lineage runs,
// body fingerprint) decoded only when one of those is first read. For passes over every card that read most of them
// only by the cheap fields: `distill lessons` over a stored pair set decodes the rows of its clusters' members alone
// (issue 20), where `cards` decodes all 10k rows first (~55 ms).
import { basename } from 'node:path';
import type { BodyPrint } from '../neighbors/fingerprint.js';
import type { MemoryKind, Scope } from '../model.js';
import type { LightEntry } from './cache-light.js';
import type { CardMeta } from './cardMeta.js';

export class LazyCard implements CardMeta {
  readonly id: string | null;
  readonly tags: string[];
  readonly updatedAt: string | null;
  readonly ignored: boolean;
  readonly auto: boolean;
  readonly promotedFrom: string | null;
  readonly questId: string | null;
  readonly lineageQuests: string[];
  private row: CardMeta | null = null;

  constructor(
    light: LightEntry,
    readonly path: string,
    readonly kindDir: MemoryKind,
    readonly scope: Scope,
    readonly size: number,
    readonly mtimeMs: number,
    /** The card decoded from its row (the view's card(i)); never null for a position whose light entry is a card. */
    private readonly decode: () => CardMeta | null,
  ) {
    this.id = light.id;
    this.tags = light.tags;
    this.updatedAt = light.updatedAt;
    this.ignored = light.ignored;
    this.auto = light.auto;
    this.promotedFrom = light.promotedFrom;
    this.questId = light.questId;
    this.lineageQuests = light.lineageQuests;
  }

  private full(): CardMeta {
    // The file was as the cache saw it when listed, so its row (or, for a damaged row, the file read again) is this
    // card. Only a damaged row whose file went away since gives nothing: then what a card without frontmatter shows.
    this.row ??= this.decode() ?? this.bare();
    return this.row;
  }

  private bare(): CardMeta {
    const { id, path, kindDir, tags, updatedAt, scope, questId, lineageQuests, ignored, auto, promotedFrom, size, mtimeMs } = this;
    return { id, title: basename(path, '.md'), path, kindDir, tags, keywords: [], claim: null, updatedAt, scope, questId, lineageRuns: [], lineageQuests, ignored, auto, promotedFrom, excerpt: '', body: null, size, mtimeMs };
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
