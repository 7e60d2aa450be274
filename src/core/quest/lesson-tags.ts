// The tags a lesson drafted for a run starts with (the review's `a`, `distill draft`), in the `domain:` / `task:` /
// `topic:` / `metric:` style of DeepScientist's prompts, so that recall by tag finds the card: from the quest (its
// quest.yaml, the `domain:` and `task:` tags its own memory cards carry, else its id when that names a task), from the
// idea (its card's tags, its record's `mechanism_family`) and from the run's primary metric. They are pre-filled in
// the editor: the reviewer keeps, changes or drops them (docs/CARDS.md).
import path from 'node:path';
import { listCardFiles, readCardFile, stringOrNull } from '../cards.js';
import { MEMORY_KINDS, type Quest } from '../model.js';
import { isStateCard } from '../state-cards.js';
import { scanArtifacts } from './artifacts.js';
import { topicalTags, type RunFacts } from './run-evidence.js';

/** A tag value as DeepScientist's idea cards slug a family (`Subword Regularisation` -> `subword-regularisation`). */
export function tagSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._+]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const QUEST_PREFIX = /^(domain|task):\S/i;

/** The quest's own tags: quest.yaml `tags`, `domain` / `task` fields, the `domain:` and `task:` tags of its memory cards. */
export function questTags(quest: Quest): string[] {
  const out = topicalTags(quest.yaml.tags);
  const add = (tag: string) => {
    if (!out.includes(tag)) out.push(tag);
  };
  for (const field of ['domain', 'task'] as const) {
    const value = stringOrNull(quest.yaml[field]);
    const slug = value ? tagSlug(value) : '';
    if (slug) add(`${field}:${slug}`);
  }
  // What the quest's agents tagged its cards with (quest root memory only: worktrees hold stale copies).
  for (const { file, kind } of listCardFiles(path.join(quest.root, 'memory'), MEMORY_KINDS)) {
    const card = readCardFile(file, 'quest', kind, quest.id).card;
    if (!card || isStateCard(card.tags)) continue;
    for (const tag of card.tags) if (QUEST_PREFIX.test(tag)) add(tag);
  }
  // A quest named for its task (`wnut17-social`, not DeepScientist's numbered `001`) names the task.
  if (!out.some((t) => /^task:/i.test(t)) && /[a-z]/i.test(quest.id)) add(`task:${tagSlug(quest.id)}`);
  return out;
}

/** The `mechanism_family` of the idea record `idea_id` (in any workspace), or null. */
export function ideaFamily(quest: Quest, ideaId: string | null): string | null {
  if (!ideaId) return null;
  for (const artifact of scanArtifacts(quest, ['idea']).artifacts) {
    const r = artifact.record;
    if (r.idea_id !== ideaId && artifact.artifactId !== ideaId) continue;
    const details = typeof r.details === 'object' && r.details !== null ? (r.details as Record<string, unknown>) : {};
    const family = stringOrNull(details.mechanism_family) ?? stringOrNull(r.mechanism_family);
    if (family?.trim()) return family.trim();
  }
  return null;
}

/**
 * The tags of a lesson drafted for a run: `first` (a note's own tags), the quest's, the idea card's topical ones,
 * `topic:<family>` of the idea record and `metric:<primary metric>` of the run; no workflow or state tags.
 */
export function lessonTags(quest: Quest, facts: Pick<RunFacts, 'ideaId' | 'metricId'>, ideaCardTags: unknown, first: unknown = []): string[] {
  const out = topicalTags(first, questTags(quest), ideaCardTags);
  const add = (tag: string) => {
    if (!out.includes(tag)) out.push(tag);
  };
  const family = ideaFamily(quest, facts.ideaId);
  if (family && tagSlug(family)) add(`topic:${tagSlug(family)}`);
  if (facts.metricId?.trim()) add(`metric:${facts.metricId.trim()}`);
  return out;
}
