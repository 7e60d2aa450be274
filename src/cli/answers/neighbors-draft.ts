// `distill neighbors <draft id>`: finding the draft among the quest's drafts, loaded by answers/neighbors.ts only for a draft
// id (reading the drafts brings the review's state files and their schemas, which a card's neighbors do not need).
import path from 'node:path';
import { listDrafts, NO_GLOBAL_CARDS, probeFromMeta, resolveQuest, UserError, type Draft, type NeighborProbe, type Store } from '../../core/index.js';

/** What `distill neighbors` looks up neighbors of: a card, a draft or a card file. */
export interface Target {
  kind: 'card' | 'draft' | 'file';
  id: string | null;
  title: string;
  path: string;
  tags: string[];
  probe: NeighborProbe;
}

function fromDraft(draft: Draft): Target {
  const probe = probeFromMeta(draft.meta, draft.body, draft.title, draft.path);
  probe.title = draft.title;
  probe.claim = draft.claim;
  probe.tags = draft.tags;
  probe.keywords = draft.keywords;
  probe.excludeIds = [draft.id, ...(probe.excludeIds ?? [])];
  return { kind: 'draft', id: draft.id, title: draft.title, path: draft.path, tags: draft.tags, probe };
}

/** The draft of the quest (--quest, else the quest around the cwd) with this id or file stem. */
export function draftTarget(arg: string, store: Store, cwd: string, quest: string | undefined): Target {
  let questRef;
  try {
    questRef = resolveQuest(store.home, quest, cwd);
  } catch (error) {
    if (quest) throw error;
    throw new UserError(`${arg}: no global card with this id (for a draft id, give --quest or run inside the quest)`);
  }
  // Quest cards held by a global card are drafts too for this lookup: the question is "which file is this".
  const { drafts } = listDrafts(questRef, { global: NO_GLOBAL_CARDS, includeReviewed: true });
  const stem = (d: Draft) => path.basename(d.path, '.md');
  const draft = drafts.find((d) => d.id === arg) ?? drafts.find((d) => stem(d) === arg);
  if (draft) return fromDraft(draft);
  throw new UserError(`${arg}: no global card or draft of quest ${questRef.id} with this id`);
}
