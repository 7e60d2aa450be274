// The lessons screen's key table, in the review screen's shape (src/ui/shared/keys/table.ts): bindings as data in layers
// (modal, pane, global), one router, and the key bar and `?` help drawn from the same table. Its own table because
// the review table is a closed union of review commands; the key names come from the shared normalize.ts.

import { MERGE_UNMARKED_MAX } from '../../core/index.js';
import { firstTaker } from '../shared/keys/router.js';
import type { KeyBinding, KeyGroup } from '../shared/keys/key-table.js';
import { keyLabel } from '../shared/keys/table.js';

export type LessonsPane = 'clusters' | 'cards';
export type LessonsModal = 'help' | 'confirm' | 'write' | 'quit';

export type LessonsCommand =
  | 'list.down' | 'list.up' | 'list.top' | 'list.bottom' | 'pane.next' | 'pane.prev'
  | 'card.mark' | 'cluster.markAll'
  | 'act.merge' | 'act.archive' | 'act.ignore' | 'act.edit'
  | 'history.undo' | 'history.redo' | 'plan.write' | 'app.help' | 'app.quit'
  | 'help.close' | 'confirm.yes' | 'confirm.no' | 'write.yes' | 'write.no'
  | 'quit.write' | 'quit.discard' | 'quit.cancel';

export type LessonsBinding = KeyBinding<LessonsCommand, LessonsModal, LessonsPane>;

export const LESSONS_KEYS: readonly LessonsBinding[] = [
  { id: 'help.close', keys: ['?', 'escape', 'q', 'return'], group: 'dialog', layer: 'modal', modal: 'help', bar: 'close', help: 'close the help' },
  { id: 'confirm.yes', keys: ['y', 'return'], group: 'dialog', layer: 'modal', modal: 'confirm', bar: 'yes', help: 'stage the action' },
  { id: 'confirm.no', keys: ['n', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'confirm', bar: 'no', help: 'do not stage it' },
  { id: 'write.yes', keys: ['y', 'return'], group: 'dialog', layer: 'modal', modal: 'write', bar: 'write', help: 'write every staged action' },
  { id: 'write.no', keys: ['n', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'write', bar: 'cancel', help: 'back, nothing written' },
  { id: 'quit.write', keys: ['w', 'W'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Write', help: 'write the staged actions, then quit' },
  { id: 'quit.discard', keys: ['d', 'D'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Discard', help: 'drop the staged actions and quit' },
  { id: 'quit.cancel', keys: ['c', 'C', 'escape'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Cancel', help: 'back to the clusters' },

  { id: 'list.down', keys: ['j', 'down'], group: 'move', layer: 'global', help: 'next cluster / card' },
  { id: 'list.up', keys: ['k', 'up'], group: 'move', layer: 'global', help: 'previous cluster / card' },
  { id: 'list.top', keys: ['g', 'home'], group: 'move', layer: 'global', help: 'first' },
  { id: 'list.bottom', keys: ['G', 'end'], group: 'move', layer: 'global', help: 'last' },
  { id: 'pane.next', keys: ['l', 'right', 'tab'], group: 'move', layer: 'global', help: 'to the cards of the cluster' },
  { id: 'pane.prev', keys: ['h', 'left', 'shift+tab'], group: 'move', layer: 'global', help: 'back to the clusters' },
  { id: 'card.mark', keys: ['space'], group: 'mark', layer: 'global', bar: 'mark', help: 'mark / unmark the focused card' },
  { id: 'cluster.markAll', keys: ['a'], group: 'mark', layer: 'global', help: 'mark every card of the cluster (or clear the marks)' },
  { id: 'act.merge', keys: ['m'], group: 'decide', layer: 'global', bar: 'merge', help: `merge the marked cards (the whole cluster if none and it holds at most ${MERGE_UNMARKED_MAX}): the oldest id survives; the confirm names every card archived` },
  { id: 'act.archive', keys: ['x'], group: 'decide', layer: 'global', bar: 'archive', help: 'archive the marked cards (or the focused one): soft delete, distill restore brings it back' },
  { id: 'act.ignore', keys: ['i'], group: 'decide', layer: 'global', bar: 'ignore', help: 'ignore the marked cards (or the focused one): ignored: true, out of recall and clusters' },
  { id: 'act.edit', keys: ['e'], group: 'edit', layer: 'global', bar: 'edit', help: 'edit the focused card in $EDITOR' },
  { id: 'history.undo', keys: ['u'], group: 'history', layer: 'global', bar: 'undo', help: 'undo the last staged action' },
  { id: 'history.redo', keys: ['ctrl+r'], group: 'history', layer: 'global', help: 'redo' },
  { id: 'plan.write', keys: ['W'], group: 'write', layer: 'global', bar: 'Write', help: 'write the staged actions (asks first)' },
  { id: 'app.help', keys: ['?'], group: 'app', layer: 'global', bar: 'help', help: 'all keys' },
  { id: 'app.quit', keys: ['q'], group: 'app', layer: 'global', bar: 'quit', help: 'quit (asks when actions are staged)' },
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
): LessonsCommand | null {
  return firstTaker(lessonsBindings(modal), name, handlers);
}

export function keyBar(modal: LessonsModal | null): string {
  return lessonsBindings(modal)
    .filter((b) => b.bar)
    .map((b) => `${keyLabel(b.keys[0])} ${b.bar}`)
    .join('  ');
}

/** The help sections: a title and the groups drawn under it, in table order. */
export const LESSONS_HELP_SECTIONS: readonly (readonly [string, readonly KeyGroup[]])[] = [
  ['Move', ['move']],
  ['Mark and act', ['mark', 'decide', 'edit']],
  ['Everywhere', ['history', 'write', 'app']],
];

/** The `?` help: each section's title, then its bindings with all their keys. */
export function lessonsHelpLines(): string[] {
  const live = LESSONS_KEYS.filter((b) => b.layer !== 'modal');
  return LESSONS_HELP_SECTIONS.flatMap(([title, groups]) => [
    title,
    ...live.filter((b) => groups.includes(b.group)).map((b) => `  ${b.keys.join('/').padEnd(18)} ${b.help}`),
  ]);
}
