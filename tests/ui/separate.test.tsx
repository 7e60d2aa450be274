// `s` keeps the draft separate from exactly the focused neighbor: staged as neighborId, marked in the neighbor list,
// and the new card's `related:` holds that card alone.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { parseCardText } from '../../src/core/format/frontmatter.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore, focused } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe('s on the focused neighbor', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`stages that neighbor and marks it in the list, the others unmarked (${size.columns}x${size.rows})`, async () => {
      app = await start(size);
      await app.press('l');
      await app.press('l');
      await app.press('j');
      await app.press('s');
      expect(app.store.getState().staged['knowledge-d0000001']).toMatchObject({ decision: 'neighbor_but_separate', neighborId: 'knowledge-n0000002' });
      expect(app.frame()).toMatch(/›\s*\[related\] 0\.41 Neighbor B/);
      expect(app.frame()).not.toMatch(/\[related\] 0\.82/);
      expect(app.frame()).toContain('[separate] Warmup matters for adapters');
    });
  }

  test('p marks its target as [patch]', async () => {
    app = await start();
    await app.press('l');
    await app.press('l');
    await app.press('p');
    expect(app.frame()).toMatch(/\[patch\] 0\.82 Neighbor A/);
  });

  test('on disk: the new card is related to the focused neighbor only', async () => {
    const home = copyFixture('demo-home');
    const quest = resolveQuest(home, '001');
    const store = createReviewStore({ facade: createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } }) });
    const s = store.getState();
    const row = focused(s).rows.findIndex((r) => r.draft.title.startsWith('LoRA rank 8 matches'));
    expect(row).toBeGreaterThanOrEqual(0);
    store.getState().focusPane(1);
    store.getState().move(row);
    await new Promise((r) => setImmediate(r)); // the neighbor query runs after the move
    store.getState().focusPane(1);
    const listed = focused(store.getState()).neighbors;
    expect(listed.length).toBeGreaterThan(2);
    store.getState().move(1);
    const target = focused(store.getState()).neighbor!;
    store.getState().decide('neighbor_but_separate');
    store.getState().confirmWrite();
    await store.getState().writing;
    expect(store.getState().message).toMatch(/^wrote/);
    const created = fs
      .readdirSync(path.join(home, 'memory', 'knowledge'))
      .map((f) => fs.readFileSync(path.join(home, 'memory', 'knowledge', f), 'utf8'))
      .find((t) => t.includes('title: LoRA rank 8 matches'))!;
    expect(parseCardText(created).meta.related).toEqual([target.cardId]);
  });
});
