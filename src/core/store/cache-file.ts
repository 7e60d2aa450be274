// The metadata cache file held in memory after an open (cache.ts reads and checks its layout): rows decoded one by
// one when first asked for; light entries (cache-light.ts) without a row.
import type { MemoryKind, Scope } from '../model.js';
import type { CardMeta } from './cardMeta.js';
import { LightSection, type LightEntry } from './cache-light.js';
import { fromRow } from './cache-row.js';
import { PRINT_BYTES, readPrint } from '../neighbors/fingerprint.js';

/** A cache file held in memory after an open: rows are decoded from it one by one, on first use. */
export class CacheFile {
  private lightData: LightSection | null | undefined;
  constructor(
    private readonly bytes: Buffer,
    private readonly offsetsStart: number,
    private readonly printsStart: number,
    private readonly noPrint: ReadonlySet<number>,
    private readonly lightStart: number,
    private readonly rowsStart: number,
    readonly count: number,
  ) {}

  /** The entry's metadata, or null when its row is damaged (the caller then reads the file). */
  meta(index: number, file: string, kindDir: MemoryKind, scope: Scope, size: number, mtimeMs: number): CardMeta | null {
    const start = this.bytes.readUInt32LE(this.offsetsStart + 4 * index);
    const end = this.bytes.readUInt32LE(this.offsetsStart + 4 * index + 4);
    if (start > end || this.rowsStart + end > this.bytes.length) return null;
    let row: unknown;
    try {
      row = JSON.parse(this.bytes.toString('utf8', this.rowsStart + start, this.rowsStart + end));
    } catch {
      return null; // an unreadable row: that card is read from its file
    }
    const body = this.noPrint.has(index) ? null : readPrint(this.bytes, this.printsStart + PRINT_BYTES * index);
    return fromRow(row, body, file, kindDir, scope, size, mtimeMs);
  }

  /** The entry's light data (cache-light.ts entry()) without decoding its row; undefined when damaged (decode the row then). */
  light(index: number): LightEntry | null | undefined {
    return this.section()?.entry(index);
  }

  lightId(index: number): string | null | undefined {
    return this.section()?.id(index);
  }

  /** Per entry whether its light id is `id` (cache-light.ts idHits()); undefined without a light section. */
  lightIdHits(id: string): Int8Array | undefined {
    return this.section()?.idHits(id);
  }

  /** The entry's raw light fields (cache-light.ts raw()); undefined when damaged or without a light section. */
  lightRaw(index: number): readonly unknown[] | null | undefined {
    return this.section()?.raw(index);
  }

  /** The light section's tag table (what lightRaw's tag numbers index); empty without a light section. */
  lightTable(): readonly unknown[] {
    return this.section()?.tagTable ?? [];
  }

  /** Per entry how many times it carries `tag`, from the light section (-1: damaged); undefined without one. */
  lightTagHits(tag: string): Int32Array | undefined {
    return this.section()?.tagHits(tag);
  }

  private section(): LightSection | null {
    if (this.lightData === undefined) this.lightData = LightSection.parse(this.bytes.toString('utf8', this.lightStart, this.rowsStart), this.count);
    return this.lightData;
  }
}
