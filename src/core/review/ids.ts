// Deterministic ids and timestamps in DeepScientist's shapes. A re-run of the same review must produce the same ids,
// so ids are hashes of what was decided, never random; timestamps come from an injectable clock (DISTILL_NOW).
import crypto from 'node:crypto';
import { UserError } from '../errors.js';

export function sha256Hex(...parts: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

/** `knowledge-<8hex>` for the card a draft becomes in a quest run. */
export function newCardId(questId: string, runId: string, draftId: string, salt = ''): string {
  return `knowledge-${sha256Hex('card', questId, runId, draftId, salt).slice(0, 8)}`;
}

/** `decision-<8hex>` from the review's content (the decisions, not the clock). */
export function reviewIdFor(questId: string, canonicalDecisions: string, salt = ''): string {
  return `decision-${sha256Hex('distill_review', questId, canonicalDecisions, salt).slice(0, 8)}`;
}

export const REVIEW_ID_RE = /^decision-[0-9a-f]{8}$/;

export function assertReviewId(id: string): string {
  if (!REVIEW_ID_RE.test(id)) throw new UserError(`${id}: not a review id (expected decision-<8 hex>)`);
  return id;
}

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** DeepScientist's `utc_now()`: second precision, `+00:00`, never `Z`. DISTILL_NOW overrides it (tests). */
export function isoNow(env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): string {
  const fixed = env.DISTILL_NOW;
  if (fixed) {
    if (!ISO_RE.test(fixed)) throw new UserError(`DISTILL_NOW=${fixed}: expected YYYY-MM-DDTHH:MM:SS+00:00`);
    return fixed;
  }
  return now.toISOString().slice(0, 19) + '+00:00';
}

/** JSON with object keys sorted at every level: a stable text to hash. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
