// distill's large cache files (the pair set, its features, the cards cache's light section, the neighbor features'
// string table) are written as ASCII JSON: non-ASCII characters escaped. They parse to the same values, and a file
// with one `→` or a Chinese tag still decodes into a one-byte string (fast, half the memory).
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findClusters } from '../src/core/cleanup/find.js';
import { pairFile } from '../src/core/cleanup/pair-store.js';
import { asciiJson } from '../src/core/format/ascii-json.js';
import { openStoreSync } from '../src/core/store/index.js';
import { copyFixture } from './helpers/home.js';

const isAscii = (bytes: Buffer) => bytes.every((b) => b < 0x80);

describe('asciiJson', () => {
  it('parses to what JSON.stringify gives, in ASCII only (any string: astral, lone surrogates, controls)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.constantFrom('→', '≠', '校准', '\ud800', 'a\u2028b'));
    fc.assert(
      fc.property(fc.array(fc.record({ s: text, n: fc.double({ noNaN: true, noDefaultInfinity: true }), list: fc.array(text) })), (value) => {
        const out = asciiJson(value);
        expect(isAscii(Buffer.from(out))).toBe(true);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('the cache files of a store with a Chinese tag are ASCII where they are JSON, and read back the same', () => {
    const home = copyFixture('dup-home');
    // Two paraphrases that cluster, both tagged in Chinese: the tag is in the light section and in their link's reasons.
    for (const name of ['temperature-scaling-fixes-in-domain-reader-overconfidence.md', 'temperature-scaling-fixes-in-domain-overconfidence-of-extractive-readers.md']) {
      const card = path.join(home, 'memory', 'knowledge', name);
      fs.writeFileSync(card, fs.readFileSync(card, 'utf8').replace('- topic:calibration\n', '- topic:calibration\n- 校准\n'));
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-ascii-'));
    const env = { DISTILL_CACHE_DIR: dir };
    const first = openStoreSync(home, { env });
    const cache = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => /cards-v\d+\.bin$/.test(f))!;
    // The light section holds the tag escaped (the rows, decoded one by one, keep UTF-8).
    expect(fs.readFileSync(path.join(dir, cache), 'latin1')).toContain('"\\u6821\\u51c6"');
    const warm = openStoreSync(home, { env });
    expect(warm.stats.parsed).toBe(0);
    expect(warm.view().lazyCards().find((c) => c.id === 'knowledge-ac553f60')?.tags).toContain('校准');
    const found = findClusters(first.cards, { pairCache: { dir: path.dirname(path.join(dir, cache)), root: first.root } });
    const pairs = fs.readFileSync(pairFile(path.dirname(path.join(dir, cache))));
    expect(isAscii(pairs)).toBe(true);
    expect(pairs.toString('latin1')).toContain('\\u6821\\u51c6'); // the shared tag in a link's reasons
    const again = findClusters(warm.cards, { pairCache: { dir: path.dirname(path.join(dir, cache)), root: warm.root } });
    expect(Object.values(again.kinds).every((how) => how === 'stored')).toBe(true);
    expect(again.clusters.map((c) => c.links)).toEqual(found.clusters.map((c) => c.links));
    expect(again.clusters.flatMap((c) => c.links.flatMap((l) => l.reasons)).join(' ')).toContain('校准');
  });
});
