// Issue 20: the pair set of `distill lessons` persisted in the cache dir, reused while the cards are unchanged and
// updated for the cards that changed, were added or deleted; a damaged file is ignored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findClusters, type FindResult } from '../src/core/cleanup/find.js';
import { pairFile } from '../src/core/cleanup/pair-store.js';
import { openStoreSync } from '../src/core/store/index.js';
import { copyFixture, run, snapshot } from './helpers/home.js';

function setup() {
  const home = copyFixture('dup-home');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-pairs-'));
  const root = path.join(home, 'memory');
  const cached = (threshold?: number) => findClusters(openStoreSync(home, { cache: false }).cards, { threshold, pairCache: { dir, root } });
  const uncached = (threshold?: number) => findClusters(openStoreSync(home, { cache: false }).cards, { threshold });
  const card = (name: string) => path.join(root, 'knowledge', name);
  return { home, dir, cached, uncached, card };
}

/** What a run found, without its timing and bookkeeping. */
const found = (r: FindResult) => ({ clusters: r.clusters, considered: r.considered, pairs: r.pairs });
const ids = (r: FindResult) => r.clusters.map((c) => c.cards.map((card) => card.id));

/** Rewrites a card's frontmatter field (a new size, so the next run sees the change). */
function setField(file: string, field: string, value: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const next = text.replace(new RegExp(`^${field}: .*$`, 'm'), `${field}: ${value}`);
  expect(next).not.toBe(text);
  fs.writeFileSync(file, next);
}

const PARAPHRASE = 'temperature-scaling-fixes-in-domain-reader-overconfidence.md'; // knowledge-ac553f60
const ORIGINAL = ['knowledge-ac553f60', 'knowledge-5be7c2d4'];

describe('persisted pair set', () => {
  it('a warm run reads the stored pairs and finds exactly what an uncached run finds', () => {
    const { dir, cached, uncached } = setup();
    const cold = cached();
    expect(cold.written).toBe(true);
    expect(Object.values(cold.kinds).every((how) => how === 'full')).toBe(true);
    expect(fs.existsSync(pairFile(dir))).toBe(true);
    const warm = cached();
    expect(Object.values(warm.kinds).every((how) => how === 'stored')).toBe(true);
    expect(warm.written).toBe(false);
    expect(found(warm)).toEqual(found(uncached()));
    expect(found(cold)).toEqual(found(uncached()));
    // created_at of the members came from the stored set, not the files.
    expect(warm.clusters[0].cards.map((c) => warm.createdAt(c))).toEqual(cold.clusters[0].cards.map((c) => cold.createdAt(c)));
  });

  it('a card changed on disk between two runs is re-clustered (leaves its cluster, or joins one)', () => {
    const { cached, uncached, card } = setup();
    expect(ids(cached())).toContainEqual(ORIGINAL);
    setField(card(PARAPHRASE), 'title', 'Gradient clipping at 1.0 stabilises long-context pretraining');
    const tagged = fs.readFileSync(card(PARAPHRASE), 'utf8');
    fs.writeFileSync(card(PARAPHRASE), tagged.replace('tags:\n- domain:nlp\n- task:open-qa\n- topic:calibration\n', 'tags: []\n'));
    const text = fs.readFileSync(card(PARAPHRASE), 'utf8');
    const end = text.indexOf('\n---\n', 3) + 5;
    fs.writeFileSync(card(PARAPHRASE), text.slice(0, end) + 'Clipping the global norm at 1.0 removed the loss spikes of 32k-token runs.\n');
    const after = cached();
    expect(after.kinds.knowledge).toBe('incremental');
    expect(after.clusters.flatMap((c) => c.cards.map((x) => x.id))).not.toContain('knowledge-ac553f60');
    expect(found(after)).toEqual(found(uncached()));
    // Now it repeats another card's title word for word: it joins that card.
    setField(card(PARAPHRASE), 'title', 'Adapter bottleneck 64 is the sweet spot on CoNLL-1k');
    const joined = cached();
    expect(joined.kinds.knowledge).toBe('incremental');
    const withIt = joined.clusters.find((c) => c.cards.some((x) => x.id === 'knowledge-ac553f60'));
    expect(withIt?.links.flatMap((l) => l.reasons)).toContain('same title');
    expect(found(joined)).toEqual(found(uncached()));
  });

  it('a deleted card disappears from its cluster; an added copy joins', () => {
    const { cached, uncached, card } = setup();
    const first = cached();
    expect(first.clusters[0].cards.map((c) => c.id)).toContain('knowledge-8d41e0b7');
    const gone = first.clusters[0].cards.find((c) => c.id === 'knowledge-8d41e0b7')!;
    fs.rmSync(gone.path);
    const after = cached();
    expect(after.kinds.knowledge).toBe('incremental');
    expect(after.clusters.flatMap((c) => c.cards.map((x) => x.id))).not.toContain('knowledge-8d41e0b7');
    expect(after.clusters[0].cards).toHaveLength(2);
    expect(found(after)).toEqual(found(uncached()));
    const copy = card('a-copy.md');
    fs.writeFileSync(copy, fs.readFileSync(card(PARAPHRASE), 'utf8').replace('id: knowledge-ac553f60', 'id: knowledge-0c0c0c0c'));
    const added = cached();
    expect(added.clusters.find((c) => c.cards.some((x) => x.id === 'knowledge-0c0c0c0c'))?.cards.map((x) => x.id)).toContain('knowledge-ac553f60');
    expect(found(added)).toEqual(found(uncached()));
  });

  it('a damaged or foreign pair file is ignored and replaced; damaged features mean a full pass', () => {
    const { dir, cached, uncached, card, home } = setup();
    cached();
    const file = pairFile(dir);
    const good = fs.readFileSync(file, 'utf8');
    for (const bad of ['', 'garbage', good.slice(0, good.length / 2), good.replace(/"floor":[0-9.]+/, '"floor":"x"'), good.replace(home, '/elsewhere')]) {
      fs.writeFileSync(file, bad);
      const r = cached();
      expect(Object.values(r.kinds).every((how) => how === 'full')).toBe(true);
      expect(r.written).toBe(true);
      expect(found(r)).toEqual(found(uncached()));
    }
    const features = path.join(dir, fs.readdirSync(dir).find((f) => f.startsWith('pair-features-'))!);
    fs.writeFileSync(features, fs.readFileSync(features, 'utf8').slice(0, 100));
    setField(card(PARAPHRASE), 'title', 'Something else entirely about tokenizers');
    const r = cached();
    expect(r.kinds.knowledge).toBe('full');
    expect(found(r)).toEqual(found(uncached()));
  });

  it('a pair file whose names are not in path order is still matched name by name', () => {
    const { dir, cached, uncached } = setup();
    cached();
    const file = pairFile(dir);
    const text = fs.readFileSync(file, 'utf8');
    const cut = text.indexOf('\n') + 1;
    const header = JSON.parse(text.slice(cut));
    // The knowledge kind stored backwards: names, stats, each pair's two indexes and created_at, remapped.
    const k = header.kinds.knowledge;
    const n = k.names.length;
    const back = (i: number) => n - 1 - i;
    k.names.reverse();
    k.stats = k.names.flatMap((_: string, i: number) => [k.stats[2 * back(i)], k.stats[2 * back(i) + 1]]);
    for (let i = 0; i < k.pairs.length; i += 4 + k.pairs[i + 3]) [k.pairs[i], k.pairs[i + 1]] = [back(k.pairs[i]), back(k.pairs[i + 1])];
    k.created = Object.fromEntries(Object.entries(k.created).map(([i, c]) => [String(back(Number(i))), c]));
    fs.writeFileSync(file, text.slice(0, cut) + JSON.stringify(header));
    const warm = cached();
    expect(warm.kinds.knowledge).toBe('stored');
    expect(found(warm)).toEqual(found(uncached()));
  });

  it('another threshold than the stored pairs were found at is a full pass, with what an uncached run finds', () => {
    // Graded clusters (issue 34): the pairs are kept from under the threshold and a card's nearest from LIKELY_FLOOR,
    // so a stored set serves its own threshold only (a higher one used to reuse it).
    const { cached, uncached } = setup();
    cached();
    expect(Object.values(cached().kinds).every((how) => how === 'stored')).toBe(true);
    const high = cached(0.7);
    expect(Object.values(high.kinds).every((how) => how === 'full')).toBe(true);
    expect(found(high)).toEqual(found(uncached(0.7)));
    const low = cached(0.5);
    expect(Object.values(low.kinds).every((how) => how === 'full')).toBe(true);
    expect(found(low)).toEqual(found(uncached(0.5)));
  });

  it('distill lessons --json keeps its pair set in the cache dir, never in the home', async () => {
    const home = copyFixture('dup-home');
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
    const env = { HOME: os.tmpdir(), DISTILL_CACHE_DIR: cache };
    const before = snapshot(home);
    const first = await run(['--home', home, 'lessons', '--json'], { env });
    const second = await run(['--home', home, 'lessons', '--json'], { env });
    expect(first.code).toBe(0);
    expect(second.out).toBe(first.out);
    expect(fs.readdirSync(path.join(cache, fs.readdirSync(cache)[0])).filter((f) => f.startsWith('pair'))).toHaveLength(2);
    expect(snapshot(home)).toEqual(before);
  });
});
