// One card's row in the metadata cache (cache.ts): its metadata as a JSON array, and back, checked field by field (a
// row that does not check out is never used: that card is read from its file). The body's fingerprint is not in the
// row: the cache keeps it in a binary section of its own (cache.ts), which costs neither base64 nor JSON.
import type { MemoryKind, Scope } from '../model.js';
import type { BodyPrint } from '../neighbors/fingerprint.js';
import { isStrings, isStrOrNull } from './cache-light.js';
import type { CardMeta } from './cardMeta.js';
import { isStateCard } from '../state-cards.js';

// [id, title, tags, keywords, claim, updatedAt, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom, excerpt]
export type Row = unknown[];
const ROW_LENGTH = 13;

export function toRow(m: CardMeta): Row {
  return [m.id, m.title, m.tags, m.keywords, m.claim, m.updatedAt, m.questId, m.lineageRuns, m.lineageQuests, m.ignored, m.auto, m.promotedFrom, m.excerpt];
}

export function fromRow(row: unknown, body: BodyPrint | null, file: string, kindDir: MemoryKind, scope: Scope, size: number, mtimeMs: number): CardMeta | null {
  if (!Array.isArray(row) || row.length !== ROW_LENGTH) return null;
  const [id, title, tags, keywords, claim, updatedAt, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom, excerpt] = row;
  if (
    !isStrOrNull(id) || typeof title !== 'string' || !isStrings(tags) || !isStrings(keywords) || !isStrOrNull(claim) ||
    !isStrOrNull(updatedAt) || !isStrOrNull(questId) || !isStrings(lineageRuns) || !isStrings(lineageQuests) ||
    typeof ignored !== 'boolean' || typeof auto !== 'boolean' || !isStrOrNull(promotedFrom) || typeof excerpt !== 'string'
  ) {
    return null;
  }
  return {
    id, title, path: file, kindDir, tags, keywords, claim, updatedAt, scope, questId, lineageRuns, lineageQuests, ignored, state: isStateCard(tags), auto, promotedFrom,
    excerpt, body, size, mtimeMs,
  };
}

/** The rows, UTF-8 encoded one after another into one buffer that grows as needed (no per-row byte count, no join). */
export class RowWriter {
  private buf = Buffer.allocUnsafe(1 << 20);
  length = 0;

  add(text: string): void {
    // A UTF-16 unit is at most 3 UTF-8 bytes: grow first when the worst case would not fit.
    if (this.length + 3 * text.length > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.length + 3 * text.length));
      this.buf.copy(grown, 0, 0, this.length);
      this.buf = grown;
    }
    this.length += this.buf.write(text, this.length);
  }

  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}
