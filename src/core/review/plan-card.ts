// What one draft decision (new / patch / neighbor_but_separate / reject) writes, shared by a quest's plan (plan.ts)
// and the quirks files' plan (plan-quirks.ts): its neighbor entries, the new card or the patch of a global card.
import path from 'node:path';
import { stringOrNull } from '../cards.js';
import { UserError } from '../errors.js';
import { isPlaceholderClaim } from '../quest/drafts.js';
import type { Card, Draft, Meta, Run } from '../model.js';
import type { CardMeta, GlobalCards } from '../store/cardMeta.js';
import { buildAccept } from './card-accept.js';
import { memoryIndexLine, type LineageEntry } from './card-new.js';
import { buildPatch } from './card-patch.js';
import type { CardWritten, NeighborDecision } from './decision.js';
import { planNewCard } from './plan-new-card.js';
import type { PlannedNewCard, PlannedPatch } from './plan-types.js';
import { NEIGHBOR_DECISIONS, NEIGHBOR_REASON, type StagedDecision } from './staged.js';

function fail(message: string): never {
  throw new UserError(message);
}

/** What the decisions of one plan have written so far (a card patched twice is patched once, with both). */
export interface CardPlanState {
  home: string;
  global: GlobalCards;
  now: string;
  exists: (file: string) => boolean;
  taken: Set<string>;
  patches: Map<string, PlannedPatch & { card: Card }>;
  newCards: PlannedNewCard[];
  memoryIndex: { file: string; line: string }[];
  cardsWritten: CardWritten[];
  neighborDecisions: NeighborDecision[];
}

export function cardPlanState(home: string, global: GlobalCards, now: string, exists: (file: string) => boolean): CardPlanState {
  return {
    home, global, now, exists, taken: new Set(global.cards.map((c) => c.path)), patches: new Map(), newCards: [], memoryIndex: [],
    cardsWritten: [], neighborDecisions: [],
  };
}

export interface CardDecision {
  staged: StagedDecision;
  draft: Draft;
  run: Run;
  /** `draft <id>`: how messages name the draft. */
  where: string;
  /** The quest the lineage entry and patch paragraph name (a quirks entry: its file's name). */
  lineageQuest: string;
  /** The new card's `quest_id` when not lineageQuest (card-new.ts). */
  cardQuestId?: string | null;
  /** The whole lineage when the evidence is several runs (a mined pattern): written on a new card, appended by a patch. */
  lineage?: LineageEntry[];
}

/**
 * Plans a revision of a global card (a patch, or an accepted agent's draft): `build` gets the card as this plan has it
 * so far (a card revised twice is revised once, with both) and whether an earlier decision revised it already.
 */
function reviseCard(
  state: CardPlanState,
  d: CardDecision,
  cardId: string,
  target: CardMeta,
  accepted: boolean,
  build: (card: Card, revised: boolean) => { text: string; meta: Meta; body: string; crossQuest: boolean },
): void {
  const prev = state.patches.get(target.path);
  const card = prev?.card ?? state.global.readCard(target).card ?? fail(`${d.where}: card ${cardId} to ${accepted ? 'accept' : 'patch'} cannot be read (${target.path})`);
  const result = build(prev ? { ...card, raw: prev.after } : card, prev !== undefined);
  if (prev) {
    prev.after = result.text;
    prev.draftIds.push(d.draft.id);
    prev.runIds.push(d.run.artifactId);
    if (accepted) prev.accepted = true;
  } else {
    state.patches.set(card.path, {
      card, draftIds: [d.draft.id], cardId, runIds: [d.run.artifactId], path: card.path,
      before: card.raw, after: result.text, crossQuest: result.crossQuest, ...(accepted ? { accepted: true } : {}),
    });
  }
  state.memoryIndex.push({ file: path.join(path.dirname(card.path), '_index.jsonl'), line: memoryIndexLine(result.meta, card.path, result.body) });
}

/** Plans one non-defer decision into `state`; returns the card it writes (null for reject). */
export function planCardDecision(state: CardPlanState, d: CardDecision): string | null {
  const { staged: s, draft, run, where, lineageQuest: questId } = d;
  const { global, now } = state;
  const isGlobal = (id: string) => global.byId(id) !== undefined;
  const neighborEntries: NeighborDecision[] = [];
  for (const n of s.neighbors ?? []) {
    if (!(NEIGHBOR_DECISIONS as readonly string[]).includes(n.decision)) {
      fail(`${where}: neighbor ${n.cardId}: decision ${JSON.stringify(n.decision)} is not one of ${NEIGHBOR_DECISIONS.join(', ')}`);
    }
    if (!isGlobal(n.cardId)) fail(`${where}: neighbor ${n.cardId} is not a global card`);
    const decision = n.decision as NeighborDecision['decision'];
    neighborEntries.push({ candidate_card_id: n.cardId, decision, target_run_id: run.artifactId, reason: n.reason || NEIGHBOR_REASON[decision] });
  }
  const overrides = s.overrides ?? {};
  const claim = overrides.claim ?? draft.claim ?? '';
  let cardId: string | null = null;

  if (s.decision !== 'reject' && isPlaceholderClaim(claim)) {
    fail(`${where} (${draft.path}): claim is empty or a TODO placeholder; edit the draft or give a "claim" override`);
  }
  if (s.decision === 'patch') {
    const targetId = s.neighborId ?? fail(`${where}: patch needs "neighbor": <card id>`);
    const target = global.byId(targetId) ?? fail(`${where}: card ${targetId} to patch is not a global card`);
    reviseCard(state, d, targetId, target, false, (card) => buildPatch({
      card, draft, questId, run, now, lineage: d.lineage,
      overrides: { claim: overrides.claim, title: overrides.title, tags: overrides.tags },
    }));
    cardId = targetId;
    state.cardsWritten.push({ card_id: targetId, scope: 'global', action: 'patch', target_run_id: run.artifactId });
    if (!neighborEntries.some((e) => e.candidate_card_id === targetId)) {
      neighborEntries.unshift({ candidate_card_id: targetId, decision: 'patch', target_run_id: run.artifactId, reason: s.reason || NEIGHBOR_REASON.patch });
    }
  } else if (s.decision === 'new' && draft.card.scope === 'global' && draft.card.id && isGlobal(draft.card.id)) {
    // An agent's draft that already is a global card: accepted in place (card-accept.ts), never copied into a second
    // card; the reviewer's edit of it (overrides.text, the draft's text) is what is written.
    const targetId = draft.card.id;
    const target = global.byId(targetId)!;
    if (target.path !== draft.card.path) fail(`${where}: card ${targetId} is held by two files (${target.path}, ${draft.card.path}); archive one first`);
    // The claim it gets when it has none: the override, else its title (the statement of a DeepScientist card), never
    // the file name a draft without a title is listed by.
    const accepted = overrides.claim ?? stringOrNull(draft.meta.claim) ?? stringOrNull(draft.meta.title);
    if (isPlaceholderClaim(accepted)) {
      fail(`${where} (${draft.path}): the card has no claim, nor a title to take it from; edit it (e) or give a "claim" override`);
    }
    const edited = s.overrides?.text !== undefined ? draft.card.raw : null;
    reviseCard(state, d, targetId, target, true, (card, revised) => {
      if (edited !== null && revised) fail(`${where}: card ${targetId} is also revised by another decision of this review; decide its edit in a review of its own`);
      const base = edited === null ? card : { ...card, raw: edited };
      return { crossQuest: false, ...buildAccept({ card: base, draft, questId, run, now, claim: accepted!, overrides }) };
    });
    cardId = targetId;
    state.cardsWritten.push({ card_id: cardId, scope: 'global', action: 'new', target_run_id: run.artifactId });
  } else if (s.decision === 'new' || s.decision === 'neighbor_but_separate') {
    const planned = planNewCard({
      staged: s, draft, run, questId, now, claim, where, neighborEntries, knowledgeDir: path.join(state.home, 'memory', 'knowledge'), isGlobal,
      isTaken: (f) => state.taken.has(f) || state.exists(f), idTaken: (id) => isGlobal(id) || state.newCards.some((c) => c.cardId === id),
      cardQuestId: d.cardQuestId, lineage: d.lineage,
    });
    state.taken.add(planned.card.path);
    state.newCards.push(planned.card);
    state.memoryIndex.push(planned.index);
    cardId = planned.card.cardId;
    state.cardsWritten.push({ card_id: cardId, scope: 'global', action: 'new', target_run_id: run.artifactId });
  }
  state.neighborDecisions.push(...neighborEntries);
  return cardId;
}
