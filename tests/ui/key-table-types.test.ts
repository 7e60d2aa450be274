// Compile-time checks of the key table's types: tsc over tests (npm run check) fails if an expect-error stops erroring.
import { describe, expect, it } from 'vitest';
import type { KeyBinding, KeyHandlers, KeyName } from '../../src/ui/shared/keys/key-table.js';
import type { CommandId } from '../../src/ui/shared/keys/table.js';

describe('key table types', () => {
  it('accepts real key names and command ids, rejects typos', () => {
    const ok: KeyName[] = ['j', 'G', '?', 'ctrl+r', 'shift+tab', 'escape', 'space', 'pagedown'];
    // @ts-expect-error a misspelled key does not compile
    const typo: KeyName = 'ctrl+rr';
    const good: KeyBinding<CommandId> = { id: 'history.redo', keys: ['ctrl+r'], group: 'history', layer: 'global', help: 'redo' };
    // @ts-expect-error a binding naming an unknown command does not compile
    const unknown: KeyBinding<CommandId> = { id: 'history.redoo', keys: ['ctrl+r'], group: 'history', layer: 'global', help: 'redo' };
    // @ts-expect-error a handler map missing a command does not compile
    const missing: KeyHandlers<'a.one' | 'a.two'> = { 'a.one': () => true };
    expect([ok.length, typo, good.id, unknown.id, Object.keys(missing).length]).toEqual([8, 'ctrl+rr', 'history.redo', 'history.redoo', 1]);
  });
});
