// One new card of a plan (`new` / `neighbor_but_separate`): its id, free file name, frontmatter and index line.
// `related` is exactly the chosen neighbor; a decisions line that names none relates its neighbor_but_separate entries.
import path from 'node:path';
import { UserError } from '../errors.js';
import type { Draft, Run } from '../model.js';
import { deepScientistReadsFrontmatter } from '../format/serialize.js';
import { type LineageEntry, memoryIndexLine, newCardBody, newCardMeta, newCardTags, newCardText } from './card-new.js';
import type { NeighborDecision } from './decision.js';
import { newCardId } from './ids.js';
import type { PlannedNewCard } from './plan-types.js';
import { cardFileName } from './slug.js';
import { NEIGHBOR_REASON, type StagedDecision } from './staged.js';

export interface NewCardPlanInput {
  staged: StagedDecision;
  draft: Draft;
  run: Run;
  questId: string;
  now: string;
  claim: string;
  where: string;
  /** The draft's neighbor entries; the chosen neighbor is added when missing. */
  neighborEntries: NeighborDecision[];
  knowledgeDir: string;
  isGlobal: (id: string) => boolean;
  isTaken: (file: string) => boolean;
  idTaken: (id: string) => boolean;
  /** The card's `quest_id` when not `questId` (card-new.ts). */
  cardQuestId?: string | null;
  /** The whole lineage of a card from several runs (card-new.ts). */
  lineage?: LineageEntry[];
}

export function planNewCard(input: NewCardPlanInput): { card: PlannedNewCard; index: { file: string; line: string } } {
  const { staged: s, draft, run, questId, where, neighborEntries } = input;
  const fail = (message: string): never => {
    throw new UserError(message);
  };
  const overrides = s.overrides ?? {};
  const title = (overrides.title ?? draft.title).trim();
  if (!title) fail(`${where}: the card needs a title`);
  const related: string[] = [];
  if (s.decision === 'neighbor_but_separate') {
    if (s.neighborId) {
      if (!input.isGlobal(s.neighborId)) fail(`${where}: neighbor ${s.neighborId} is not a global card`);
      related.push(s.neighborId);
      if (!neighborEntries.some((e) => e.candidate_card_id === s.neighborId)) {
        neighborEntries.unshift({ candidate_card_id: s.neighborId, decision: 'neighbor_but_separate', target_run_id: run.artifactId, reason: s.reason || NEIGHBOR_REASON.neighbor_but_separate });
      }
    } else {
      for (const e of neighborEntries) if (e.decision === 'neighbor_but_separate' && !related.includes(e.candidate_card_id)) related.push(e.candidate_card_id);
    }
    if (!related.length) fail(`${where}: neighbor_but_separate needs "neighbor" or a neighbor_but_separate entry in "neighbors"`);
  }
  let id = newCardId(questId, run.artifactId, draft.id);
  for (let salt = 1; input.idTaken(id); salt++) id = newCardId(questId, run.artifactId, draft.id, String(salt));
  const file = cardFileName(input.knowledgeDir, title, id, input.isTaken);
  const tags = newCardTags(draft, overrides.tags);
  const meta = newCardMeta({ draft, questId, run, cardId: id, title, claim: input.claim, tags, related, now: input.now, cardQuestId: input.cardQuestId, lineage: input.lineage });
  const body = newCardBody(draft, input.claim);
  const content = newCardText(meta, body);
  if (!deepScientistReadsFrontmatter(content)) fail(`${where}: a value contains "---", where DeepScientist would cut the frontmatter`);
  const warnings = tags.length ? [] : ['no tags (and no conditions): recall by tag will never find this card; add tags to the draft'];
  return {
    card: { draftId: draft.id, cardId: id, decision: s.decision as PlannedNewCard['decision'], runId: run.artifactId, path: file, content, warnings },
    index: { file: path.join(input.knowledgeDir, '_index.jsonl'), line: memoryIndexLine(meta, file, body) },
  };
}
