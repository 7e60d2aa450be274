// PR #60's cross-quest patch rules (`validate_cross_quest_patch`), enforced on every patch we build:
// a card whose lineage names only the patching quest (or nothing) may be edited freely; any other card keeps its
// claim, never gains confidence, and only grows: lineage, tags and keywords by appending, the body by a paragraph.
import { stringOrNull } from '../cards.js';
import type { Meta } from '../model.js';
import { canonicalJson } from './ids.js';

/** A lineage quest as a string; PR #60 drafts write `quest: 001` unquoted, which YAML 1.1 reads as the number 1. */
export function questKey(value: unknown, patchingQuest: string): string | null {
  if (typeof value === 'number' && /^\d+$/.test(patchingQuest) && Number(patchingQuest) === value) return patchingQuest;
  return stringOrNull(value);
}

export function lineageQuests(meta: Meta, patchingQuest: string): string[] {
  const lineage = Array.isArray(meta.lineage) ? meta.lineage : [];
  const out: string[] = [];
  for (const entry of lineage) {
    if (!entry || typeof entry !== 'object') continue;
    const q = questKey((entry as Record<string, unknown>).quest, patchingQuest);
    if (q && !out.includes(q)) out.push(q);
  }
  return out;
}

/** Same quest: the card's lineage names no quest or only the patching one. */
export function isSameQuest(meta: Meta, patchingQuest: string): boolean {
  const quests = lineageQuests(meta, patchingQuest);
  return quests.length === 0 || (quests.length === 1 && quests[0] === patchingQuest);
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

function startsWith(older: unknown, newer: unknown): boolean {
  const a = Array.isArray(older) ? older : older === undefined || older === null ? [] : [older];
  if (!Array.isArray(newer)) return a.length === 0 && (newer === undefined || newer === null);
  return a.length <= newer.length && a.every((item, i) => same(item, newer[i]));
}

/** Python's `str(value or "").strip()` for the scalars a card holds: falsy values (None, False, 0, "", [], {}) are "". */
export function pyStrOr(value: unknown): string {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return '';
  if (Array.isArray(value)) return value.length ? JSON.stringify(value) : '';
  if (typeof value === 'object') return Object.keys(value).length ? JSON.stringify(value) : '';
  return String(value).trim();
}

/**
 * PR #60's `validate_experience_metadata`, check for check: a non-empty `claim`, a non-empty `lineage` list of
 * mappings each with a non-empty `quest` and `run`. Each problem as {field, message}; empty when it would pass.
 */
export function experienceProblems(meta: Meta): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (!pyStrOr(meta.claim)) out.push({ field: 'claim', message: 'must be a non-empty string' });
  const lineage = meta.lineage;
  if (!Array.isArray(lineage) || lineage.length === 0) {
    out.push({ field: 'lineage', message: 'must be a non-empty list' });
    return out;
  }
  lineage.forEach((entry, i) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return out.push({ field: `lineage[${i}]`, message: 'must be a mapping' });
    for (const key of ['quest', 'run']) {
      if (!pyStrOr((entry as Record<string, unknown>)[key])) out.push({ field: `lineage[${i}].${key}`, message: 'must be non-empty' });
    }
  });
  return out;
}

/** Python's `float(value)` for a confidence, or null when Python would raise. */
function pyFloat(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const t = value.trim().replace(/_/g, '');
    if (/^[+-]?(?:inf(?:inity)?|nan)$/i.test(t)) return /nan/i.test(t) ? NaN : t.startsWith('-') ? -Infinity : Infinity;
    return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(t) ? Number(t) : null;
  }
  return null;
}

/** Fields a cross-quest patch may touch besides the append-only lists. */
const BOOKKEEPING = new Set(['occurrences', 'last_seen', 'updated_at']);
const APPEND_ONLY = ['lineage', 'tags', 'keywords'];

/** Every broken rule, each as a sentence naming it. Empty when the patch is allowed. */
export function crossQuestViolations(
  before: Meta,
  after: Meta,
  bodyBefore: string,
  bodyAfter: string,
  patchingQuest: string,
): string[] {
  if (isSameQuest(before, patchingQuest)) return [];
  const quests = lineageQuests(before, patchingQuest).join(', ');
  const why = `cross-quest patch (the card's lineage names ${quests})`;
  const out: string[] = [];
  if (!same(before.claim, after.claim)) out.push(`claim is locked on a ${why}`);
  // PR #60: float(after.get("confidence", 0.0)) > float(before.get("confidence", 0.0)) raises, as does float() itself.
  const oldConf = 'confidence' in before ? pyFloat(before.confidence) : 0;
  const newConf = 'confidence' in after ? pyFloat(after.confidence) : 0;
  if (oldConf === null || newConf === null) out.push(`confidence is not a number, which PR #60 cannot compare on a ${why}`);
  else if (newConf > oldConf) out.push(`confidence may not increase on a ${why} (${before.confidence ?? 'unset'} -> ${after.confidence})`);
  for (const key of APPEND_ONLY) {
    if (!startsWith(before[key], after[key])) out.push(`${key} is append-only on a ${why}`);
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (key === 'claim' || key === 'confidence' || APPEND_ONLY.includes(key) || BOOKKEEPING.has(key)) continue;
    if (!same(before[key], after[key])) out.push(`${key} may not change on a ${why}; only lineage, tags and keywords grow`);
  }
  if (!bodyAfter.startsWith(bodyBefore.replace(/\s+$/, ''))) out.push(`the body may only gain a paragraph on a ${why}`);
  return out;
}

