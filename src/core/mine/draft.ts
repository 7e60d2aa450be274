// A mined pattern shaped like a Draft (model.ts), so the review lists it, edits it (`e`) and plans its card like any
// draft: its text is a card (frontmatter id, title, claim, tags; the evidence as body), written nowhere until decided.
import path from 'node:path';
import { stringOrNull, tagList } from '../cards.js';
import { UserError } from '../errors.js';
import { parseCardText } from '../format/frontmatter.js';
import { serializeCard } from '../format/serialize.js';
import { isPlaceholderClaim } from '../quest/drafts.js';
import type { Card, Draft, Meta, Quest, Run } from '../model.js';
import type { LineageEntry } from '../review/card-new.js';
import type { Episode } from './episodes.js';
import { MINED_QUEST } from './ledger.js';
import type { MinedPattern } from './mine.js';
import { percent } from './pattern-text.js';

export interface MinedDraft extends Draft {
  source: 'mined';
  pattern: MinedPattern;
}

/** The pseudo-quest a review of mined patterns runs under: its root is the home (nothing is written in a quest). */
export function minedQuest(home: string): Quest {
  return { id: MINED_QUEST, root: home, home, yaml: { title: 'mined patterns' } };
}

function toDraft(home: string, pattern: MinedPattern, meta: Meta, body: string, raw: string): MinedDraft {
  const title = stringOrNull(meta.title) ?? pattern.title;
  const claim = stringOrNull(meta.claim);
  const tags = tagList(meta.tags);
  // Not a file: named under the state dir so messages and `apply` lines can point at it; never written.
  const file = path.join(home, '.distill', 'mined', `${pattern.id}.md`);
  const card: Card = {
    path: file, scope: 'global', kindDir: 'knowledge', id: pattern.draftId, title, meta, body, hasFrontmatter: true, tags,
    updatedAt: null, questId: null, stat: { size: raw.length, mtimeMs: 0 }, raw,
  };
  return {
    id: pattern.draftId, source: 'mined', pattern, path: file, title, claim, needsEdit: isPlaceholderClaim(claim), tags,
    keywords: [], runIds: [], meta, body, card,
  };
}

export function minedDraft(home: string, pattern: MinedPattern): MinedDraft {
  const meta: Meta = { id: pattern.draftId, title: pattern.title, claim: pattern.claim, tags: pattern.tags, mined_pattern: pattern.id, mined_key: pattern.key };
  return toDraft(home, pattern, meta, pattern.body, serializeCard(meta, pattern.body));
}

/** The pattern as the reviewer edited it (`e`, apply's "text"): same id and evidence, the words from the new text. */
export function minedWithText(draft: MinedDraft, text: string): MinedDraft {
  const parsed = parseCardText(text);
  const where = `pattern ${draft.pattern.id}`;
  if (parsed.error) throw new UserError(`${where}: the edited text is not a card (${parsed.error})`);
  if (!parsed.hasFrontmatter) throw new UserError(`${where}: the edited text has no frontmatter`);
  if (stringOrNull(parsed.meta.id) !== draft.id) throw new UserError(`${where}: the edited text changed the id (was ${draft.id}); ids are kept`);
  const home = path.dirname(path.dirname(path.dirname(draft.path)));
  return toDraft(home, draft.pattern, parsed.meta, parsed.body, text);
}

/** The lineage entry of one episode: the quest, the run's artifact id, and what it showed. */
export function episodeLineage(e: Episode): LineageEntry {
  const vs = e.value !== null && e.baseline !== null ? `${e.metric} ${e.value} vs baseline ${e.baseline} (${percent(e.delta)})` : e.basis;
  return {
    quest: e.questId,
    run: e.artifactId,
    direction: e.runKind === 'main_experiment' ? 'main' : e.runKind ?? 'candidate',
    note: `${e.runId}: ${e.outcome}, ${vs}`,
  };
}

/** The "run" a pattern's decision is recorded against in the review record: the pattern itself. */
export function patternRun(draft: MinedDraft): Run {
  return {
    artifactId: draft.pattern.id, runId: draft.pattern.id, runKind: 'mined pattern', status: null, summary: draft.pattern.claim,
    createdAt: null, updatedAt: null, workspaceRel: '.', file: draft.path, record: {},
  };
}
