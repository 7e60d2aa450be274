// Issue 16: a store's refresh (the review checks the store right after its first frame, and after each write) tells
// what changed from the entries that changed, without decoding the row of every unchanged card; what it tells is what
// comparing the whole card lists before and after tells.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CacheFile } from '../src/core/store/cache.js';
import { openStoreSync } from '../src/core/store/load.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

let tmp: string;
let home: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-refresh-'));
  home = fs.realpathSync((generateHome(path.join(tmp, 'gen'), { cards: 150, seed: 11 }) as { home: string }).home);
  env = { DISTILL_CACHE_DIR: path.join(tmp, 'cache') };
  openStoreSync(home, { env }); // the cache
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A card file changed on disk as an editor would change it (mtime moved on). */
function touch(file: string, text: string | Buffer) {
  fs.writeFileSync(file, text);
  const later = new Date(fs.statSync(file).mtimeMs + 5000);
  fs.utimesSync(file, later, later);
}

/** The cards on disk now, by path, read without any cache. */
const onDisk = () => new Map(openStoreSync(home, { cache: false }).cards.map((c) => [c.path, c]));

describe('Store.refresh', () => {
  it('tells what was added, changed and removed (a file that stopped being a card too), decoding only those', () => {
    const store = openStoreSync(home, { env });
    const cards = store.view().cards().filter((c) => c.kindDir === 'knowledge');
    const fresh = openStoreSync(home, { env });
    const before = onDisk();
    const [changed, deleted, broken, source] = [cards[5], cards[9], cards[14], cards[20]];
    touch(changed.path, fs.readFileSync(changed.path, 'utf8').replace(/^title: .*$/m, 'title: A title written now'));
    fs.rmSync(deleted.path);
    touch(broken.path, Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d]));
    const added = path.join(path.dirname(source.path), 'zz-new-card.md');
    fs.writeFileSync(added, fs.readFileSync(source.path, 'utf8').replace(/^id: .*$/m, 'id: zz-new-card'));
    const after = onDisk();

    const change = fresh.refresh();
    const paths = (list: { path: string }[]) => list.map((c) => c.path);
    expect(paths(change.added)).toEqual([added]);
    expect(paths(change.updated)).toEqual([changed.path]);
    expect(paths(change.removed)).toEqual([broken.path, deleted.path].sort());
    expect(change.updated[0]).toEqual(after.get(changed.path));
    expect(change.added[0]).toEqual(after.get(added));
    expect(change.removed.map((c) => c.title)).toEqual(paths(change.removed).map((p) => before.get(p)!.title));
    expect(fresh.cards).toEqual([...after.values()]);

    // Nothing changed since: nothing to tell, and no row decoded to find that out (the review's check after its first
    // frame, on a store opened from the cache).
    const again = openStoreSync(home, { env });
    const rows = vi.spyOn(CacheFile.prototype, 'meta');
    try {
      expect(again.refresh()).toEqual({ added: [], updated: [], removed: [] });
      expect(rows).not.toHaveBeenCalled();
    } finally {
      rows.mockRestore();
    }
  });

  it('tells the same for the files it is given, and a card that became one again is added', () => {
    const store = openStoreSync(home, { env });
    const [a, b] = store.view().cards().filter((c) => c.kindDir === 'knowledge').slice(3, 5);
    const text = fs.readFileSync(b.path);
    touch(b.path, Buffer.from([0xff, 0xfe]));
    expect(store.refresh([b.path]).removed.map((c) => [c.path, c.title])).toEqual([[b.path, b.title]]);
    store.flushCache();
    const held = openStoreSync(home, { env }); // the cache now says b is no card
    touch(b.path, text);
    touch(a.path, fs.readFileSync(a.path, 'utf8').replace(/^title: .*$/m, 'title: Another title'));
    const change = held.refresh([a.path, b.path, path.join(home, 'memory', 'knowledge', 'not-there.md')]);
    expect(change.added.map((c) => c.path)).toEqual([b.path]);
    expect(change.updated.map((c) => [c.path, c.title])).toEqual([[a.path, 'Another title']]);
    expect(change.removed).toEqual([]);
  });
});
