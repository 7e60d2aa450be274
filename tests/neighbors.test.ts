import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import type { Io } from '../src/cli/output.js';
import { buildNeighborIndex, NeighborIndex } from '../src/core/neighbors/engine.js';
import { openNeighborIndex } from '../src/core/neighbors/feature-cache.js';
import { probeFromCard } from '../src/core/neighbors/probe.js';
import { recallCards } from '../src/core/neighbors/recall.js';
import { normalizeText, wordTokens } from '../src/core/neighbors/tokens.js';
import type { CardMeta } from '../src/core/store/cardMeta.js';
import { openStoreSync } from '../src/core/store/load.js';

const FIXTURE = path.resolve('fixtures/ds-sample');

function meta(over: Partial<CardMeta> & { id: string }): CardMeta {
  return {
    title: over.id, path: `/h/memory/knowledge/${over.id}.md`, kindDir: 'knowledge', tags: [], keywords: [], claim: null,
    updatedAt: '2026-01-01T00:00:00+00:00', scope: 'global', questId: null, lineageRuns: [], lineageQuests: [], ignored: false, state: false, auto: false, promotedFrom: null,
    excerpt: '', size: 1, mtimeMs: 1, ...over,
  };
}

describe('neighbor ranking', () => {
  let tmp: string;
  let cards: CardMeta[];
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-nb-'));
    cards = openStoreSync(FIXTURE, { env: { DISTILL_CACHE_DIR: tmp } }).cards;
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('puts an exact duplicate title first, whatever its case and punctuation, with score 1', () => {
    const index = buildNeighborIndex(cards);
    const hits = index.query({ title: 'TEMPERATURE scaling fixes in-domain reader overconfidence!', tags: [] }, { limit: 5 });
    expect(hits[0].card.id).toBe('knowledge-ac553f60');
    expect(hits[0].score).toBe(1);
    expect(hits[0].reasons[0]).toBe('exact title');
    expect(hits[1].score).toBeLessThan(1);
  });

  it('puts an exact duplicate claim first even when the title is worded differently', () => {
    const index = buildNeighborIndex(cards);
    const claim = cards.find((c) => c.id === 'knowledge-37199b1a')!.claim!;
    const hits = index.query({ title: 'Entropy-tuned temperatures fail on new corpora', claim: claim.toUpperCase(), tags: ['domain:nlp'] });
    expect(hits[0].card.id).toBe('knowledge-37199b1a');
    expect(hits[0].reasons).toContain('exact claim');
  });

  it('after cards are updated and removed in place, scores are what a fresh build of the same cards gives', () => {
    const probe = {
      title: 'Adapters diverge when warmup is too short, whatever the peak learning rate',
      tags: ['topic:peft', 'topic:optimization'],
      keywords: ['warmup ratio'],
    };
    const index = buildNeighborIndex(cards);
    // A store refresh that saw every card change (a home copied again: new mtimes), then one card go.
    index.apply({ added: [], updated: cards, removed: [] });
    index.apply({ added: [], updated: cards.slice(0, 3), removed: [cards[cards.length - 1]] });
    const kept = cards.slice(0, -1);
    const fresh = buildNeighborIndex(kept).query(probe, { limit: 10 });
    const got = index.query(probe, { limit: 10 });
    expect(got.map((n) => [n.card.id, n.score, n.reasons])).toEqual(fresh.map((n) => [n.card.id, n.score, n.reasons]));
    // The same through the index the review opens from the feature cache (postings made from cached word numbers).
    const store = openStoreSync(FIXTURE, { env: { DISTILL_CACHE_DIR: tmp } });
    const { index: cached } = openNeighborIndex(store);
    cached.apply({ added: [], updated: store.cards, removed: [] });
    const whole = buildNeighborIndex(store.cards).query(probe, { limit: 10 });
    expect(cached.query(probe, { limit: 10 }).map((n) => [n.card.id, n.score])).toEqual(whole.map((n) => [n.card.id, n.score]));
  });

  it('finds a paraphrase by its words and tags, with reasons', () => {
    const index = buildNeighborIndex(cards);
    const hits = index.query({
      title: 'Adapters diverge when warmup is too short, whatever the peak learning rate',
      tags: ['topic:peft', 'topic:optimization'],
      keywords: ['warmup ratio'],
    });
    expect(hits[0].card.id).toBe('knowledge-05abb9e0');
    expect(hits[0].reasons).toContain('shared tags: topic:peft, topic:optimization');
    expect(hits[0].reasons.some((r) => r.startsWith('shared words: '))).toBe(true);
  });

  it('orders by tag overlap when nothing else differs, and says which tags', () => {
    const index = buildNeighborIndex([
      meta({ id: 'one', title: 'Alpha', tags: ['a', 'x'] }),
      meta({ id: 'three', title: 'Beta', tags: ['a', 'b', 'c'] }),
      meta({ id: 'none', title: 'Gamma', tags: ['z'] }),
      meta({ id: 'two', title: 'Delta', tags: ['b', 'c', 'y'] }),
    ]);
    const hits = index.query({ title: 'Unrelated words', tags: ['a', 'b', 'c'] });
    expect(hits.map((h) => h.card.id)).toEqual(['three', 'two', 'one']);
    expect(hits.map((h) => h.reasons)).toEqual([['shared tags: a, b, c'], ['shared tags: b, c'], ['shared tags: a']]);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    expect(hits[1].score).toBeGreaterThan(hits[2].score);
  });

  it('names the shared lineage run, and gives every hit a score in 0..1 and a reason', () => {
    const index = buildNeighborIndex([
      ...cards,
      meta({ id: 'same-run', title: 'Completely different wording here', lineageRuns: ['run-01d92f85'] }),
    ]);
    const hits = index.query({ title: 'Calibration of readers', tags: ['topic:calibration'], lineageRuns: ['run-01d92f85'] }, { limit: 20 });
    const hit = hits.find((h) => h.card.id === 'same-run')!;
    expect(hit.reasons).toEqual(['same lineage run run-01d92f85']);
    expect(hits.find((h) => h.card.id === 'knowledge-ac553f60')!.reasons).toContain('same lineage run run-01d92f85');
    for (const h of hits) {
      expect(h.score).toBeGreaterThanOrEqual(0);
      expect(h.score).toBeLessThanOrEqual(1);
      expect(h.reasons.length).toBeGreaterThan(0);
    }
  });

  it('never returns ignored cards, excluded ids or the probe card itself', () => {
    const index = buildNeighborIndex([
      meta({ id: 'kept', title: 'Seed variance', tags: ['t'] }),
      meta({ id: 'ignored', title: 'Seed variance', tags: ['t'], ignored: true }),
      meta({ id: 'excluded', title: 'Seed variance', tags: ['t'] }),
    ]);
    const self = meta({ id: 'self', title: 'Seed variance', tags: ['t'] });
    index.add(self);
    const hits = index.query({ ...probeFromCard(self), excludeIds: ['self', 'excluded'] });
    expect(hits.map((h) => h.card.id)).toEqual(['kept']);
  });

  it('follows add, update and remove', () => {
    const index = new NeighborIndex([meta({ id: 'a', title: 'Old title' })]);
    expect(index.query({ title: 'New title', tags: [] })[0]?.reasons ?? []).not.toContain('exact title');
    index.update(meta({ id: 'a', title: 'New title' }));
    expect(index.size).toBe(1);
    expect(index.query({ title: 'new title', tags: [] })[0].reasons).toContain('exact title');
    expect(index.query({ title: 'old title', tags: [] }).map((h) => h.card.title)).toEqual(['New title']);
    index.remove('/h/memory/knowledge/a.md');
    expect(index.query({ title: 'new title', tags: [] })).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('normalizes and tokenizes the way the ranking relies on', () => {
    // Abbreviations in their long form (src/core/neighbors/abbreviations.ts): `ECE` meets `expected calibration error`.
    expect(normalizeText('  Temperature-Scaling: FIXES  ECE!! ')).toBe('temperature scaling fixes expected calibration error');
    expect(wordTokens('Calibrated calibration of the readers, ECE 0.031')).toEqual(['calibrat', 'read', 'expect', 'error', '0.031']);
    expect(normalizeText('Warm-up ratio beats peak LR')).toBe(normalizeText('warmup ratio beats peak learning rate'));
  });
});

describe('recallCards', () => {
  const index = buildNeighborIndex([
    meta({ id: 'old-two', tags: ['a', 'b'], updatedAt: '2025-01-01T00:00:00+00:00' }),
    meta({ id: 'new-one', tags: ['a'], updatedAt: '2026-03-01T00:00:00+00:00' }),
    meta({ id: 'new-two', tags: ['b', 'a'], updatedAt: '2026-02-01T00:00:00+00:00' }),
    meta({ id: 'ignored', tags: ['a', 'b'], ignored: true, updatedAt: '2027-01-01T00:00:00+00:00' }),
    meta({ id: 'paper', tags: ['a'], kindDir: 'papers', updatedAt: '2026-04-01 00:00:00+00:00' }),
    meta({ id: 'undated', tags: ['A'], updatedAt: null }),
  ]);

  it('ranks by tag overlap (exact strings), then updated_at newest first', () => {
    const got = recallCards(index, { tags: ['a', 'b'], limit: 10 });
    expect(got.map((r) => r.card.id)).toEqual(['new-two', 'old-two', 'paper', 'new-one']);
    expect(got[0]).toMatchObject({ overlap: 2, sharedTags: ['a', 'b'] });
  });

  it('filters by kind (plural or singular) and limits', () => {
    expect(recallCards(index, { tags: ['a'], kind: 'paper', limit: 10 }).map((r) => r.card.id)).toEqual(['paper']);
    expect(recallCards(index, { tags: ['a'], kind: 'knowledge', limit: 1 }).map((r) => r.card.id)).toEqual(['new-one']);
    expect(() => recallCards(index, { kind: 'nope' })).toThrow(/unknown kind nope/);
  });

  it('gives the most recent cards when no tags are asked, undated last', () => {
    expect(recallCards(index, { limit: 10 }).map((r) => r.card.id)).toEqual(['paper', 'new-one', 'new-two', 'old-two', 'undated']);
  });
});

describe('distill neighbors', () => {
  let tmp: string;
  let home: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-nbcli-'));
    home = path.join(tmp, 'home');
    fs.cpSync(FIXTURE, home, { recursive: true });
    const drafts = path.join(home, 'drafts', 'experiences', '001');
    fs.mkdirSync(drafts, { recursive: true });
    fs.writeFileSync(
      path.join(drafts, 'campaign-a__slice-1.md'),
      '---\ntitle: Warmup ratio matters more than peak LR for adapters.\nclaim: Short warmup makes adapters diverge.\n' +
        'tags:\n- topic:peft\nlineage:\n- quest: 001\n  run: run-4d405130\n  direction: main\n  note: x\n---\nDraft body.\n',
    );
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = { out: (s) => out.push(s), err: (s) => err.push(s), isTTY: false, env: { DISTILL_CACHE_DIR: path.join(tmp, 'cache') }, cwd: tmp };
    const code = await main(['--home', home, 'neighbors', ...argv], io);
    return { code, out: out.join(''), err: err.join('') };
  }

  it('prints ranked neighbors of a card with scores and reasons', async () => {
    const r = await run('knowledge-ac553f60', '--limit', '3');
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe('Neighbors of card knowledge-ac553f60: Temperature scaling fixes in-domain reader overconfidence');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^ {2}\d\.\d\d {2}\S+ {2}\S/);
    expect(lines[2]).toMatch(/^ {8}shared tags: /);
    expect(r.out).not.toMatch(/ {2}knowledge-ac553f60 /);
  });

  it('prints JSON for a draft file and for a draft id of the quest', async () => {
    const file = path.join(home, 'drafts', 'experiences', '001', 'campaign-a__slice-1.md');
    for (const arg of [file, 'draft:001/campaign-a__slice-1']) {
      const r = await run(arg, '--json', '--quest', '001', '--limit', '2');
      expect(r.code).toBe(0);
      const json = JSON.parse(r.out);
      expect(json.query).toMatchObject({ title: 'Warmup ratio matters more than peak LR for adapters.', path: file });
      expect(json.neighbors).toHaveLength(2);
      expect(json.neighbors[0]).toEqual({
        card_id: 'knowledge-05abb9e0',
        title: 'Warmup ratio matters more than peak LR for adapters',
        path: path.join(fs.realpathSync(home), 'memory', 'knowledge', 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'),
        kind: 'knowledge',
        score: 1,
        reasons: expect.arrayContaining(['exact title', 'shared tags: topic:peft']),
        tags: ['domain:nlp', 'topic:peft', 'topic:optimization'],
      });
    }
  });

  it('exits 2 with one line for an unknown id, a missing file or a bad limit', async () => {
    for (const [args, message] of [
      [['knowledge-00000000'], /^distill: knowledge-00000000: no global card with this id/],
      [['knowledge-00000000', '--quest', '001'], /^distill: knowledge-00000000: no global card or draft of quest 001 with this id/],
      [['./nope.md'], /^distill: .*nope\.md: no such card or draft file/],
      [['knowledge-ac553f60', '--limit', '0'], /^distill: --limit 0: not a positive whole number/],
    ] as const) {
      const r = await run(...args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(message);
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
