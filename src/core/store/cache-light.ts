// The metadata cache's light section (cache.ts): per entry what a tag index, an id lookup and recall's ranking need
// (id, tags, updated_at, ignored), apart from the rows, so they decode only the rows of the cards they return.
// JSON [tags, entries]: the tag table, and per entry null (not a usable card) or [id, updatedAt, ignored 0|1, ...tag
// numbers].
import type { CardMeta } from './cardMeta.js';

export const isStrOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
export const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

export type LightEntry = Pick<CardMeta, 'id' | 'tags' | 'updatedAt' | 'ignored'>;

/** Per entry, null for a file that is not a usable card; null as a whole when the section is damaged. */
export function parseLight(text: string, count: number): (LightEntry | null)[] | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [table, entries] = parsed as unknown[];
    if (!isStrings(table) || !Array.isArray(entries) || entries.length !== count) return null;
    const out = new Array<LightEntry | null>(count);
    for (let i = 0; i < count; i++) {
      const e = entries[i] as unknown;
      if (e === null) {
        out[i] = null;
        continue;
      }
      if (!Array.isArray(e) || e.length < 3 || !isStrOrNull(e[0]) || !isStrOrNull(e[1]) || (e[2] !== 0 && e[2] !== 1)) return null;
      const tags = new Array<string>(e.length - 3);
      for (let k = 3; k < e.length; k++) {
        const tag = table[e[k] as number];
        if (typeof tag !== 'string') return null;
        tags[k - 3] = tag;
      }
      out[i] = { id: e[0], updatedAt: e[1], ignored: e[2] === 1, tags };
    }
    return out;
  } catch {
    return null;
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
    const entry: unknown[] = [meta.id, meta.updatedAt, meta.ignored ? 1 : 0];
    for (const tag of meta.tags) {
      let id = this.tagIds.get(tag);
      if (id === undefined) this.tagIds.set(tag, (id = this.tagIds.size));
      entry.push(id);
    }
    this.entries.push(entry);
  }

  bytes(): Buffer {
    return Buffer.from(JSON.stringify([[...this.tagIds.keys()], this.entries]));
  }
}
