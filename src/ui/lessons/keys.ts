// The lessons screen's key table, in the review screen's shape (src/ui/shared/keys/table.ts): bindings as data in layers
// (modal, pane, global), one router, and the key bar and `?` help drawn from the same table. Its own table because
// the review table is a closed union of review commands; the key names come from the shared normalize.ts.

import { MERGE_UNMARKED_MAX } from '../../core/index.js';
import { firstTaker } from '../shared/keys/router.js';
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

export interface LessonsBinding {
  id: LessonsCommand;
  keys: string[];
  layer: 'modal' | 'pane' | 'global';
  modal?: LessonsModal;
  panes?: LessonsPane[];
  bar?: string;
  help: string;
}

export const LESSONS_KEYS: readonly LessonsBinding[] = [
  { id: 'help.close', keys: ['?', 'escape', 'q', 'return'], layer: 'modal', modal: 'help', bar: 'close', help: 'close the help' },
  { id: 'confirm.yes', keys: ['y', 'return'], layer: 'modal', modal: 'confirm', bar: 'yes', help: 'stage the action' },
  { id: 'confirm.no', keys: ['n', 'escape', 'q'], layer: 'modal', modal: 'confirm', bar: 'no', help: 'do not stage it' },
  { id: 'write.yes', keys: ['y', 'return'], layer: 'modal', modal: 'write', bar: 'write', help: 'write every staged action' },
  { id: 'write.no', keys: ['n', 'escape', 'q'], layer: 'modal', modal: 'write', bar: 'cancel', help: 'back, nothing written' },
  { id: 'quit.write', keys: ['w', 'W'], layer: 'modal', modal: 'quit', bar: 'Write', help: 'write the staged actions, then quit' },
  { id: 'quit.discard', keys: ['d', 'D'], layer: 'modal', modal: 'quit', bar: 'Discard', help: 'drop the staged actions and quit' },
  { id: 'quit.cancel', keys: ['c', 'C', 'escape'], layer: 'modal', modal: 'quit', bar: 'Cancel', help: 'back to the clusters' },

  { id: 'list.down', keys: ['j', 'down'], layer: 'global', help: 'next cluster / card' },
  { id: 'list.up', keys: ['k', 'up'], layer: 'global', help: 'previous cluster / card' },
  { id: 'list.top', keys: ['g', 'home'], layer: 'global', help: 'first' },
  { id: 'list.bottom', keys: ['G', 'end'], layer: 'global', help: 'last' },
  { id: 'pane.next', keys: ['l', 'right', 'tab'], layer: 'global', help: 'to the cards of the cluster' },
  { id: 'pane.prev', keys: ['h', 'left', 'shift+tab'], layer: 'global', help: 'back to the clusters' },
  { id: 'card.mark', keys: ['space'], layer: 'global', bar: 'mark', help: 'mark / unmark the focused card' },
  { id: 'cluster.markAll', keys: ['a'], layer: 'global', help: 'mark every card of the cluster (or clear the marks)' },
  { id: 'act.merge', keys: ['m'], layer: 'global', bar: 'merge', help: `merge the marked cards (the whole cluster if none and it holds at most ${MERGE_UNMARKED_MAX}): the oldest id survives; the confirm names every card archived` },
  { id: 'act.archive', keys: ['x'], layer: 'global', bar: 'archive', help: 'archive the marked cards (or the focused one): soft delete, distill restore brings it back' },
  { id: 'act.ignore', keys: ['i'], layer: 'global', bar: 'ignore', help: 'ignore the marked cards (or the focused one): ignored: true, out of recall and clusters' },
  { id: 'act.edit', keys: ['e'], layer: 'global', bar: 'edit', help: 'edit the focused card in $EDITOR' },
  { id: 'history.undo', keys: ['u'], layer: 'global', bar: 'undo', help: 'undo the last staged action' },
  { id: 'history.redo', keys: ['ctrl+r'], layer: 'global', help: 'redo' },
  { id: 'plan.write', keys: ['W'], layer: 'global', bar: 'Write', help: 'write the staged actions (asks first)' },
  { id: 'app.help', keys: ['?'], layer: 'global', bar: 'help', help: 'all keys' },
  { id: 'app.quit', keys: ['q'], layer: 'global', bar: 'quit', help: 'quit (asks when actions are staged)' },
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
