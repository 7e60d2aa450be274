// The metadata cache's light section (cache.ts): per entry what a tag index, an id lookup, recall's ranking and the
// drafts count need (id, tags, updated_at, ignored, state, and the links: auto, promoted_from, quest, lineage quests),
// apart from the rows, so they decode only the rows of the cards they return. JSON [tags, entries]: the tag table, and
// per entry null (not a usable card) or [id, updatedAt, ignored 0|1, auto 0|1, promotedFrom, questId, [lineage quests],
// state 0|1, ...tag numbers].
import type { CardMeta } from './cardMeta.js';
import { asciiJson } from '../format/ascii-json.js';

export const isStrOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
export const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

const isFlag = (v: unknown) => v === 0 || v === 1;

export type LightEntry = Pick<CardMeta, 'id' | 'tags' | 'updatedAt' | 'ignored' | 'state' | 'auto' | 'promotedFrom' | 'questId' | 'lineageQuests'>;

/** Where an entry's tag numbers start (after its fixed fields). */
export const LIGHT_TAGS_AT = 8;

/** An entry's fixed fields check out (its tag numbers are checked where they are read). */
type RawEntry = [string | null, string | null, 0 | 1, 0 | 1, string | null, string | null, string[], 0 | 1, ...unknown[]];

/** The same check as isEntry and checks(), written out for the scan of every entry (no call per field). */
function checksFast(e: unknown, table: unknown[]): boolean {
  if (!Array.isArray(e) || e.length < LIGHT_TAGS_AT) return false;
  const id = e[0], updated = e[1], ignored = e[2], auto = e[3], promoted = e[4], quest = e[5], lineage = e[6] as unknown, state = e[7];
  if ((id !== null && typeof id !== 'string') || (updated !== null && typeof updated !== 'string')) return false;
  if ((ignored !== 0 && ignored !== 1) || (auto !== 0 && auto !== 1) || (state !== 0 && state !== 1)) return false;
  if ((promoted !== null && typeof promoted !== 'string') || (quest !== null && typeof quest !== 'string') || !Array.isArray(lineage)) return false;
  for (let k = 0; k < lineage.length; k++) if (typeof lineage[k] !== 'string') return false;
  for (let k = LIGHT_TAGS_AT; k < e.length; k++) if (typeof table[e[k] as number] !== 'string') return false;
  return true;
}

function isEntry(e: unknown): e is RawEntry {
  return (
    Array.isArray(e) && e.length >= LIGHT_TAGS_AT && isStrOrNull(e[0]) && isStrOrNull(e[1]) && isFlag(e[2]) && isFlag(e[3]) &&
    isStrOrNull(e[4]) && isStrOrNull(e[5]) && isStrings(e[6]) && isFlag(e[7])
  );
}

/** The light section, parsed once and each entry checked and made when first asked for. */
export class LightSection {
  private readonly made = new Map<number, LightEntry | null | undefined>();
  /** Per entry: 0 not checked yet, 1 checks out, 2 damaged (tagCount). */
  private readonly checked: Uint8Array;
  private readonly numbers = new Map<string, number[]>();
  private readonly hits = new Map<string, Int32Array>();
  private constructor(
    private readonly table: unknown[],
    private readonly entries: unknown[],
  ) {
    this.checked = new Uint8Array(entries.length);
  }

  /** The tag table the entries' tag numbers index (raw() has checked an entry's numbers against it). */
  get tagTable(): readonly unknown[] {
    return this.table;
  }

  /** null when the section does not parse or does not match the cache's entry count (every card from its row then). */
  static parse(text: string, count: number): LightSection | null {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!Array.isArray(parsed) || parsed.length !== 2) return null;
      const [table, entries] = parsed as unknown[];
      return Array.isArray(table) && Array.isArray(entries) && entries.length === count ? new LightSection(table, entries) : null;
    } catch {
      return null;
    }
  }

  /** The entry's id alone (cheap, for id lookups); undefined when the entry is damaged. */
  id(index: number): string | null | undefined {
    const e = this.entries[index];
    return Array.isArray(e) && isStrOrNull(e[0]) ? e[0] : this.entry(index)?.id;
  }

  /** The entry (null: not a usable card); undefined when it is damaged (that card is decoded from its row instead). */
  entry(index: number): LightEntry | null | undefined {
    if (this.made.has(index)) return this.made.get(index);
    const made = this.make(this.entries[index]);
    this.made.set(index, made);
    return made;
  }

  /**
   * Per entry whether its id is `id` as id() reads it: 1 yes, 0 no, -1 where id() would make the entry to tell (its
   * id is not a string or null): one pass over the raw entries.
   */
  idHits(id: string): Int8Array {
    const hits = new Int8Array(this.entries.length);
    for (let i = 0; i < this.entries.length; i++) {
      const e = this.entries[i];
      if (!Array.isArray(e)) hits[i] = -1;
      else if (e[0] === id) hits[i] = 1;
      else if (e[0] !== null && typeof e[0] !== 'string') hits[i] = -1;
    }
    return hits;
  }

  /**
   * The entry's raw fields [id, updatedAt, ignored, auto, promotedFrom, questId, lineage quests, state, ...tag numbers], checked
   * as entry() checks them, without making the entry; null for an entry that is no usable card, undefined when damaged.
   */
  raw(index: number): readonly unknown[] | null | undefined {
    const e = this.entries[index];
    if (e === null) return null;
    if (this.checked[index] === 0) this.checked[index] = checksFast(e, this.table) ? 1 : 2;
    return this.checked[index] === 1 ? (e as unknown[]) : undefined;
  }

  /**
   * Per entry how many times it carries `tag` (0 for an entry that is no usable card), -1 where the entry is damaged
   * (its row is decoded then), as entry() would find it: one pass over the raw entries, made once per tag, no entry
   * made.
   */
  tagHits(tag: string): Int32Array {
    let hits = this.hits.get(tag);
    if (hits) return hits;
    hits = new Int32Array(this.entries.length);
    const numbers = this.numbersOf(tag);
    const only = numbers.length === 1 ? numbers[0] : -1;
    for (let i = 0; i < this.entries.length; i++) {
      const e = this.entries[i];
      if (e === null) continue;
      if (this.checked[i] === 0) this.checked[i] = checksFast(e, this.table) ? 1 : 2;
      if (this.checked[i] === 2) {
        hits[i] = -1;
        continue;
      }
      const raw = e as unknown[];
      let n = 0;
      for (let k = LIGHT_TAGS_AT; k < raw.length; k++) if (raw[k] === only || (only < 0 && numbers.includes(raw[k] as number))) n++;
      hits[i] = n;
    }
    // A resident server is asked for many tags over its life: the oldest answers go (memory stays bounded).
    if (this.hits.size >= 64) this.hits.delete(this.hits.keys().next().value!);
    this.hits.set(tag, hits);
    return hits;
  }

  /** The numbers the tag table gives this tag (one, unless the table is damaged; none when no entry has it). */
  private numbersOf(tag: string): number[] {
    let numbers = this.numbers.get(tag);
    if (!numbers) {
      numbers = [];
      for (let k = 0; k < this.table.length; k++) if (this.table[k] === tag) numbers.push(k);
      this.numbers.set(tag, numbers);
    }
    return numbers;
  }

  private make(e: unknown): LightEntry | null | undefined {
    if (e === null) return null;
    if (!isEntry(e)) return undefined;
    const tags = new Array<string>(e.length - LIGHT_TAGS_AT);
    for (let k = LIGHT_TAGS_AT; k < e.length; k++) {
      const tag = this.table[e[k] as number];
      if (typeof tag !== 'string') return undefined;
      tags[k - LIGHT_TAGS_AT] = tag;
    }
    return { id: e[0], updatedAt: e[1], ignored: e[2] === 1, state: e[7] === 1, auto: e[3] === 1, promotedFrom: e[4], questId: e[5], lineageQuests: e[6], tags };
  }
}

/** Collects the light section while the cache is written. */
export class LightWriter {
  private readonly tagIds = new Map<string, number>();
  private readonly entries: (unknown[] | null)[] = [];

  add(meta: CardMeta | null): void {
    if (!meta) {
      this.entries.push(null);
      return;
    }
    const entry: unknown[] = [meta.id, meta.updatedAt, meta.ignored ? 1 : 0, meta.auto ? 1 : 0, meta.promotedFrom, meta.questId, meta.lineageQuests, meta.state ? 1 : 0];
    for (const tag of meta.tags) {
      let id = this.tagIds.get(tag);
      if (id === undefined) this.tagIds.set(tag, (id = this.tagIds.size));
      entry.push(id);
    }
    this.entries.push(entry);
  }

  bytes(): Buffer {
    return Buffer.from(asciiJson([[...this.tagIds.keys()], this.entries]));
  }
}
