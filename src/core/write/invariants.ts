// PR #60's cross-quest patch rules (`validate_cross_quest_patch`), enforced on every patch we build:
// a card whose lineage names only the patching quest (or nothing) may be edited freely; any other card keeps its
// claim, never gains confidence, and only grows: lineage, tags and keywords by appending, the body by a paragraph.
import { stringOrNull } from '../cards.js';
import type { Meta } from '../model.js';
import { canonicalJson } from './ids.js';

/** A lineage quest as a string; PR #60 drafts write `quest: 001` unquoted, which YAML 1.1 reads as the number 1. */
function questKey(value: unknown, patchingQuest: string): string | null {
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
  const oldConf = typeof before.confidence === 'number' ? before.confidence : null;
  const newConf = typeof after.confidence === 'number' ? after.confidence : null;
  if (newConf !== null && (oldConf === null || newConf > oldConf)) {
    out.push(`confidence may not increase on a ${why} (${oldConf ?? 'unset'} -> ${newConf})`);
  }
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

