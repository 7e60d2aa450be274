// The resident index's kept orders (issue 36's 100k latency): neighbors' exact-key map (NeighborIndex.keepKeys) and
// recall's recency order (buildTagIndexOfView ranked) answer exactly what the one-shot pass and sort answer, before
// and after cards change in place.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildNeighborIndex, buildTagIndexOfView, openNeighborIndex, openStoreSync, recallCards, ResidentIndex } from '../src/core/index.js';
import { probeFromCard } from '../src/core/neighbors/probe.js';
import { copyFixture } from './helpers/home.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.splice(0)) undo();
});

function home(name: string): string {
  const dir = copyFixture(name);
  cleanup.push(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));
  return dir;
}

const names = (found: { card: { path: string }; score?: number; reasons?: string[] }[]) => found.map((n) => [n.card.path, n.score, n.reasons]);

describe('resident orders', () => {
  test('neighbors by the key map answer what the pass over every card answers, after a card is replaced too', async () => {
    const h = home('dup-home');
    const resident = new ResidentIndex(h);
    cleanup.push(() => resident.close());
    const kept = resident.neighborIndex();
    const cards = resident.store.cards;
    expect(cards.length).toBeGreaterThan(5);
    const check = () => {
      const scanned = buildNeighborIndex(resident.store.cards);
      for (const card of resident.store.cards) {
        const probe = probeFromCard(card);
        expect(names(kept.query(probe, { limit: 20 }))).toEqual(names(scanned.query(probe, { limit: 20 })));
      }
    };
    check();
    // A duplicate title written in place: the map learns the new card's keys.
    const first = cards[0];
    fs.writeFileSync(path.join(path.dirname(first.path), 'copy-of-first.md'), fs.readFileSync(first.path, 'utf8').replace(/^id: .*$/m, 'id: knowledge-copyfirst'));
    expect((await resident.sync()).changed).toBe(1);
    check();
    expect(kept.query(probeFromCard(first)).some((n) => n.card.id === 'knowledge-copyfirst' && n.reasons.includes('exact title'))).toBe(true);
    expect(openNeighborIndex(resident.store).index.size).toBe(resident.store.count);
  });

  test('recall by the kept recency order answers what ranking every tagged card answers, after dates change in place', async () => {
    const h = home('demo-home');
    const resident = new ResidentIndex(h);
    cleanup.push(() => resident.close());
    const check = () => {
      const view = resident.store.view();
      const ranked = buildTagIndexOfView(view, { ranked: true });
      const plain = buildTagIndexOfView(view);
      const tags = [...new Set(resident.store.cards.flatMap((c) => c.tags))];
      expect(tags.length).toBeGreaterThan(3);
      for (const a of tags) {
        for (const b of tags.slice(0, 6)) {
          for (const limit of [1, 3, 50]) {
            const ask = { tags: [a, b], limit };
            expect(recallCards(ranked, ask).map((r) => [r.card.path, r.overlap])).toEqual(recallCards(plain, ask).map((r) => [r.card.path, r.overlap]));
          }
        }
      }
    };
    check();
    // The oldest card made the newest, in place: the same view, its order moved for that card alone.
    const view = resident.store.view();
    const oldest = [...resident.store.cards].sort((x, y) => (x.updatedAt ?? '').localeCompare(y.updatedAt ?? ''))[0];
    fs.writeFileSync(oldest.path, fs.readFileSync(oldest.path, 'utf8').replace(/^updated_at: .*$/m, "updated_at: '2031-01-01T00:00:00+00:00'"));
    expect((await resident.sync()).changed).toBe(1);
    expect(resident.store.view()).toBe(view);
    check();
    const tag = oldest.tags[0];
    expect(recallCards(buildTagIndexOfView(view, { ranked: true }), { tags: [tag], limit: 1 })[0].card.path).toBe(oldest.path);
  });

  test('a card re-read in place updates only its own tags and place in the order: the answers are a fresh open\'s', async () => {
    const h = home('demo-home');
    const resident = new ResidentIndex(h, { env: { DISTILL_CACHE_DIR: path.join(path.dirname(h), 'cache') } });
    cleanup.push(() => resident.close());
    const view = resident.store.view();
    const tags = [...new Set(resident.store.cards.flatMap((c) => c.tags)), 'topic:brand-new'];
    const ranked = () => buildTagIndexOfView(view, { ranked: true });
    // Every tag answered once (kept by the view), and the recency order made, before the changes.
    for (const tag of tags) view.withTag(tag);
    recallCards(ranked(), { tags: tags.slice(0, 2), limit: 3 });
    const check = () => {
      expect(resident.store.view()).toBe(view);
      const fresh = openStoreSync(h, { env: { DISTILL_CACHE_DIR: path.join(path.dirname(h), 'fresh') } }).view();
      for (const tag of tags) expect([tag, view.withTag(tag)]).toEqual([tag, fresh.withTag(tag)]);
      for (const a of tags) {
        for (const limit of [1, 4, 50]) {
          const ask = { tags: [a, tags[0]], limit };
          expect(recallCards(ranked(), ask).map((r) => [r.card.path, r.overlap])).toEqual(recallCards(buildTagIndexOfView(fresh), ask).map((r) => [r.card.path, r.overlap]));
        }
      }
    };
    const [one, two] = resident.store.cards;
    const text = fs.readFileSync(one.path, 'utf8');
    const edits = [
      // A tag written twice, another dropped, a tag no card had, the date made the newest.
      text.replace(/^tags:\n/m, `tags:\n- ${one.tags[0]}\n- topic:brand-new\n`).replace(/^updated_at: .*$/m, "updated_at: '2031-01-01T00:00:00+00:00'"),
      text.replace(/^tags:\n- .*\n/m, 'tags:\n'),
      // No card any more (a frontmatter that does not parse), then back.
      '---\ntitle: [unclosed\n---\n',
      text,
    ];
    for (const edit of edits) {
      fs.writeFileSync(one.path, edit);
      fs.writeFileSync(two.path, fs.readFileSync(two.path, 'utf8').replace(/^updated_at: .*$/m, `updated_at: '20${20 + edits.indexOf(edit)}-01-01T00:00:00+00:00'`));
      expect((await resident.sync()).how).toBe('changed');
      check();
    }
  });

  test('a card that comes, is renamed or goes: the tags answered and the order are carried to the new view, as a fresh open answers', async () => {
    const h = home('demo-home');
    const resident = new ResidentIndex(h, { env: { DISTILL_CACHE_DIR: path.join(path.dirname(h), 'cache') } });
    cleanup.push(() => resident.close());
    const tags = [...new Set(resident.store.cards.flatMap((c) => c.tags)), 'topic:brand-new'];
    const [one, two] = resident.store.cards;
    const dir = path.dirname(one.path);
    const card = (id: string, tag: string, date: string) => `---\nid: ${id}\ntitle: Card ${id}\ntags:\n- ${tag}\n- ${tag}\nscope: global\nupdated_at: '${date}'\n---\nBody of ${id}.\n`;
    const steps: [string, () => void][] = [
      ['a card comes (first in path order, the newest)', () => fs.writeFileSync(path.join(dir, '000-first.md'), card('knowledge-first', tags[0], '2032-01-01T00:00:00+00:00'))],
      ['a card comes with a tag no card had (last in path order)', () => fs.writeFileSync(path.join(dir, 'zzz-last.md'), card('knowledge-last', 'topic:brand-new', '2019-01-01T00:00:00+00:00'))],
      ['a card is renamed', () => fs.renameSync(one.path, path.join(dir, 'mmm-renamed.md'))],
      ['a card goes, another changes in place', () => {
        fs.rmSync(two.path);
        fs.writeFileSync(path.join(dir, '000-first.md'), card('knowledge-first', tags[1], '2018-01-01T00:00:00+00:00'));
      }],
    ];
    for (const [what, step] of steps) {
      const view = resident.store.view();
      for (const tag of tags) view.withTag(tag);
      recallCards(buildTagIndexOfView(view, { ranked: true }), { tags: tags.slice(0, 2), limit: 3 });
      step();
      expect((await resident.sync()).how, what).toBe('changed');
      const now = resident.store.view();
      expect(now, what).not.toBe(view);
      const fresh = openStoreSync(h, { env: { DISTILL_CACHE_DIR: path.join(path.dirname(h), `fresh-${steps.length}`) } }).view();
      for (const tag of tags) expect([what, tag, now.withTag(tag)]).toEqual([what, tag, fresh.withTag(tag)]);
      for (const a of tags) {
        for (const limit of [1, 4, 50]) {
          const ask = { tags: [a, tags[0]], limit };
          const got = recallCards(buildTagIndexOfView(now, { ranked: true }), ask).map((r) => [r.card.path, r.overlap]);
          expect([what, got]).toEqual([what, recallCards(buildTagIndexOfView(fresh), ask).map((r) => [r.card.path, r.overlap])]);
        }
      }
      // Neighbors of the resident index against an index of the cards as they are now.
      const scanned = buildNeighborIndex(resident.store.cards);
      for (const c of resident.store.cards.slice(0, 8)) {
        const probe = probeFromCard(c);
        expect(names(resident.neighborIndex().query(probe, { limit: 10 }))).toEqual(names(scanned.query(probe, { limit: 10 })));
      }
    }
  });
});
