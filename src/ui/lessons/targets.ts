// Which cards a merge / archive / ignore / edit key acts on, whether the staged actions already take one of them out
// of `memory/`, and the merge confirm (the card kept, every card archived, suspect pairs, the merged result's diff).
import { conflictingPairs, plural, type CardMeta } from '../../core/index.js';
import type { LessonsFacade, StagedAction, StagedKind } from './facade.js';
import { currentCard, currentCluster, focusedCard, type LessonsState, type PendingConfirm } from './state.js';


/**
 * The cards an action applies to: the card shown whole; in the all-cards list the marked cards, else the focused
 * one; in a cluster its marked cards, else the focused card (merge: the whole cluster).
 */
export function targetsOf(s: LessonsState, kind: StagedKind): CardMeta[] {
  if (s.modal === 'card' || s.view === 'all') {
    const card = focusedCard(s);
    const marked = s.modal === 'card' ? [] : s.all.filter((c) => s.marks.includes(c.path));
    return marked.length ? marked : card ? [card] : [];
  }
  const cluster = currentCluster(s);
  if (!cluster) return [];
  const marked = cluster.cards.filter((c) => s.marks.includes(c.path));
  if (marked.length) return marked;
  if (kind === 'merge') return cluster.cards;
  const card = currentCard(s);
  return card ? [card] : [];
}

/**
 * Why one of the cards cannot be acted on: a staged archive or merge already moves it out of `memory/` (a second
 * action would find no file at write time and stop the write there). Null when none is.
 */
export function stagedAway(staged: readonly StagedAction[], cards: readonly CardMeta[]): string | null {
  for (const card of cards) {
    for (const a of staged) {
      if (!a.paths.includes(card.path)) continue;
      if (a.kind === 'archive') return `${card.id} is staged to be archived`;
      if (a.kind === 'merge' && a.paths[0] !== card.path) return `${card.id} is staged to be merged into ${a.ids[0]}`;
    }
  }
  return null;
}

export function mergeConfirm(cards: readonly CardMeta[], facade: LessonsFacade): PendingConfirm | { error: string } {
  const preview = facade.mergePreview(cards.map((c) => c.path));
  if ('error' in preview) return preview;
  const titleOf = (id: string) => cards.find((c) => c.id === id)?.title ?? '';
  const flags = conflictingPairs(cards.map((c) => ({ id: c.id!, title: c.title, claim: c.claim })));
  const lines = [
    `  keeps     ${preview.survivor}  ${titleOf(preview.survivor)}`,
    ...preview.archived.map((id) => `  archives  ${id}  ${titleOf(id)}`),
    ...(flags.length ? ['', `⚠ ${plural(flags.length, 'pair')} may not say the same thing; merge only cards that do:`] : []),
    ...flags.map((f) => `  ⚠ ${f.a} / ${f.b}: ${f.why}`),
    '',
    'The merged result:',
    ...preview.lines,
  ];
  const message = `Merge ${plural(cards.length, 'card')} into ${preview.survivor}? ${plural(preview.archived.length, 'card')} will be archived.`;
  // Survivor first, as the markers read it.
  const order = [preview.survivor, ...preview.archived].map((id) => cards.find((c) => c.id === id)!);
  return { action: { kind: 'merge', paths: order.map((c) => c.path), ids: order.map((c) => c.id!) }, message, lines };
}
