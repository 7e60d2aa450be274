// The store's cards by position (path order, unusable files included as null), each decoded from the cache only when
// asked for: a tag index, an id lookup or a neighbor index over a warm store touches the rows of the cards it returns,
// not all of them (issue 16).
import { MEMORY_KINDS, type MemoryKind, type Scope } from '../model.js';
import type { CacheEntry, Entries } from './cache.js';
import type { LightEntry } from './cache-light.js';
import type { CardLinks, CardMeta } from './cardMeta.js';
import { LazyCard } from './lazy-card.js';
import { carryPositions, carryTagList, retag, type Carried, type Positions } from './view-carry.js';

export type CardBrief = Pick<CardMeta, 'id' | 'tags' | 'updatedAt' | 'ignored' | 'state' | 'path' | 'kindDir' | 'scope'>;

export class CardView {
  private readonly entries: CacheEntry[] = [];
  private readonly kindOf: MemoryKind[] = [];
  private readonly names: string[] = [];
  private ids: Map<string, number> | null = null;
  private scanned = false;
  private linkList: CardLinks[] | null = null;
  /** withTag's answers for the last 64 tags asked (a resident server's view lives across requests). */
  private readonly tagged = new Map<string, number[]>();
  /** Counts replace() calls; the positions replaced by the last ones, so what is derived from the briefs (recall's
   *  recency order) moves them alone (replacedSince). */
  version = 0;
  private replaced: number[] = [];
  /** Set by carryFrom: the view before and where its positions went (recall's order is carried by recall.ts). */
  carried: (Carried & { from: CardView }) | null = null;

  constructor(
    private readonly root: string,
    private readonly scope: Scope,
    kinds: readonly MemoryKind[],
    byKind: Entries,
    private readonly decode: (kind: MemoryKind, name: string, entry: CacheEntry) => void,
  ) {
    for (const kind of MEMORY_KINDS) {
      const held = byKind.get(kind);
      if (!held || !kinds.includes(kind)) continue;
      for (let k = 0; k < held.entries.length; k++) {
        this.entries.push(held.entries[k]);
        this.kindOf.push(kind);
        this.names.push(held.names[k]);
      }
    }
  }

  /**
   * The entry of `kind`/`name` replaced (Store.refresh of a file re-read in place): positions do not move, so the view
   * and what it made (id lookups, links) are kept; ids are looked up anew if the card's id changed.
   */
  replace(kind: MemoryKind, name: string, entry: CacheEntry): void {
    const order = MEMORY_KINDS.indexOf(kind);
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = MEMORY_KINDS.indexOf(this.kindOf[mid]);
      if (k < order || (k === order && this.names[mid] < name)) lo = mid + 1;
      else hi = mid;
    }
    if (this.kindOf[lo] !== kind || this.names[lo] !== name) return;
    const oldId = this.id(lo);
    const oldTags = this.tags(lo);
    this.entries[lo] = entry;
    this.version++;
    this.replaced.push(lo);
    if (this.replaced.length > 256) this.replaced = this.replaced.slice(128);
    if (this.id(lo) !== oldId) [this.ids, this.scanned] = [null, false];
    this.linkList = null;
    // The tags answered so far that the card carried or carries: this position's count made again (positions are
    // ascending, once per time it carries it). The other tags' lists hold no such position: left alone.
    retag(this.tagged, lo, oldTags, this.tags(lo));
  }

  private positions(): Positions {
    return { kindOf: this.kindOf, names: this.names, entries: this.entries };
  }

  /** What `before` made (the tags answered), moved to this view's positions (Store.view after a card came or went). */
  carryFrom(before: CardView | null): void {
    if (!before) return;
    const carried = carryPositions(before.positions(), this.positions());
    for (const [tag, list] of before.tagged) this.tagged.set(tag, carryTagList(list, tag, carried, (at) => this.tags(at)));
    this.carried = { ...carried, from: before };
    before.carried = null; // no chain of views kept alive
  }

  /** The positions replaced since `version` (null: too long ago, derive anew). */
  replacedSince(version: number): number[] | null {
    const n = this.version - version;
    return n <= this.replaced.length ? this.replaced.slice(this.replaced.length - n) : null;
  }

  get length(): number {
    return this.entries.length;
  }

  /** The card at position i, decoded now if it was not; null for a file that is not a usable card. */
  card(i: number): CardMeta | null {
    const entry = this.entries[i];
    if (entry.meta === undefined) this.decode(this.kindOf[i], this.names[i], entry);
    return entry.meta ?? null;
  }

  path(i: number): string {
    return `${this.root}/${this.kindOf[i]}/${this.names[i]}`;
  }

  /** The file name of position i. */
  name(i: number): string {
    return this.names[i];
  }

  /** `<kind>/<file name>`: the path under the store's root. */
  rel(i: number): string {
    return `${this.kindOf[i]}/${this.names[i]}`;
  }

  /** Whether position i may hold a usable card (false for files the cache knows are none), without decoding it. */
  usable(i: number): boolean {
    return this.entries[i].meta !== null;
  }

  size(i: number): number {
    return this.entries[i].size;
  }

  mtimeMs(i: number): number {
    return this.entries[i].mtimeMs;
  }

  kind(i: number): MemoryKind {
    return this.kindOf[i];
  }

  /** Id, tags, updated_at and ignored of position i: the cache's light entry while its row is not decoded, else the
   *  card itself (null: not a usable card). */
  light(i: number): LightEntry | null {
    const entry = this.entries[i];
    if (entry.meta === undefined && entry.source && entry.at !== undefined) {
      const light = entry.source.light(entry.at);
      if (light !== undefined) return light;
    }
    return this.card(i);
  }

  /** The id of position i (null: none, or not a usable card), from the light section while its row is not decoded. */
  id(i: number): string | null {
    const entry = this.entries[i];
    if (entry.meta === undefined && entry.source && entry.at !== undefined) {
      const id = entry.source.lightId(entry.at);
      if (id !== undefined) return id;
    }
    return this.card(i)?.id ?? null;
  }

  /** What a tag index and recall's order need of position i, without decoding its row (null: not a usable card). */
  brief(i: number): CardBrief | null {
    const l = this.light(i);
    return l && { id: l.id, tags: l.tags, updatedAt: l.updatedAt, ignored: l.ignored, state: l.state, path: this.path(i), kindDir: this.kindOf[i], scope: this.scope };
  }

  /** The tags of position i (none for a file that is not a usable card), without decoding its row. */
  tags(i: number): readonly string[] {
    return this.light(i)?.tags ?? [];
  }

  /**
   * The positions whose card carries `tag`, ascending, a position once per time its card carries it (recall counts
   * a tag written twice twice), from the light section while a row is not decoded: no entry is made for the others.
   */
  withTag(tag: string): number[] {
    const known = this.tagged.get(tag);
    if (known) return known;
    const out = this.scanTag(tag);
    if (this.tagged.size >= 64) this.tagged.delete(this.tagged.keys().next().value!);
    this.tagged.set(tag, out);
    return out;
  }

  private scanTag(tag: string): number[] {
    const out: number[] = [];
    let source: CacheEntry['source'];
    let hits: Int32Array | undefined;
    for (let i = 0; i < this.entries.length; i++) {
      const entry = this.entries[i];
      let n = -1;
      if (entry.meta === undefined && entry.source && entry.at !== undefined) {
        if (entry.source !== source) hits = (source = entry.source).lightTagHits(tag);
        if (hits) n = hits[entry.at];
      }
      if (n < 0) {
        n = 0;
        for (const t of this.tags(i)) if (t === tag) n++;
      }
      for (; n > 0; n--) out.push(i);
    }
    return out;
  }

  /** The first position whose card has this id, or -1. */
  find(id: string): number {
    if (!this.ids && !this.scanned) {
      // The first lookup scans (one id asked for, as a command does); a second one makes the map.
      this.scanned = true;
      let source: CacheEntry['source'];
      let hits: Int8Array | undefined;
      for (let i = 0; i < this.entries.length; i++) {
        const entry = this.entries[i];
        if (entry.meta === undefined && entry.source && entry.at !== undefined) {
          // The light section's ids in one pass; an entry it cannot tell is asked one by one below.
          if (entry.source !== source) hits = (source = entry.source).lightIdHits(id);
          const hit = hits ? hits[entry.at] : -1;
          if (hit === 1) return i;
          if (hit === 0) continue;
        }
        if (this.id(i) === id) return i;
      }
      return -1;
    }
    if (!this.ids) {
      this.ids = new Map();
      for (let i = 0; i < this.entries.length; i++) {
        const own = this.id(i);
        if (own != null && !this.ids.has(own)) this.ids.set(own, i);
      }
    }
    return this.ids.get(id) ?? -1;
  }

  /** Every usable card's id and links (from the light section), each card decoded only when asked for. Made once per
   *  view (a view is made again when the store changes): the drafts and the notes of a review both ask. */
  links(): readonly CardLinks[] {
    if (this.linkList) return this.linkList;
    const out: CardLinks[] = (this.linkList = []);
    for (let i = 0; i < this.entries.length; i++) {
      const entry = this.entries[i];
      // The light section's raw fields where they check out: no entry made per card (10k before a review's first frame).
      const raw = entry.meta === undefined && entry.source && entry.at !== undefined ? entry.source.lightRaw(entry.at) : undefined;
      if (raw) out.push(new Link(this, i, raw[0] as string | null, raw[4] as string | null, raw[3] === 1, raw[5] as string | null, raw[6] as string[]));
      else if (raw === undefined) {
        const l = this.light(i);
        if (l) out.push(new Link(this, i, l.id, l.promotedFrom, l.auto, l.questId, l.lineageQuests));
      }
    }
    return out;
  }

  /**
   * Every usable card, as cards() lists them, each decoded only when a field its row alone holds is first read
   * (lazy-card.ts); a card already decoded is itself.
   */
  lazyCards(): CardMeta[] {
    const out: CardMeta[] = [];
    for (let i = 0; i < this.entries.length; i++) {
      const entry = this.entries[i];
      const raw = entry.meta === undefined && entry.source && entry.at !== undefined ? entry.source.lightRaw(entry.at) : undefined;
      if (raw) out.push(new LazyCard(raw, entry.source!.lightTable(), this.path(i), this.kindOf[i], this.scope, entry.size, entry.mtimeMs, () => this.card(i)));
      else if (raw === undefined) {
        const card = this.card(i);
        if (card) out.push(card);
      }
    }
    return out;
  }

  /** Every usable card, decoded. */
  cards(): CardMeta[] {
    const out: CardMeta[] = [];
    for (let i = 0; i < this.entries.length; i++) {
      const card = this.card(i);
      if (card) out.push(card);
    }
    return out;
  }
}

/** A card's links, its card decoded from the view when asked for. */
class Link implements CardLinks {
  constructor(
    private readonly view: CardView,
    private readonly at: number,
    readonly id: string | null,
    readonly promotedFrom: string | null,
    readonly auto: boolean,
    readonly questId: string | null,
    readonly lineageQuests: string[],
  ) {}

  meta(): CardMeta | null {
    return this.view.card(this.at);
  }
}
