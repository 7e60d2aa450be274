// A cache file of a new version replaces the old versions of the same file in the cache folder (an upgrade leaves no
// stale caches behind), and nothing else.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { replaceCacheFile } from '../src/core/journal/atomic.js';
import { openStoreSync } from '../src/core/index.js';
import { copyFixture } from './helpers/home.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-versions-'));
  dirs.push(dir);
  return dir;
}

describe('versioned cache files', () => {
  test('writing pairs-v4.json removes pairs-v2.json and pairs-v9.json, and keeps other families and other names', () => {
    const dir = tmp();
    const keep = ['pair-features-v2.json', 'cards-v8.bin', 'notes.txt', 'pairs-v2.json.tmp', 'pairs.json'];
    for (const name of ['pairs-v2.json', 'pairs-v9.json', 'pairs-v3.bin', ...keep]) fs.writeFileSync(path.join(dir, name), 'old');
    expect(replaceCacheFile(path.join(dir, 'pairs-v4.json'), '{}')).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual([...keep, 'pairs-v4.json'].sort());
    expect(fs.readFileSync(path.join(dir, 'pairs-v4.json'), 'utf8')).toBe('{}');
  });

  test('a write that fails leaves the old versions where they are', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'cards-v8.bin'), 'old');
    fs.mkdirSync(path.join(dir, 'cards-v9.bin')); // a folder where the file goes: the rename fails
    expect(replaceCacheFile(path.join(dir, 'cards-v9.bin'), [Buffer.from('new')])).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'cards-v8.bin'), 'utf8')).toBe('old');
  });

  test('opening a store writes its metadata cache and drops an older version of it', () => {
    const home = copyFixture('ds-sample');
    const base = tmp();
    const env = { DISTILL_CACHE_DIR: base };
    openStoreSync(home, { env });
    const [dir] = fs.readdirSync(base);
    const current = fs.readdirSync(path.join(base, dir)).find((name) => /^cards-v\d+\.bin$/.test(name))!;
    fs.rmSync(path.join(base, dir, current));
    fs.writeFileSync(path.join(base, dir, 'cards-v1.bin'), 'a cache of an older distill');
    openStoreSync(home, { env });
    expect(fs.readdirSync(path.join(base, dir)).filter((name) => name.startsWith('cards-'))).toEqual([current]);
  });
});
