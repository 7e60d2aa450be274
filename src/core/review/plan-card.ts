// What one draft decision (new / patch / neighbor_but_separate / reject) writes, shared by a quest's plan (plan.ts)
// and the quirks files' plan (plan-quirks.ts): its neighbor entries, the new card or the patch of a global card.
import path from 'node:path';
import { UserError } from '../errors.js';
import { isPlaceholderClaim } from '../quest/drafts.js';
import type { Card, Draft, Run } from '../model.js';
import type { GlobalCards } from '../store/cardMeta.js';
import { memoryIndexLine } from './card-new.js';
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
    const prev = state.patches.get(target.path);
    const card = prev?.card ?? global.readCard(target).card ?? fail(`${where}: card ${targetId} to patch cannot be read (${target.path})`);
    const result = buildPatch({
      card: prev ? { ...card, raw: prev.after } : card,
      draft, questId, run, now,
      overrides: { claim: overrides.claim, title: overrides.title, tags: overrides.tags },
    });
    if (prev) {
      prev.after = result.text;
      prev.draftIds.push(draft.id);
      prev.runIds.push(run.artifactId);
    } else {
      state.patches.set(card.path, {
        card, draftIds: [draft.id], cardId: targetId, runIds: [run.artifactId], path: card.path,
        before: card.raw, after: result.text, crossQuest: result.crossQuest,
      });
    }
    state.memoryIndex.push({ file: path.join(path.dirname(card.path), '_index.jsonl'), line: memoryIndexLine(result.meta, card.path, result.body) });
    cardId = targetId;
    state.cardsWritten.push({ card_id: targetId, scope: 'global', action: 'patch', target_run_id: run.artifactId });
    if (!neighborEntries.some((e) => e.candidate_card_id === targetId)) {
      neighborEntries.unshift({ candidate_card_id: targetId, decision: 'patch', target_run_id: run.artifactId, reason: s.reason || NEIGHBOR_REASON.patch });
    }
  } else if (s.decision === 'new' && draft.card.scope === 'global' && draft.card.id && isGlobal(draft.card.id)) {
    // An agent's draft that already is a global card: accepting it as new must not copy it into a second card.
    cardId = draft.card.id;
    state.cardsWritten.push({ card_id: cardId, scope: 'global', action: 'new', target_run_id: run.artifactId });
  } else if (s.decision === 'new' || s.decision === 'neighbor_but_separate') {
    const planned = planNewCard({
      staged: s, draft, run, questId, now, claim, where, neighborEntries, knowledgeDir: path.join(state.home, 'memory', 'knowledge'), isGlobal,
      isTaken: (f) => state.taken.has(f) || state.exists(f), idTaken: (id) => isGlobal(id) || state.newCards.some((c) => c.cardId === id),
      cardQuestId: d.cardQuestId,
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
