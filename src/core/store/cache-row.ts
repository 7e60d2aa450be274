// One card's row in the metadata cache (cache.ts): its metadata as a JSON array, and back, checked field by field (a
// row that does not check out is never used: that card is read from its file).
import type { MemoryKind, Scope } from '../model.js';
import { isBodyPrint } from '../neighbors/fingerprint.js';
import { isStrings, isStrOrNull } from './cache-light.js';
import type { CardMeta } from './cardMeta.js';

// [id, title, tags, keywords, claim, updatedAt, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom, excerpt,
//  bodyKey, bodySig] (the body's fingerprint, neighbors/fingerprint.ts; both null for an empty body)
export type Row = unknown[];
const ROW_LENGTH = 15;

export function toRow(m: CardMeta): Row {
  return [
    m.id, m.title, m.tags, m.keywords, m.claim, m.updatedAt, m.questId, m.lineageRuns, m.lineageQuests, m.ignored, m.auto, m.promotedFrom,
    m.excerpt, m.body?.key ?? null, m.body?.sig ?? null,
  ];
}


export function fromRow(row: unknown, file: string, kindDir: MemoryKind, scope: Scope, size: number, mtimeMs: number): CardMeta | null {
  if (!Array.isArray(row) || row.length !== ROW_LENGTH) return null;
  const [id, title, tags, keywords, claim, updatedAt, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom, excerpt, bodyKey, bodySig] = row;
  const body = bodyKey === null && bodySig === null ? null : { key: bodyKey, sig: bodySig };
  if (
    !isStrOrNull(id) || typeof title !== 'string' || !isStrings(tags) || !isStrings(keywords) || !isStrOrNull(claim) ||
    !isStrOrNull(updatedAt) || !isStrOrNull(questId) || !isStrings(lineageRuns) || !isStrings(lineageQuests) ||
    typeof ignored !== 'boolean' || typeof auto !== 'boolean' || !isStrOrNull(promotedFrom) || typeof excerpt !== 'string' || (body !== null && !isBodyPrint(body))
  ) {
    return null;
  }
  return {
    id, title, path: file, kindDir, tags, keywords, claim, updatedAt, scope, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom,
    excerpt, body, size, mtimeMs,
  };
}

