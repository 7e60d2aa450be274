// The home screen's key table, in the shared key-table types (src/ui/shared/keys/key-table.ts). Moving and Enter
// belong to the quest list (ink-select-input, through src/ui/shared/SelectList.tsx); these are the screen's own.
import type { KeyBinding } from '../shared/keys/key-table.js';
import { keyLabel } from '../shared/keys/table.js';

export type HomeCommand = 'app.refresh' | 'app.help' | 'app.warnings' | 'app.quit' | 'help.close';
export type HomeModal = 'help' | 'warnings';

export type HomeBinding = KeyBinding<HomeCommand, HomeModal, 'quests'>;

export const HOME_KEYS: readonly HomeBinding[] = [
  { id: 'help.close', keys: ['?', 'escape', 'q', 'return'], group: 'dialog', layer: 'modal', modal: 'help', bar: 'close', help: 'close the help' },
  { id: 'app.quit', keys: ['ctrl+c'], group: 'dialog', layer: 'modal', modal: 'help', help: 'quit distill' },
  { id: 'help.close', keys: ['w', 'escape', 'q', 'return'], group: 'dialog', layer: 'modal', modal: 'warnings', bar: 'close', help: 'close the warnings' },
  { id: 'app.quit', keys: ['ctrl+c'], group: 'dialog', layer: 'modal', modal: 'warnings', help: 'quit distill' },
  { id: 'app.refresh', keys: ['r', 'R'], group: 'view', layer: 'global', bar: 'refresh', help: 'count again from the files' },
  { id: 'app.warnings', keys: ['w'], group: 'view', layer: 'global', help: 'list every warning (files that could not be read)' },
  { id: 'app.help', keys: ['?'], group: 'app', layer: 'global', bar: 'help', help: 'this help' },
  { id: 'app.quit', keys: ['q', 'ctrl+c'], group: 'app', layer: 'global', bar: 'quit', help: 'quit distill' },
];

/** Shown in the bar and the help beside the table's own keys: what the list does. */
export const LIST_KEYS = [
  { keys: 'j/k ↑/↓', bar: 'move', help: 'move between quests' },
  { keys: 'Enter', bar: 'open', help: "open the quest's review (or the quirks review); q there comes back here" },
];

export function homeBindings(modal: HomeModal | null): HomeBinding[] {
  return HOME_KEYS.filter((b) => (modal ? b.layer === 'modal' && b.modal === modal : b.layer !== 'modal'));
}

export function homeKeyBar(modal: HomeModal | null): string[] {
  const own = homeBindings(modal)
    .filter((b) => b.bar)
    .map((b) => `${keyLabel(b.keys[0])} ${b.bar}`);
  return modal ? own : [...LIST_KEYS.map((k) => `${k.keys} ${k.bar}`), ...own];
}

export function homeHelp(): string[] {
  return [
    ...LIST_KEYS.map((k) => `${k.keys.padEnd(10)} ${k.help}`),
    ...homeBindings(null).map((b) => `${b.keys.map(keyLabel).join('/').padEnd(10)} ${b.help}`),
  ];
}
