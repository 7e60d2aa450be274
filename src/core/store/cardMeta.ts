// The light metadata of a card that lists, neighbors and recall need; the body and full frontmatter are read on demand.
import path from 'node:path';
import { detach, NO_STRINGS, stringOrNull, tagList, type ReadCardResult } from '../cards.js';
import type { MemoryKind, Meta, Scope } from '../model.js';
import { bodyPrint, type BodyPrint } from '../neighbors/fingerprint.js';
import { isStateCard } from '../state-cards.js';
import { withBodyFields } from '../format/body-fields.js';

export interface CardMeta {
  /** `id` from the frontmatter, or null (a card without frontmatter). */
  id: string | null;
  /** Frontmatter title, else the file stem. */
  title: string;
  /** Absolute path of the `.md` file. */
  path: string;
  kindDir: MemoryKind;
  tags: string[];
  keywords: string[];
  claim: string | null;
  /** As written; never a Date. */
  updatedAt: string | null;
  scope: Scope;
  questId: string | null;
  /** `run` of every `lineage` entry, as strings. */
  lineageRuns: string[];
  /** `quest` of every `lineage` entry, as strings (an unquoted `001` reads as `1`: PyYAML 1.1). */
  lineageQuests: string[];
  /** `ignored: true` in the frontmatter: left out of recall and neighbors. */
  ignored: boolean;
  /** A state card (a checkpoint / resume packet by its tags, state-cards.ts): not a lesson. */
  state: boolean;
  /** Written by an agent and not reviewed yet: `status: draft` or `source: auto` (isAutoMeta). */
  auto: boolean;
  /** `promoted_from.path`: the quest card this global card was promoted from, or null. */
  promotedFrom: string | null;
  /** First line of the trimmed body (at most 160 characters), for lists. */
  excerpt: string;
  /** The body's fingerprint (normalized key, MinHash), null for an empty body; absent on metadata made by hand. */
  body?: BodyPrint | null;
  size: number;
  mtimeMs: number;
}

function keywordList(value: unknown): string[] {
  if (typeof value === 'string') return tagList(value.split(','));
  return tagList(value);
}

function lineageField(value: unknown, field: 'run' | 'quest'): string[] {
  if (!Array.isArray(value) || value.length === 0) return NO_STRINGS;
  const out = new Set<string>(); // a Set: linear in a huge list (issue 18)
  for (const entry of value) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const text = stringOrNull((entry as Meta)[field])?.trim();
    if (text) out.add(detach(text));
  }
  return out.size ? [...out] : NO_STRINGS;
}

/** An agent's card not reviewed yet: `status: draft` or `source: auto` (any case). */
export function isAutoMeta(meta: Meta): boolean {
  return stringOrNull(meta.status)?.toLowerCase() === 'draft' || stringOrNull(meta.source)?.toLowerCase() === 'auto';
}

/** The field as a string of its own (detach: not a view that keeps the whole file's text alive), or null. */
function own(value: unknown): string | null {
  const text = stringOrNull(value);
  return text === null ? null : detach(text);
}

function promotedFromPath(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return own((value as Meta).path);
}

export function excerptOf(body: string): string {
  const trimmed = body.trim();
  const end = trimmed.indexOf('\n');
  const line = end < 0 ? trimmed : trimmed.slice(0, end);
  return line.length > 160 ? line.slice(0, 159) + '…' : line;
}

export function toCardMeta(
  file: string,
  kindDir: MemoryKind,
  scope: Scope,
  meta: Meta,
  body: string,
  stat: { size: number; mtimeMs: number },
  questId: string | null = null,
): CardMeta {
  // A claim or keywords the top level lacks are read from a second block at the start of the body (dual frontmatter).
  const fields = withBodyFields(meta, body, ['claim', 'keywords']);
  const claim = stringOrNull(fields.claim)?.trim();
  const tags = tagList(meta.tags);
  // Every string kept is a copy of its own (own, detach), not a view that would keep the whole file's text alive.
  return {
    id: own(meta.id),
    title: own(meta.title) ?? path.basename(file, '.md'),
    path: file,
    kindDir,
    tags,
    keywords: keywordList(fields.keywords),
    claim: claim ? detach(claim) : null,
    updatedAt: own(meta.updated_at),
    scope,
    questId: questId ?? own(meta.quest_id),
    lineageRuns: lineageField(meta.lineage, 'run'),
    lineageQuests: lineageField(meta.lineage, 'quest'),
    ignored: meta.ignored === true,
    state: isStateCard(tags),
    auto: isAutoMeta(meta),
    promotedFrom: promotedFromPath(meta.promoted_from),
    excerpt: detach(excerptOf(body)),
    body: bodyPrint(body),
    size: stat.size,
    mtimeMs: stat.mtimeMs,
  };
}

/**
 * The global cards as the drafts list and the write plan use them: light metadata of all, a whole card read only when
 * one is needed (a card to patch, a global draft). A Store is one; so is NO_GLOBAL_CARDS.
 */
export interface GlobalCards {
  /** Usable cards in path order. */
  readonly cards: readonly CardMeta[];
  /** The first card (in path order) with this id. */
  byId(id: string): CardMeta | undefined;
  /** The whole card, read from disk now. */
  readCard(card: CardMeta): ReadCardResult;
  /** Every card's id and links in path order, without decoding the cards where the store can (linksOf). */
  links?(): readonly CardLinks[];
}

/** What the drafts list needs of every global card (is a quest card held, is it an agent's draft), and the card. */
export interface CardLinks extends Pick<CardMeta, 'id' | 'promotedFrom' | 'auto' | 'questId' | 'lineageQuests'> {
  meta(): CardMeta | null;
}

export function linksOf(global: GlobalCards): readonly CardLinks[] {
  if (global.links) return global.links();
  return global.cards.map((card) => ({
    id: card.id, promotedFrom: card.promotedFrom, auto: card.auto, questId: card.questId, lineageQuests: card.lineageQuests, meta: () => card,
  }));
}

export const NO_GLOBAL_CARDS: GlobalCards = {
  cards: [],
  byId: () => undefined,
  readCard: (card) => ({ card: null, warnings: [{ file: card.path, message: 'not a global card' }] }),
};
