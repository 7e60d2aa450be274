// A new global knowledge card from a draft, shaped like PR #60's experience cards: the experience fields first
// (as DeepScientist keeps caller metadata first), then its standard keys in `write_card` order.
import { stringOrNull, tagList } from '../cards.js';
import type { Draft, Meta, Run } from '../model.js';
import { PyFloat, pyJsonLine } from '../format/pyjson.js';
import { resolvesTo } from '../format/yaml11-rules.js';
import { pyStrip, serializeCard } from '../format/serialize.js';

/** DeepScientist's `_normalize_tags` for a list: str().strip(), blanks dropped, exact duplicates removed. */
export function normalizeTags(value: unknown): string[] {
  return tagList(value);
}

export function unionList(a: readonly string[], b: readonly string[]): string[] {
  const out = [...a];
  for (const item of b) if (!out.includes(item)) out.push(item);
  return out;
}

export interface LineageEntry {
  quest: string;
  run: string;
  direction: string;
  note: string;
}

/** The draft's lineage entry for the target run (quest id as a string, run = the run's artifact_id). */
export function lineageEntryFor(draft: Draft, questId: string, run: Run): LineageEntry {
  const entries = Array.isArray(draft.meta.lineage) ? draft.meta.lineage : [];
  const records = entries.filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object');
  const match =
    records.find((e) => {
      const r = stringOrNull(e.run);
      return r !== null && (r === run.artifactId || r === run.runId);
    }) ?? records[0];
  const direction =
    stringOrNull(match?.direction) ?? (run.runKind === 'main_experiment' ? 'main' : run.runKind ?? 'main');
  const note = stringOrNull(match?.note) ?? run.summary ?? '';
  return { quest: questId, run: run.artifactId, direction, note };
}

/** The first line of `body.strip()`, as DeepScientist's index `excerpt`. */
export function excerptOf(body: string): string {
  const stripped = pyStrip(body);
  return stripped === '' ? '' : stripped.split('\n')[0];
}

export interface NewCardInput {
  draft: Draft;
  questId: string;
  run: Run;
  cardId: string;
  title: string;
  claim: string;
  tags: string[];
  related: string[];
  now: string;
  /** The card's `quest_id` when it is not `questId` (a quirks entry's card has none: null). */
  cardQuestId?: string | null;
  /** The whole lineage, when the card comes from several runs (a mined pattern names every run of its evidence). */
  lineage?: LineageEntry[];
}

/** Keys a new card sets itself (DeepScientist's standard keys, distill's choices) or drops (an agent's draft marker). */
const OWN_KEYS = new Set([
  'subtype', 'claim', 'lineage', 'keywords', 'tags', 'related', 'id', 'type', 'kind', 'title', 'quest_id',
  'created_at', 'updated_at', 'scope', 'promoted_from', 'status', 'source', 'run', 'run_id', 'source_run', 'target_run_id',
]);

/** Top-level frontmatter keys whose plain scalar PyYAML reads as a float (`confidence: 1.0`), from the source text. */
export function floatKeys(raw: string): Set<string> {
  const out = new Set<string>();
  const text = raw.replace(/\r\n/g, '\n');
  if (!text.startsWith('---\n')) return out;
  for (const line of text.slice(4).split('\n')) {
    if (line === '---') break;
    const m = /^([A-Za-z_][\w-]*):[ \t]+([^#'"\s][^#]*?)\s*$/.exec(line);
    if (m && resolvesTo(m[2]) === 'float') out.add(m[1]);
  }
  return out;
}

/** A value as the source held it: a number written as a float stays a float (`1.0`, not `1`). */
export function keepFloat(value: unknown, wasFloat: boolean): unknown {
  return wasFloat && typeof value === 'number' ? new PyFloat(value) : value;
}

/**
 * The card's frontmatter: `subtype: experience`, the claim, then every other field the draft has (mechanism,
 * conditions, confidence, …, floats kept floats), lineage, keywords and tags; then DeepScientist's standard keys.
 */
export function newCardMeta(input: NewCardInput): Meta {
  const { draft } = input;
  const floats = floatKeys(draft.card.raw);
  const meta: Meta = { subtype: 'experience', claim: input.claim };
  for (const [key, value] of Object.entries(draft.meta)) {
    if (OWN_KEYS.has(key) || value === undefined) continue;
    meta[key] = keepFloat(value, floats.has(key));
  }
  meta.lineage = input.lineage?.length ? input.lineage : [lineageEntryFor(draft, input.questId, input.run)];
  meta.keywords = normalizeTags(draft.meta.keywords);
  meta.tags = input.tags;
  if (input.related.length) meta.related = input.related;
  Object.assign(meta, {
    id: input.cardId,
    type: 'knowledge',
    kind: 'knowledge',
    title: input.title,
    quest_id: input.cardQuestId === undefined ? input.questId : input.cardQuestId,
    created_at: input.now,
    updated_at: input.now,
    scope: 'global',
  });
  return meta;
}

/** A new card's tags: the draft's tags, else its `conditions` (PR #60's scoping tags), so recall can find it. */
export function newCardTags(draft: Draft, override?: string[]): string[] {
  if (override) return normalizeTags(override);
  const tags = normalizeTags(draft.tags);
  return tags.length ? tags : normalizeTags(draft.meta.conditions).filter((t) => !/^todo\b/i.test(t));
}

/** The body of a new card: the draft's evidence, or its claim when the draft has no body. */
export function newCardBody(draft: Draft, claim: string): string {
  return pyStrip(draft.body) === '' ? claim : draft.body.replace(/^\n+/, '');
}

export function newCardText(meta: Meta, body: string): string {
  return serializeCard(meta, body);
}

/** One `memory/<kind>/_index.jsonl` line (with its newline) as `write_card` appends it. */
export function memoryIndexLine(meta: Meta, file: string, body: string): string {
  return (
    pyJsonLine({
      id: meta.id ?? null,
      title: meta.title ?? null,
      type: meta.type ?? null,
      path: file,
      quest_id: meta.quest_id ?? null,
      scope: meta.scope ?? null,
      tags: Array.isArray(meta.tags) ? meta.tags : [],
      updated_at: meta.updated_at ?? null,
      excerpt: excerptOf(body),
    }) + '\n'
  );
}
