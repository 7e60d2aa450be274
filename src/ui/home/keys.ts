// The home screen's key table, in the shared key-table types (src/ui/shared/keys/key-table.ts): the list's keys and
// the screen's own, one router; the key bar and the help are drawn from it.
import { fitBar, type KeyBinding } from '../shared/keys/key-table.js';
import { keyLabel } from '../shared/keys/table.js';

export type HomeCommand =
  | 'list.down' | 'list.up' | 'list.top' | 'list.bottom' | 'list.open'
  | 'app.refresh' | 'app.help' | 'app.warnings' | 'app.quit' | 'help.close';
export type HomeModal = 'help' | 'warnings';

export type HomeBinding = KeyBinding<HomeCommand, HomeModal, 'quests'>;

export const HOME_KEYS: readonly HomeBinding[] = [
  { id: 'help.close', keys: ['?', 'escape', 'q', 'return'], group: 'dialog', layer: 'modal', modal: 'help', bar: 'close', help: 'close the help' },
  { id: 'app.quit', keys: ['ctrl+c'], group: 'dialog', layer: 'modal', modal: 'help', help: 'quit distill' },
  { id: 'help.close', keys: ['w', 'escape', 'q', 'return'], group: 'dialog', layer: 'modal', modal: 'warnings', bar: 'close', help: 'close the warnings' },
  { id: 'app.quit', keys: ['ctrl+c'], group: 'dialog', layer: 'modal', modal: 'warnings', help: 'quit distill' },
  { id: 'list.down', keys: ['j', 'down'], group: 'move', layer: 'global', bar: 'move', help: 'move between quests (the wheel too)' },
  { id: 'list.up', keys: ['k', 'up'], group: 'move', layer: 'global', help: 'previous quest' },
  { id: 'list.top', keys: ['g', 'home'], group: 'move', layer: 'global', help: 'first row' },
  { id: 'list.bottom', keys: ['G', 'end'], group: 'move', layer: 'global', help: 'last row' },
  { id: 'list.open', keys: ['return'], group: 'move', layer: 'global', bar: 'open', first: ['row'], help: "open the quest's review (or the quirks review; a click on the highlighted row too); q there comes back here" },
  { id: 'app.refresh', keys: ['r', 'R'], group: 'view', layer: 'global', bar: 'refresh', help: 'count again from the files' },
  { id: 'app.warnings', keys: ['w'], group: 'view', layer: 'global', help: 'list every warning (files that could not be read)' },
  { id: 'app.help', keys: ['?'], group: 'app', layer: 'global', bar: 'help', always: true, help: 'this help' },
  { id: 'app.quit', keys: ['q', 'ctrl+c'], group: 'app', layer: 'global', bar: 'quit', always: true, help: 'quit distill' },
];

export function homeBindings(modal: HomeModal | null): HomeBinding[] {
  return HOME_KEYS.filter((b) => (modal ? b.layer === 'modal' && b.modal === modal : b.layer !== 'modal'));
}

/** The bar's label of a binding: `j/k ↑/↓ move` for the list's moves, else its first key and label. */
function barLabel(b: HomeBinding): string {
  return b.id === 'list.down' ? `j/k ↑/↓ ${b.bar}` : `${keyLabel(b.keys[0])} ${b.bar}`;
}

/** The key bar at a width: Enter first when a row is there to open (`row`), help and quit always (issue 35). */
export function homeKeyBar(modal: HomeModal | null, width = Infinity, situations: ReadonlySet<string> = new Set(['row'])): string {
  const items = homeBindings(modal)
    .filter((b) => b.bar)
    .map((b) => ({ label: barLabel(b), first: b.first, always: b.always }));
  return fitBar(items, situations, width, ' · ');
}

export function homeHelp(): string[] {
  return [
    ...homeBindings(null).map((b) => `${b.keys.map(keyLabel).join('/').padEnd(10)} ${b.help}`),
    `${'marks'.padEnd(10)} ! work left · * staged decisions waiting · ✓ every candidate run covered`,
  ];
}
