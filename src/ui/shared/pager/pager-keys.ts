// The pager's keys, one table for both screens: each screen adds these bindings to its own table (for its dialogs
// and views), so the keys, the key bar and the `?` help say the same thing in both. While a search is being typed,
// `pagerTyping` takes the keys before any table (Enter jumps, Esc cancels the search, Backspace, the characters).
import { isPrintable } from '../keys/normalize.js';
import type { KeyBinding, KeyName } from '../keys/key-table.js';
import type { PagerAction, PagerMove } from './pager.js';

export type PagerCommand =
  | 'pager.down' | 'pager.up' | 'pager.halfDown' | 'pager.halfUp' | 'pager.pageDown' | 'pager.pageUp'
  | 'pager.top' | 'pager.bottom' | 'pager.search' | 'pager.next' | 'pager.prev' | 'pager.close';

interface PagerKey {
  id: PagerCommand;
  keys: readonly KeyName[];
  help: string;
  bar?: string;
}

/** The pager's bindings, in the order the help lists them. `pager.close` is bound only where no dialog key closes. */
export const PAGER_KEYS: readonly PagerKey[] = [
  { id: 'pager.down', keys: ['j', 'down', 'J'], help: 'scroll the text down a line', bar: 'scroll' },
  { id: 'pager.up', keys: ['k', 'up', 'K'], help: 'scroll up a line' },
  { id: 'pager.halfDown', keys: ['ctrl+d'], help: 'down half a page' },
  { id: 'pager.halfUp', keys: ['ctrl+u'], help: 'up half a page' },
  { id: 'pager.pageDown', keys: ['pagedown', 'space'], help: 'down a page' },
  { id: 'pager.pageUp', keys: ['pageup'], help: 'up a page' },
  { id: 'pager.top', keys: ['g', 'home'], help: 'to the first line' },
  { id: 'pager.bottom', keys: ['G', 'end'], help: 'to the last line', bar: 'end' },
  { id: 'pager.search', keys: ['/'], help: 'search the text: type, Enter jumps to the match, Esc cancels the search', bar: 'search' },
  { id: 'pager.next', keys: ['n'], help: 'next match (after a search)' },
  { id: 'pager.prev', keys: ['N'], help: 'previous match' },
  { id: 'pager.close', keys: ['q', 'escape'], help: 'close the view', bar: 'close' },
];

/** The pager's keys as the `… N more lines` row of a long view names them. */
export const PAGER_HINT = 'j/k, Ctrl+d/u, g/G scroll · / search';

/** The pager's bindings for one modal of a screen's table (its close keys are the dialog's own). */
export function pagerBindings<Modal extends string, Pane extends string>(modal: Modal): KeyBinding<PagerCommand, Modal, Pane>[] {
  return PAGER_KEYS.filter((k) => k.id !== 'pager.close').map((k) => ({ ...k, group: 'view', layer: 'modal', modal }));
}

/** The pager's bindings for a view that is no dialog (the review's zoomed preview): live ahead of the panes. */
export function pagerViewBindings<Modal extends string, Pane extends string>(): KeyBinding<PagerCommand, Modal, Pane>[] {
  return PAGER_KEYS.map((k) => ({ ...k, group: 'view', layer: 'view' }));
}

/** The help section of the pager, the same in both screens; keys written by the screen's `label`. */
export function pagerHelpLines(label: (key: string) => string): string[] {
  return [
    'Pager (zoomed preview, help, write plan, warnings, a card, a popup)',
    ...PAGER_KEYS.map((k) => `  ${k.keys.map(label).join(' ').padEnd(18)} ${k.help}`),
  ];
}

const MOVES: Partial<Record<PagerCommand, PagerMove>> = {
  'pager.down': 'down', 'pager.up': 'up', 'pager.halfDown': 'halfDown', 'pager.halfUp': 'halfUp',
  'pager.pageDown': 'pageDown', 'pager.pageUp': 'pageUp', 'pager.top': 'top', 'pager.bottom': 'bottom',
};

/** The pager action of a command (`pager.close` is the screen's: it has none). */
export function pagerAction(id: Exclude<PagerCommand, 'pager.close'>): PagerAction {
  if (id === 'pager.search') return { kind: 'search' };
  if (id === 'pager.next') return { kind: 'next' };
  if (id === 'pager.prev') return { kind: 'prev' };
  return { kind: MOVES[id]! };
}

/**
 * A key while the search is typed: the action it is, 'ignore' for a key the prompt swallows (a stray arrow), or null
 * for one the screen routes as usual (Ctrl+C quits from anywhere).
 */
export function pagerTyping(name: string): PagerAction | 'ignore' | null {
  if (name === 'ctrl+c') return null;
  if (name === 'return') return { kind: 'submit' };
  if (name === 'escape') return { kind: 'cancel' };
  if (name === 'backspace') return { kind: 'backspace' };
  if (isPrintable(name)) return { kind: 'type', text: name === 'space' ? ' ' : name };
  return 'ignore';
}

/** A screen's handlers for the pager's commands: `page` runs a pager action, `close` closes the view. */
export function pagerHandlers(page: (action: PagerAction) => boolean, close: () => boolean): Record<PagerCommand, () => boolean> {
  const ids = PAGER_KEYS.map((k) => k.id).filter((id): id is Exclude<PagerCommand, 'pager.close'> => id !== 'pager.close');
  return { ...Object.fromEntries(ids.map((id) => [id, () => page(pagerAction(id))])), 'pager.close': close } as Record<PagerCommand, () => boolean>;
}
