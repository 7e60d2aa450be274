// The key table is the single source of the router, the key bar and the help.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { KEY_TABLE, activeBindings, helpLines, keyBarItems } from '../../src/ui/shared/keys/table.js';
import { keysFromInput } from '../../src/ui/shared/keys/normalize.js';
import { routeKey, type Handlers } from '../../src/ui/shared/keys/router.js';
import type { Key } from 'ink';

const key = (over: Partial<Key> = {}): Key =>
  ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
    return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
    super: false, hyper: false, capsLock: false, numLock: false, ...over }) as Key;

describe('key table', () => {
  test('every key the issue names is bound', () => {
    const keys = new Set(KEY_TABLE.filter((b) => b.layer !== 'modal').flatMap((b) => b.keys));
    for (const k of ['j', 'k', 'down', 'up', 'h', 'l', 'tab', 'g', 'G', '/', 'n', 'N', 'space', 'c', 'p', 's', 'x', '-', 'e', 'd', 'u', 'ctrl+r', 'W', 'q', '?']) {
      expect(keys, k).toContain(k);
    }
  });

  test('the key bar and the help come from the table', () => {
    expect(keyBarItems(null, 'drafts')).toContain('space mark');
    expect(keyBarItems(null, 'runs')).not.toContain('space mark');
    expect(keyBarItems('quit', 'runs')).toEqual(['Enter choose', 'w Write', 'd Discard', 'c Cancel']);
    const help = helpLines().join('\n');
    for (const b of KEY_TABLE.filter((x) => x.layer !== 'modal')) expect(help).toContain(b.help);
  });

  test('a modal shadows the pane and global layers', () => {
    expect(activeBindings('quit', 'drafts').every((b) => b.modal === 'quit')).toBe(true);
    const calls: string[] = [];
    const handlers = new Proxy({}, { get: (_t, id: string) => () => (calls.push(id), true) }) as Handlers;
    expect(routeKey('d', { modal: 'quit', pane: 'runs' }, handlers)).toBe('quit.discard');
    expect(routeKey('d', { modal: null, pane: 'runs' }, handlers)).toBe('preview.diff');
    expect(routeKey('j', { modal: null, pane: 'drafts' }, handlers)).toBe('list.down');
    expect(routeKey('z', { modal: 'filter', pane: 'drafts', text: () => true }, handlers)).toBe('text');
    expect(routeKey('z', { modal: null, pane: 'drafts' }, handlers)).toBe('view.zoom');
    expect(routeKey('Z', { modal: null, pane: 'drafts' }, handlers)).toBeNull();
  });

  test('input normalization: coalesced text split, Backspace as delete, lone Escape with meta, Ctrl+R', () => {
    expect(keysFromInput('jjk', key())).toEqual(['j', 'j', 'k']);
    expect(keysFromInput('a b', key())).toEqual(['a', 'space', 'b']);
    expect(keysFromInput('', key({ delete: true }))).toEqual(['backspace']);
    expect(keysFromInput('', key({ escape: true, meta: true }))).toEqual(['escape']);
    expect(keysFromInput('r', key({ ctrl: true }))).toEqual(['ctrl+r']);
    expect(keysFromInput('', key({ tab: true, shift: true }))).toEqual(['shift+tab']);
  });

  test('a coalesced chunk with control bytes: each byte is the key it is alone, in order (Ink passes it without key flags)', () => {
    expect(keysFromInput('\x12\x12\x12', key())).toEqual(['ctrl+r', 'ctrl+r', 'ctrl+r']);
    expect(keysFromInput('j\x04\rk\t\x7f\b\x1b\nx\x15 \x03', key())).toEqual(
      ['j', 'ctrl+d', 'return', 'k', 'tab', 'backspace', 'backspace', 'escape', 'return', 'x', 'ctrl+u', 'space', 'ctrl+c'],
    );
    // Bytes no key is named after (NUL, Ctrl+\ … Ctrl+_) are left out.
    expect(keysFromInput('a\x00\x1cb', key())).toEqual(['a', 'b']);
  });
});

test('ink-select-input is imported nowhere in src/ but through one wrapper (src/ui/shared/SelectList.tsx)', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx)$/.test(entry.name) && /from ['"]ink-select-input['"]/.test(fs.readFileSync(file, 'utf8'))) {
        offenders.push(path.relative(process.cwd(), file));
      }
    }
  };
  walk(path.join(process.cwd(), 'src'));
  expect(offenders).toEqual([path.join('src', 'ui', 'shared', 'SelectList.tsx')]);
});
