// The lessons screen's key table, in the review screen's shape (src/ui/shared/keys/table.ts): bindings as data in layers
// (modal, pane, global), one router, and the key bar and `?` help drawn from the same table. Its own table because
// the review table is a closed union of review commands; the key names come from the shared normalize.ts.

import { MERGE_UNMARKED_MAX } from '../../core/index.js';
import { isPrintable } from '../shared/keys/normalize.js';
import { firstTaker } from '../shared/keys/router.js';
import { fitBar, onEveryLayer, type KeyBinding, type KeyGroup } from '../shared/keys/key-table.js';
import { keyLabel } from '../shared/keys/table.js';
import { pagerBindings, pagerHelpLines, type PagerCommand } from '../shared/pager/pager-keys.js';

export type LessonsPane = 'clusters' | 'cards';
/** `filter`: typing the `/` search; `card`: one card's whole text. */
export const LESSONS_MODALS = ['help', 'confirm', 'write', 'quit', 'filter', 'card', 'archived', 'editError'] as const;
export type LessonsModal = (typeof LESSONS_MODALS)[number];

export type LessonsCommand =
  | 'list.down' | 'list.up' | 'list.top' | 'list.bottom' | 'pane.next' | 'pane.prev'
  | 'card.mark' | 'cluster.markAll'
  | 'act.merge' | 'act.archive' | 'act.ignore' | 'act.edit'
  | 'history.undo' | 'history.redo' | 'plan.write' | 'app.help' | 'app.quit' | 'app.interrupt'
  | 'help.close' | 'confirm.yes' | 'confirm.no' | 'write.yes' | 'write.no'
  | 'quit.write' | 'quit.discard' | 'quit.cancel'
  | 'view.toggle' | 'filter.open' | 'sort.next' | 'card.open' | 'card.close'
  | 'input.submit' | 'input.cancel' | 'input.backspace'
  | 'archived.open' | 'archived.close' | 'archived.down' | 'archived.up' | 'archived.top' | 'archived.bottom'
  | 'archived.restore' | 'archived.yes' | 'archived.no'
  | 'edit.reopen' | 'edit.keep' | 'edit.drop'
  // Issue 35: the pager of the card, the confirms, the plan and the help (src/ui/shared/pager).
  | PagerCommand;

export type LessonsBinding = KeyBinding<LessonsCommand, LessonsModal, LessonsPane>;

/** The modals that are long views: the pager's keys are live in them, ahead of the modal's own (n is the next match
 *  only after a search; before one it is the confirm's and the plan's "no"). */
export const LESSONS_PAGER_MODALS = ['card', 'confirm', 'write', 'help'] as const;

export const LESSONS_KEYS: readonly LessonsBinding[] = [
  ...LESSONS_PAGER_MODALS.flatMap((modal) => pagerBindings<LessonsModal, LessonsPane>(modal)),
  { id: 'help.close', keys: ['?', 'escape', 'q', 'return'], group: 'dialog', layer: 'modal', modal: 'help', bar: 'close', help: 'close the help' },
  { id: 'input.submit', keys: ['return'], group: 'dialog', layer: 'modal', modal: 'filter', bar: 'keep', help: 'keep the search, back to the list' },
  { id: 'input.cancel', keys: ['escape'], group: 'dialog', layer: 'modal', modal: 'filter', bar: 'clear', help: 'clear the search' },
  { id: 'input.backspace', keys: ['backspace'], group: 'dialog', layer: 'modal', modal: 'filter', help: 'delete a character' },
  { id: 'card.close', keys: ['escape', 'q', 'return', 'h', 'left'], group: 'dialog', layer: 'modal', modal: 'card', bar: 'back', help: 'back to the list' },
  { id: 'act.archive', keys: ['x'], group: 'dialog', layer: 'modal', modal: 'card', bar: 'archive', help: 'archive this card' },
  { id: 'act.ignore', keys: ['i'], group: 'dialog', layer: 'modal', modal: 'card', bar: 'ignore', help: 'ignore this card' },
  { id: 'act.edit', keys: ['e'], group: 'dialog', layer: 'modal', modal: 'card', bar: 'edit', help: 'edit this card in $EDITOR' },
  { id: 'confirm.yes', keys: ['y', 'return'], group: 'dialog', layer: 'modal', modal: 'confirm', bar: 'yes', help: 'stage the action' },
  { id: 'confirm.no', keys: ['n', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'confirm', bar: 'no', help: 'do not stage it' },
  { id: 'write.yes', keys: ['y', 'return'], group: 'dialog', layer: 'modal', modal: 'write', bar: 'write', help: 'write every staged action' },
  { id: 'write.no', keys: ['n', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'write', bar: 'cancel', help: 'back, nothing written' },
  { id: 'quit.write', keys: ['w', 'W'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Write', help: 'write the staged actions, then quit' },
  { id: 'quit.discard', keys: ['d', 'D'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Discard', help: 'drop the staged actions and quit' },
  { id: 'quit.cancel', keys: ['c', 'C', 'escape'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Cancel', help: 'back to the clusters' },

  // A refused edit (docs/REVIEW-WRITES.md): Esc keeps the text, never drops it.
  { id: 'edit.reopen', keys: ['e', 'return'], group: 'dialog', layer: 'modal', modal: 'editError', bar: 'reopen', help: 'reopen the editor on the kept text' },
  { id: 'edit.keep', keys: ['k', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'editError', bar: 'keep', help: 'keep the copy and go back (e on the card reopens it)' },
  { id: 'edit.drop', keys: ['d', 'n'], group: 'dialog', layer: 'modal', modal: 'editError', bar: 'drop', help: 'drop the edit and its copy' },

  // The archived cards (issue 35): `r` asks, `y` restores at once (docs/LESSONS.md).
  { id: 'archived.yes', keys: ['y'], group: 'dialog', layer: 'modal', modal: 'archived', help: 'restore the card asked about, at once' },
  { id: 'archived.no', keys: ['n', 'escape'], group: 'dialog', layer: 'modal', modal: 'archived', help: 'keep it archived' },
  { id: 'archived.restore', keys: ['r', 'return'], group: 'dialog', layer: 'modal', modal: 'archived', bar: 'restore', help: 'restore the focused card (asks first)' },
  { id: 'archived.down', keys: ['j', 'down'], group: 'dialog', layer: 'modal', modal: 'archived', bar: 'move', help: 'next archived card' },
  { id: 'archived.up', keys: ['k', 'up'], group: 'dialog', layer: 'modal', modal: 'archived', help: 'previous archived card' },
  { id: 'archived.top', keys: ['g', 'home'], group: 'dialog', layer: 'modal', modal: 'archived', help: 'first' },
  { id: 'archived.bottom', keys: ['G', 'end'], group: 'dialog', layer: 'modal', modal: 'archived', help: 'last' },
  { id: 'archived.close', keys: ['A', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'archived', bar: 'back', help: 'back to the cards' },

  { id: 'list.down', keys: ['j', 'down'], group: 'move', layer: 'global', help: 'next cluster / card' },
  { id: 'list.up', keys: ['k', 'up'], group: 'move', layer: 'global', help: 'previous cluster / card' },
  { id: 'list.top', keys: ['g', 'home'], group: 'move', layer: 'global', help: 'first' },
  { id: 'list.bottom', keys: ['G', 'end'], group: 'move', layer: 'global', help: 'last' },
  { id: 'view.toggle', keys: ['v'], group: 'view', layer: 'global', bar: 'view', help: 'switch between the clusters and the list of all cards' },
  { id: 'filter.open', keys: ['/'], group: 'view', layer: 'global', bar: 'search', help: 'search all cards (narrows the list; Esc clears)' },
  { id: 'archived.open', keys: ['A'], group: 'view', layer: 'global', bar: 'archived', help: 'the archived cards; r on one restores it (asks, then at once, as distill restore <card-id>)' },
  { id: 'sort.next', keys: ['s'], group: 'view', layer: 'global', bar: 'sort', help: 'sort all cards: updated, occurrences, title' },
  { id: 'card.open', keys: ['return'], group: 'view', layer: 'global', help: 'the whole card (from the cards; in the clusters: to the cards)' },
  { id: 'pane.next', keys: ['l', 'right', 'tab'], group: 'move', layer: 'global', help: 'to the cards of the cluster' },
  { id: 'pane.prev', keys: ['h', 'left', 'shift+tab'], group: 'move', layer: 'global', help: 'back to the clusters' },
  { id: 'card.mark', keys: ['space'], group: 'mark', layer: 'global', bar: 'mark', help: 'mark / unmark the focused card' },
  { id: 'cluster.markAll', keys: ['a'], group: 'mark', layer: 'global', help: 'mark every card of the cluster (or clear the marks)' },
  { id: 'act.merge', keys: ['m'], group: 'decide', layer: 'global', bar: 'merge', help: `merge the marked cards (the whole cluster if none and it holds at most ${MERGE_UNMARKED_MAX}): the oldest id survives; the confirm names every card archived` },
  { id: 'act.archive', keys: ['x'], group: 'decide', layer: 'global', bar: 'archive', help: 'archive the marked cards (or the focused one): soft delete, distill restore brings it back' },
  { id: 'act.ignore', keys: ['i'], group: 'decide', layer: 'global', bar: 'ignore', help: 'ignore the marked cards (or the focused one): ignored: true, out of recall and clusters' },
  { id: 'act.edit', keys: ['e'], group: 'edit', layer: 'global', bar: 'edit', help: 'edit the focused card in $EDITOR' },
  { id: 'history.undo', keys: ['u'], group: 'history', layer: 'global', bar: 'undo', first: ['staged'], help: 'undo the last staged action' },
  { id: 'history.redo', keys: ['ctrl+r'], group: 'history', layer: 'global', help: 'redo' },
  { id: 'plan.write', keys: ['W'], group: 'write', layer: 'global', bar: 'Write', first: ['staged'], help: 'write the staged actions (asks first)' },
  { id: 'app.help', keys: ['?'], group: 'app', layer: 'global', bar: 'help', always: true, help: 'all keys' },
  { id: 'app.quit', keys: ['q'], group: 'app', layer: 'global', bar: 'quit', always: true, help: 'quit (asks when actions are staged)' },
  ...onEveryLayer<LessonsCommand, LessonsModal, LessonsPane>(
    { id: 'app.interrupt', keys: ['ctrl+c'], group: 'app', help: 'quit at once; with actions staged asks as q does, and Ctrl+C again quits dropping them (exit 130)' },
    LESSONS_MODALS,
  ),
  { id: 'input.cancel', keys: ['escape'], group: 'view', layer: 'global', help: 'back: clear the search, leave the list of all cards, leave the cards of a cluster' },
];

export function lessonsBindings(modal: LessonsModal | null): LessonsBinding[] {
  if (modal) return LESSONS_KEYS.filter((b) => b.layer === 'modal' && b.modal === modal);
  return LESSONS_KEYS.filter((b) => b.layer !== 'modal');
}

/** The first live binding for the key whose handler returns true. */
export function routeLessonsKey(
  name: string,
  modal: LessonsModal | null,
  handlers: Record<LessonsCommand, () => boolean>,
  text?: (char: string) => boolean,
): LessonsCommand | 'text' | null {
  const taken = firstTaker(lessonsBindings(modal), name, handlers);
  if (taken || modal !== 'filter' || !text || !isPrintable(name)) return taken;
  return text(name === 'space' ? ' ' : name) ? 'text' : null;
}

/** The key bar at a width: the keys the table puts `first` when their situation holds (`staged`: W and u), then the
 *  rest as room allows, the pager's keys last; help and quit always (issue 35). */
export function keyBar(modal: LessonsModal | null, situations: ReadonlySet<string> = new Set(), width = Infinity): string {
  const bindings = lessonsBindings(modal);
  const pager = (b: LessonsBinding) => b.id.startsWith('pager.');
  const items = [...bindings.filter((b) => !pager(b)), ...bindings.filter(pager)]
    .filter((b) => b.bar)
    .map((b) => ({ label: `${keyLabel(b.keys[0])} ${b.bar}`, first: b.first, always: b.always }));
  return fitBar(items, situations, width);
}

/** The help sections: a title and the groups drawn under it, in table order. */
export const LESSONS_HELP_SECTIONS: readonly (readonly [string, readonly KeyGroup[]])[] = [
  ['Move', ['move']],
  ['View', ['view']],
  ['Mark and act', ['mark', 'decide', 'edit']],
  ['Everywhere', ['history', 'write', 'app']],
];

/** The `?` help: each section's title, then its bindings with all their keys. */
export function lessonsHelpLines(): string[] {
  const live = LESSONS_KEYS.filter((b) => b.layer !== 'modal');
  return [
    ...LESSONS_HELP_SECTIONS.flatMap(([title, groups]) => [
      title,
      ...live.filter((b) => groups.includes(b.group)).map((b) => `  ${b.keys.join('/').padEnd(18)} ${b.help}`),
    ]),
    // The same section, in the same words, as the review's help.
    ...pagerHelpLines(keyLabel),
  ];
}
