// What `distill recall` answers, shared by the command, the MCP `recall` tool and the socket server: the cards
// ranked (core recallCards), the --json object, and the pre-task checklist text.
import path from 'node:path';
import { buildTagIndex, buildTagIndexOfView, readScope, recallCards, resolveQuest, toCardMeta, type CardMeta, type FileWarning, type MemoryKind, type Recalled, type TagIndex, UserError } from '../../core/index.js';
import type { CardSource } from './source.js';

export type RecallScope = 'global' | 'quest' | 'both';

export interface RecallAsk {
  home: string;
  env: NodeJS.ProcessEnv;
  /** For the quest around the current directory (scope quest|both without `quest`). */
  cwd: string;
  tags: string[];
  kind?: MemoryKind;
  limit: number;
  scope: RecallScope;
  quest?: string;
  /** Words to rank global cards by (the neighbor engine: IDF-weighted words, title similarity) with the tags. */
  text?: string;
  /** State cards (checkpoints, resume packets) too; left out by default (docs/CARDS.md). */
  includeState?: boolean;
}

export interface RecallHit extends Recalled {
  /** With `text`: the neighbor engine's score and reasons. */
  score?: number;
  reasons?: string[];
}

export interface RecallAnswer {
  hits: RecallHit[];
  warnings: FileWarning[];
}

/** Global cards ranked by the neighbor engine for words and tags (ignored cards never), of `kind` if given. */
async function recallByText(ask: RecallAsk, text: string, source: CardSource): Promise<RecallAnswer> {
  if (ask.scope !== 'global') throw new UserError(`--text ranks global cards; give --scope global (got ${ask.scope})`);
  const store = source.store(ask.home, ask.env);
  const { kind, limit, tags } = ask;
  // Cards of other kinds are dropped after ranking: ask for more so `limit` of this kind remain.
  const found = (await source.neighborIndex(store)).query({ title: text, tags }, { limit: kind ? Math.max(limit * 5, 50) : limit });
  const hits = found
    .filter((n) => !kind || n.card.kindDir === kind)
    .slice(0, limit)
    .map((n) => {
      const sharedTags = tags.filter((t) => n.card.tags.includes(t));
      return { card: n.card, overlap: sharedTags.length, sharedTags, score: n.score, reasons: n.reasons };
    });
  return { hits, warnings: store.warnings };
}

function claimOf(card: CardMeta): string {
  return card.claim ?? card.title;
}

export async function recall(ask: RecallAsk, source: CardSource): Promise<RecallAnswer> {
  if (ask.text?.trim()) return recallByText(ask, ask.text.trim(), source);
  const { home, kind, limit, tags } = ask;
  // Global cards through the store (metadata cache, never written into the home) and a tag index of their metadata
  // alone (no neighbor index: nothing is tokenized); quest cards, few, read directly. Global alone: tags come from the
  // cache's light section and only the cards ranked are decoded.
  const cards: CardMeta[] = [];
  const warnings: FileWarning[] = [];
  let index: TagIndex | null = null;
  if (ask.scope !== 'quest') {
    const store = source.store(home, ask.env, kind ? [kind] : undefined);
    if (ask.scope === 'global') index = buildTagIndexOfView(store.view(), { ranked: source.resident === true });
    else cards.push(...store.cards);
    warnings.push(...store.warnings);
  }
  if (ask.scope !== 'global') {
    const quest = resolveQuest(home, ask.quest, ask.cwd);
    const read = readScope(path.join(quest.root, 'memory'), 'quest', quest.id, kind ? [kind] : undefined);
    for (const c of read.cards) if (c.hasFrontmatter) cards.push(toCardMeta(c.path, c.kindDir, 'quest', c.meta, c.body, c.stat, quest.id));
    warnings.push(...read.warnings);
  }
  return { hits: recallCards(index ?? buildTagIndex(cards), { tags, kind, limit, includeState: ask.includeState === true }), warnings };
}

/** `distill recall --json`. */
export function recallJson(ask: RecallAsk, hits: readonly RecallHit[]): Record<string, unknown> {
  const byText = ask.text?.trim() ? { text: ask.text.trim() } : {};
  return {
    ...byText,
    tags: ask.tags,
    kind: ask.kind ?? null,
    scope: ask.scope,
    cards: hits.map(({ card, sharedTags, score, reasons }) => ({
      card_id: card.id,
      title: card.title,
      kind: card.kindDir,
      scope: card.scope,
      path: card.path,
      tags: card.tags,
      overlap: sharedTags.length,
      shared_tags: sharedTags,
      updated_at: card.updatedAt,
      claim: card.claim,
      ...(score === undefined ? {} : { score, reasons }),
    })),
  };
}

/** `distill recall --checklist`: the lessons as a block for an agent's prompt. */
export function checklist(hits: readonly Recalled[], tags: readonly string[]): string {
  const head = tags.length ? `tags ${tags.join(', ')}` : 'most recent';
  const lines = [`## What we already know (distill recall, ${head})`, ''];
  if (hits.length === 0) lines.push('- (no lessons recorded yet for these tags)');
  for (const { card, sharedTags } of hits) {
    const why = sharedTags.length ? `; tags: ${sharedTags.join(', ')}` : '';
    lines.push(`- [ ] ${claimOf(card).replace(/\s+/g, ' ')} (${card.id ?? path.basename(card.path)}${why})`);
  }
  lines.push('', 'Check each lesson against the plan before starting; say which ones you relied on.');
  return lines.join('\n') + '\n';
}
