// RFC #64 recall: cards ranked by how many of the asked tags they carry (exact string equality, as DeepScientist's
// tags are free strings), then by updated_at, newest first; no tags means most recent. Ignored cards never show.
import type { Card, MemoryKind } from './model.js';

export interface RecallQuery {
  tags: string[];
  kind?: MemoryKind;
  limit: number;
}

export interface RecallHit {
  card: Card;
  sharedTags: string[];
}

/** Seconds since the epoch for an ISO timestamp as DeepScientist writes or hand-writers leave it; NaN if unparseable. */
export function isoTime(value: string | null): number {
  if (!value) return NaN;
  const normalized = value.trim().replace(' ', 'T');
  return Date.parse(normalized);
}

export function isIgnored(card: Card): boolean {
  return card.meta.ignored === true;
}

/** DeepScientist's recency order: parsed updated_at descending (unparseable last), then path descending. */
export function byRecency(a: Card, b: Card): number {
  const ta = isoTime(a.updatedAt);
  const tb = isoTime(b.updatedAt);
  const na = Number.isNaN(ta);
  const nb = Number.isNaN(tb);
  if (na !== nb) return na ? 1 : -1;
  if (!na && ta !== tb) return tb - ta;
  return a.path < b.path ? 1 : a.path > b.path ? -1 : 0;
}

export function recall(cards: readonly Card[], query: RecallQuery): RecallHit[] {
  const asked = [...new Set(query.tags)];
  const hits: RecallHit[] = [];
  for (const card of cards) {
    if (isIgnored(card)) continue;
    if (query.kind && card.kindDir !== query.kind) continue;
    const shared = asked.filter((t) => card.tags.includes(t));
    if (asked.length && shared.length === 0) continue;
    hits.push({ card, sharedTags: shared });
  }
  hits.sort((a, b) => b.sharedTags.length - a.sharedTags.length || byRecency(a.card, b.card));
  return hits.slice(0, Math.max(0, query.limit));
}
