// The key table: every binding of the review screen as data. The router, the key bar and the `?` help are all drawn
// from it, so they cannot disagree. Key names come from `normalize.ts`; the types from `key-table.ts`.
import { onEveryLayer, type BarItem, type KeyBinding, type KeyGroup, type KeyName } from './key-table.js';
import { pagerBindings, pagerHelpLines, pagerViewBindings, type PagerCommand } from '../pager/pager-keys.js';

export type { Layer } from './key-table.js';

export type PaneId = 'runs' | 'drafts' | 'neighbors';
export const MODAL_KINDS = ['help', 'write', 'quit', 'reason', 'filter', 'restore', 'empty', 'editError', 'warnings', 'writeError'] as const;
export type ModalKind = (typeof MODAL_KINDS)[number];

export type CommandId =
  | 'list.down'
  | 'list.up'
  | 'list.top'
  | 'list.bottom'
  | 'pane.next'
  | 'pane.prev'
  | 'filter.open'
  | 'filter.next'
  | 'filter.prev'
  | 'draft.mark'
  | 'review.new'
  | 'review.patch'
  | 'review.separate'
  | 'review.reject'
  | 'review.defer'
  | 'draft.edit'
  | 'draft.author'
  | 'quest.target'
  | 'preview.diff'
  | 'history.undo'
  | 'history.redo'
  | 'plan.write'
  | 'app.help'
  | 'app.quit'
  | 'app.interrupt'
  | 'help.close'
  | 'write.confirm'
  | 'write.cancel'
  | 'quit.write'
  | 'quit.discard'
  | 'quit.cancel'
  | 'restore.accept'
  | 'restore.discard'
  | 'restore.later'
  | 'edit.reopen'
  | 'edit.keep'
  | 'edit.drop'
  | 'input.submit'
  | 'input.cancel'
  | 'input.backspace'
  | 'empty.quit'
  // Issue 17 (i17r): scrolling, zoom, drill in / back, runs view, reload, warnings, refused writes, the quit choice.
  | 'view.down'
  | 'view.up'
  | 'view.halfDown'
  | 'view.halfUp'
  | 'view.pageDown'
  | 'view.pageUp'
  | 'view.zoom'
  | 'runs.view'
  | 'pane.drill'
  | 'pane.back'
  | 'app.warnings'
  | 'app.reload'
  | 'warnings.close'
  | 'writeError.retry'
  | 'writeError.close'
  | 'quit.down'
  | 'quit.up'
  | 'quit.choose'
  // Issue 35: the pager of the long views (src/ui/shared/pager).
  | PagerCommand;

export type Binding = KeyBinding<CommandId, ModalKind, PaneId>;

const ALL_PANES: PaneId[] = ['runs', 'drafts', 'neighbors'];
// Decisions act on the focused draft from any pane.
const DECIDE_PANES: PaneId[] = ALL_PANES;

/** The preview's scroll keys (the panes keep j/k and g/G for their lists); the long views have the pager's. */
function scrollKeys(): Binding[] {
  const at = { group: 'view' as const, layer: 'global' as const };
  return [
    { id: 'view.down', keys: ['J'], ...at, bar: 'J/K scroll', help: 'scroll the preview down a line' },
    { id: 'view.up', keys: ['K'], ...at, help: 'scroll up a line' },
    { id: 'view.halfDown', keys: ['ctrl+d'], ...at, help: 'scroll down half a page' },
    { id: 'view.halfUp', keys: ['ctrl+u'], ...at, help: 'scroll up half a page' },
    { id: 'view.pageDown', keys: ['pagedown'], ...at, help: 'scroll down a page' },
    { id: 'view.pageUp', keys: ['pageup'], ...at, help: 'scroll up a page' },
  ];
}

/** The dialogs that are long views: the pager's keys are live in them, ahead of the dialog's own. */
export const PAGER_MODALS: readonly ModalKind[] = ['help', 'write', 'warnings', 'writeError'];

export const KEY_TABLE: readonly Binding[] = [
  // Issue 35: the pager in the long dialogs and the zoomed preview (its n / N only after a search: else the
  // dialog's own n takes the key).
  ...PAGER_MODALS.flatMap((modal) => pagerBindings<ModalKind, PaneId>(modal)),
  ...pagerViewBindings<ModalKind, PaneId>(),
  // Issue 17 (i17r): the warnings view, a refused write, the quit choice.
  { id: 'warnings.close', keys: ['escape', 'q', 'w', 'return'], group: 'dialog', layer: 'modal', modal: 'warnings', bar: 'close', help: 'close the warnings' },
  { id: 'writeError.retry', keys: ['r', 'return'], group: 'dialog', layer: 'modal', modal: 'writeError', bar: 'reload and re-plan', help: 're-read the changed files and plan the write again' },
  { id: 'writeError.close', keys: ['escape', 'q', 'n'], group: 'dialog', layer: 'modal', modal: 'writeError', bar: 'back', help: 'back to the review, decisions still staged' },
  { id: 'quit.down', keys: ['j', 'down'], group: 'dialog', layer: 'modal', modal: 'quit', help: 'next choice' },
  { id: 'quit.up', keys: ['k', 'up'], group: 'dialog', layer: 'modal', modal: 'quit', help: 'previous choice' },
  { id: 'quit.choose', keys: ['return'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'choose', help: 'take the highlighted choice' },

  // Modal layer: only the open modal's bindings are live.
  { id: 'help.close', keys: ['?', 'escape', 'q', 'return'], group: 'dialog', layer: 'modal', modal: 'help', bar: 'close', help: 'close the help' },
  { id: 'write.confirm', keys: ['y', 'return'], group: 'dialog', layer: 'modal', modal: 'write', bar: 'write', help: 'write every file listed' },
  { id: 'write.cancel', keys: ['n', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'write', bar: 'cancel', help: 'back to the review, nothing written' },
  { id: 'quit.write', keys: ['w', 'W'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Write', help: 'write the staged decisions, then quit' },
  { id: 'quit.discard', keys: ['d', 'D'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Discard', help: 'drop the staged decisions and quit' },
  { id: 'quit.cancel', keys: ['c', 'C', 'escape'], group: 'dialog', layer: 'modal', modal: 'quit', bar: 'Cancel', help: 'back to the review' },
  { id: 'restore.accept', keys: ['r', 'y', 'return'], group: 'dialog', layer: 'modal', modal: 'restore', bar: 'restore', help: 'restore the staged decisions of the last session' },
  { id: 'restore.discard', keys: ['d', 'n'], group: 'dialog', layer: 'modal', modal: 'restore', bar: 'discard', help: 'start over, dropping them' },
  { id: 'restore.later', keys: ['q', 'escape'], group: 'dialog', layer: 'modal', modal: 'restore', bar: 'quit, keep them', help: 'quit; the staging file stays as it is and is offered again next time' },
  { id: 'edit.reopen', keys: ['e', 'y', 'return'], group: 'dialog', layer: 'modal', modal: 'editError', bar: 'reopen the editor', help: 'reopen the edit, with the error shown' },
  { id: 'edit.keep', keys: ['k', 'escape', 'q'], group: 'dialog', layer: 'modal', modal: 'editError', bar: 'keep the copy', help: 'back to the review; the copy stays in the home until saved or dropped' },
  { id: 'edit.drop', keys: ['d', 'n'], group: 'dialog', layer: 'modal', modal: 'editError', bar: 'drop it', help: 'drop the edit and its copy; the draft stays as it was' },
  { id: 'input.submit', keys: ['return'], group: 'dialog', layer: 'modal', modal: 'reason', bar: 'ok', help: 'accept the text' },
  { id: 'input.cancel', keys: ['escape'], group: 'dialog', layer: 'modal', modal: 'reason', bar: 'cancel', help: 'cancel' },
  { id: 'input.backspace', keys: ['backspace'], group: 'dialog', layer: 'modal', modal: 'reason', help: 'delete a character' },
  { id: 'input.submit', keys: ['return'], group: 'dialog', layer: 'modal', modal: 'filter', bar: 'search', help: 'jump to the first match' },
  { id: 'input.cancel', keys: ['escape'], group: 'dialog', layer: 'modal', modal: 'filter', bar: 'cancel', help: 'cancel the filter' },
  { id: 'input.backspace', keys: ['backspace'], group: 'dialog', layer: 'modal', modal: 'filter', help: 'delete a character' },
  { id: 'empty.quit', keys: ['q', 'escape', 'return'], group: 'dialog', layer: 'modal', modal: 'empty', bar: 'quit', help: 'quit' },
  { id: 'app.help', keys: ['?'], group: 'dialog', layer: 'modal', modal: 'empty', bar: 'help', help: 'show this help' },

  // Pane layer.
  { id: 'list.down', keys: ['j', 'down'], group: 'move', layer: 'pane', panes: ALL_PANES, bar: 'j/k move', help: 'next item' },
  { id: 'list.up', keys: ['k', 'up'], group: 'move', layer: 'pane', panes: ALL_PANES, help: 'previous item' },
  { id: 'list.top', keys: ['g', 'home'], group: 'move', layer: 'pane', panes: ALL_PANES, help: 'first item' },
  { id: 'list.bottom', keys: ['G', 'end'], group: 'move', layer: 'pane', panes: ALL_PANES, help: 'last item' },
  { id: 'filter.open', keys: ['/'], group: 'move', layer: 'pane', panes: ALL_PANES, bar: '/ filter', help: 'filter the focused list (then n/N)' },
  { id: 'filter.next', keys: ['n'], group: 'move', layer: 'pane', panes: ALL_PANES, help: 'next match of the filter' },
  { id: 'filter.prev', keys: ['N'], group: 'move', layer: 'pane', panes: ALL_PANES, help: 'previous match of the filter' },
  { id: 'draft.mark', keys: ['space'], group: 'mark', layer: 'pane', panes: ['drafts'], bar: 'space mark', help: 'mark the draft for a batch decision (c x -; one mark on the focused draft is no batch)' },
  { id: 'review.new', keys: ['c'], group: 'decide', layer: 'pane', panes: DECIDE_PANES, bar: 'c new', help: 'new: the draft becomes a new global card' },
  { id: 'review.patch', keys: ['p'], group: 'decide', layer: 'pane', panes: DECIDE_PANES, bar: 'p patch', help: 'patch: revise the focused neighbor with the draft' },
  { id: 'review.separate', keys: ['s'], group: 'decide', layer: 'pane', panes: DECIDE_PANES, bar: 's separate', help: 'neighbor_but_separate: a new card related to the focused neighbor' },
  { id: 'review.reject', keys: ['x'], group: 'decide', layer: 'pane', panes: DECIDE_PANES, bar: 'x reject', help: 'reject, with a one-line reason; the run still counts as reviewed. On a quest note: not a lesson' },
  { id: 'review.defer', keys: ['-'], group: 'decide', layer: 'pane', panes: DECIDE_PANES, bar: '- defer', help: 'defer: nothing written, the run stays uncovered' },
  { id: 'quest.target', keys: ['t'], group: 'move', layer: 'pane', panes: DECIDE_PANES, help: 'quest-level group: the next candidate run as the target of its decisions' },
  { id: 'draft.author', keys: ['a'], group: 'edit', layer: 'pane', panes: ['runs', 'drafts'], bar: 'a lesson', first: ['run-no-drafts'], help: 'write a lesson for the focused run: a draft pre-filled from its evidence, in $EDITOR' },
  { id: 'draft.edit', keys: ['e'], group: 'edit', layer: 'pane', panes: DECIDE_PANES, bar: 'e edit', first: ['draft'], help: 'edit a copy of the draft in $EDITOR; staged (u undoes), the file is kept as it is' },

  // Issue 17 (i17r): Enter drills in, Esc goes back (and clears a filter), o orders the runs.
  { id: 'pane.drill', keys: ['return'], group: 'move', layer: 'pane', panes: ALL_PANES, bar: 'Enter open', help: 'into the next pane; on a neighbor, the preview full size' },
  { id: 'pane.back', keys: ['escape'], group: 'move', layer: 'pane', panes: ALL_PANES, help: 'clear the filter, else leave the zoom, else back a pane' },
  { id: 'runs.view', keys: ['o'], group: 'move', layer: 'pane', panes: ['runs'], help: 'runs: all → uncovered first → covered hidden' },

  // Global layer.
  ...scrollKeys(),
  { id: 'view.zoom', keys: ['z'], group: 'view', layer: 'global', bar: 'z zoom', help: 'the preview takes the whole screen (again: back)' },
  { id: 'app.reload', keys: ['R'], group: 'view', layer: 'global', help: 're-read the quest and drafts (staged decisions kept)' },
  { id: 'app.warnings', keys: ['w'], group: 'view', layer: 'global', help: 'list every warning' },
  { id: 'pane.next', keys: ['l', 'right', 'tab'], group: 'move', layer: 'global', bar: 'h/l pane', help: 'next pane' },
  { id: 'pane.prev', keys: ['h', 'left', 'shift+tab'], group: 'move', layer: 'global', help: 'previous pane' },
  { id: 'preview.diff', keys: ['d'], group: 'view', layer: 'global', bar: 'd diff', help: 'what the staged decision writes (new card or diff); unstaged: the diff patch would write' },
  { id: 'history.undo', keys: ['u'], group: 'history', layer: 'global', bar: 'u undo', first: ['staged'], help: 'undo the last staged decision' },
  { id: 'history.redo', keys: ['ctrl+r'], group: 'history', layer: 'global', help: 'redo' },
  { id: 'plan.write', keys: ['W'], group: 'write', layer: 'global', bar: 'W write', first: ['staged'], help: 'write: show every file to be written, then confirm' },
  { id: 'app.help', keys: ['?'], group: 'app', layer: 'global', bar: '? help', always: true, help: 'show this help' },
  { id: 'app.quit', keys: ['q'], group: 'app', layer: 'global', bar: 'q quit', always: true, help: 'quit (asks Write / Discard / Cancel when decisions are staged)' },
  ...onEveryLayer<CommandId, ModalKind, PaneId>(
    { id: 'app.interrupt', keys: ['ctrl+c'], group: 'app', help: 'quit at once, from any dialog; staged decisions stay saved and are offered back next time' },
    MODAL_KINDS,
  ),
];

/**
 * Bindings live in a context, in priority order: the open modal's; else the pager's while the preview is zoomed, the
 * focused pane's, then the global ones.
 */
export function activeBindings(modal: ModalKind | null, pane: PaneId, zoom = false): Binding[] {
  if (modal) return KEY_TABLE.filter((b) => b.layer === 'modal' && b.modal === modal);
  return [
    ...(zoom ? KEY_TABLE.filter((b) => b.layer === 'view') : []),
    ...KEY_TABLE.filter((b) => b.layer === 'pane' && b.panes?.includes(pane)),
    ...KEY_TABLE.filter((b) => b.layer === 'global'),
  ];
}

/** How a key is written in the bar and the help. */
export function keyLabel(key: string): string {
  const names: Partial<Record<KeyName, string>> = {
    down: '↓', up: '↑', left: '←', right: '→', return: 'Enter', escape: 'Esc', space: 'Space', tab: 'Tab',
    'shift+tab': 'Shift+Tab', 'ctrl+r': 'Ctrl+R', 'ctrl+c': 'Ctrl+C', backspace: 'Backspace', home: 'Home', end: 'End',
    'ctrl+d': 'Ctrl+d', 'ctrl+u': 'Ctrl+u', pagedown: 'PgDn', pageup: 'PgUp',
  };
  return names[key as KeyName] ?? key;
}

/** The key bar for a context: one entry per labelled binding, with its priority data (fitBar orders them). */
/** `leftOut`: keys a kind of review has no use for (help-kinds.ts), offered neither in its help nor here. */
export function keyBarEntries(modal: ModalKind | null, pane: PaneId, zoom = false, leftOut: ReadonlySet<CommandId> = new Set()): BarItem[] {
  const seen = new Set<string>();
  const items: BarItem[] = [];
  // A key an earlier binding takes (the zoomed pager's q closes it) is not offered under a later one's label.
  const taken = new Set<string>();
  const live = activeBindings(modal, pane, zoom);
  // In a dialog its own keys first (y write, n cancel), the pager's after them.
  const bar = modal ? [...live.filter((b) => !b.id.startsWith('pager.')), ...live.filter((b) => b.id.startsWith('pager.'))] : live;
  for (const b of bar) {
    const shadowed = taken.has(b.keys[0]);
    for (const key of b.keys) taken.add(key);
    if (!b.bar || seen.has(b.id) || shadowed || leftOut.has(b.id)) continue;
    seen.add(b.id);
    items.push({ label: b.layer === 'modal' || b.layer === 'view' ? `${keyLabel(b.keys[0])} ${b.bar}` : b.bar, first: b.first, always: b.always });
  }
  return items;
}

/** The key bar's labels for a context, in table order. */
export function keyBarItems(modal: ModalKind | null, pane: PaneId): string[] {
  return keyBarEntries(modal, pane).map((b) => b.label);
}

/** Where a help line's description starts: two spaces, the keys padded to 18, a space. */
export const HELP_COLUMN = 21;

/** The help: every non-modal binding with all its keys, in sections drawn from the bindings' groups. */
export function helpLines(): string[] {
  return helpLinesOf();
}

/**
 * The help with a kind of review's words (help-kinds.ts): `item` what decisions act on, `help` a binding's line (null
 * leaves the binding out).
 */
export function helpLinesOf(words: { item: string; help: (b: Binding) => string | null } = { item: 'draft', help: (b) => b.help }): string[] {
  const lines: string[] = [];
  const decide: readonly KeyGroup[] = ['mark', 'decide', 'edit'];
  const groups: [string, (b: Binding) => boolean][] = [
    ['Lists (focused pane)', (b) => b.layer === 'pane' && b.group === 'move'],
    [`Decisions (on the focused ${words.item})`, (b) => b.layer === 'pane' && decide.includes(b.group)],
    ['Everywhere', (b) => b.layer === 'global' && b.group !== 'view'],
    ['Preview', (b) => b.layer === 'global' && b.group === 'view'],
  ];
  for (const [title, test] of groups) {
    lines.push(title);
    for (const b of KEY_TABLE.filter(test)) {
      const help = words.help(b);
      if (help !== null) lines.push(`  ${b.keys.map(keyLabel).join(' ').padEnd(18)} ${help}`);
    }
  }
  lines.push(...pagerHelpLines(keyLabel));
  lines.push('Dialogs');
  lines.push(`  ${'q (with staged)'.padEnd(18)} Write / Discard / Cancel`);
  lines.push(`  ${'W'.padEnd(18)} y or Enter writes, n or Esc cancels (n is the next match after a search)`);
  lines.push(`  ${'? (this help)'.padEnd(18)} ? q Esc or Enter closes`);
  return lines;
}
