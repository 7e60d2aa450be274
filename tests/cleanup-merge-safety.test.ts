// Merge safety in `distill lessons` while clustering can group different lessons: the confirm names the card kept
// and every card archived, a merge with nothing marked is refused above a small cluster, and pairs with the same
// words in another order or with other numbers are flagged.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { conflictingPairs, MERGE_UNMARKED_MAX, statementConflict } from '../src/core/cleanup/merge-check.js';
import { createLessonsFacade } from '../src/ui/lessons/facade.js';
import { LessonsApp } from '../src/ui/lessons/LessonsApp.js';
import { createLessonsStore } from '../src/ui/lessons/store.js';
import { copyFixture, snapshot } from './helpers/home.js';
import { renderApp, type Rendered } from './ui/render.js';

const NOW = '2026-06-01T10:00:00+00:00';
let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

function card(id: string, title: string, created: string, body = 'Seen on GSM8K with a 7B policy; the gap held over three seeds.'): string {
  return `---\nid: ${id}\ntype: knowledge\nkind: knowledge\ntitle: ${title}\nquest_id: null\ntags:\n- domain:rl\n- topic:preference-optimization\ncreated_at: '${created}'\nupdated_at: '${created}'\nscope: global\n---\n${body}\n`;
}

async function open(extra: Record<string, string>, size = { columns: 150, rows: 34 }) {
  const home = copyFixture('dup-home');
  for (const [name, text] of Object.entries(extra)) fs.writeFileSync(path.join(home, 'memory', 'knowledge', name), text);
  const env = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) };
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
  return { home, store, app };
}

describe('statementConflict', () => {
  it('flags the same words in another order and other numbers; not rewordings or unrelated claims', () => {
    expect(statementConflict('Prefer GRPO over DPO for math reasoning', 'Prefer DPO over GRPO for math reasoning')).toBe(
      'same words in another order: they may claim the opposite',
    );
    expect(statementConflict('Warmup ratio of at least 0.03 for adapters', 'Warmup ratio of at least 0.06 for adapters')).toBe(
      'same words, other numbers (0.03 / 0.06)',
    );
    expect(statementConflict('Warmup ratio matters more than peak LR for adapters', 'Warmup ratio matters more than peak LR for adapters.')).toBeNull();
    expect(statementConflict('Prefer GRPO over DPO', 'Label smoothing hurts span F1')).toBeNull();
    expect(conflictingPairs([
      { id: 'a', title: 'Prefer GRPO over DPO for math reasoning', claim: null },
      { id: 'b', title: 'Prefer DPO over GRPO for math reasoning', claim: null },
      { id: 'c', title: 'Prefer GRPO over DPO for math reasoning', claim: null },
    ]).map((f) => `${f.a}/${f.b}`)).toEqual(['a/b', 'b/c']);
  });
});

describe('m in distill lessons', () => {
  it('names the card kept and every card archived, with the survivor the write will keep', async () => {
    const { app } = await open({});
    await app.press('m');
    const frame = app.frame();
    expect(frame).toContain('Merge 3 cards into knowledge-05abb9e0? 2 cards will be archived.');
    expect(frame).toMatch(/keeps {5}knowledge-05abb9e0 {2}Warmup ratio matters more than peak LR for adapters/);
    expect(frame).toMatch(/archives {2}knowledge-3f2a9c11 {2}\S/);
    expect(frame).toMatch(/archives {2}knowledge-8d41e0b7 {2}Adapters need a warmup ratio of at least 0\.03/);
  });

  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    it(`opposite claims in one cluster are flagged in the confirm (${size.columns}x${size.rows})`, async () => {
      const { app, store } = await open(
        {
          'prefer-grpo-over-dpo.md': card('knowledge-grpo0001', 'Prefer GRPO over DPO for math reasoning', '2026-05-01T00:00:00+00:00'),
          'prefer-dpo-over-grpo.md': card('knowledge-dpo00001', 'Prefer DPO over GRPO for math reasoning', '2026-05-02T00:00:00+00:00'),
        },
        size,
      );
      const at = store.getState().clusters.findIndex((c) => c.cards.some((k) => k.id === 'knowledge-grpo0001'));
      expect(at).toBeGreaterThanOrEqual(0);
      for (let i = 0; i < at; i++) await app.press('j');
      await app.press('m');
      const frame = app.frame();
      expect(frame).toContain('Merge 2 cards into knowledge-grpo0001? 1 card will be archived.');
      expect(frame).toContain('archives  knowledge-dpo00001');
      expect(frame).toContain('⚠ 1 pair may not say the same thing');
      expect(frame).toContain('⚠ knowledge-grpo0001 / knowledge-dpo00001: same words in another order');
    });
  }

  it(`refuses to merge a cluster of more than ${MERGE_UNMARKED_MAX} with nothing marked; marked cards merge`, async () => {
    const extra: Record<string, string> = {};
    for (let i = 1; i <= 6; i++) {
      extra[`reward-model-overfits-${i}.md`] = card(`knowledge-rm00000${i}`, 'Reward model overfits after two epochs on preference data', `2026-04-0${i}T00:00:00+00:00`);
    }
    const { app, store, home } = await open(extra);
    const at = store.getState().clusters.findIndex((c) => c.cards.some((k) => k.id === 'knowledge-rm000001'));
    expect(store.getState().clusters[at].cards).toHaveLength(6);
    for (let i = 0; i < at; i++) await app.press('j');
    const before = snapshot(home);
    await app.press('m');
    expect(app.frame()).toContain(`merge: this cluster holds 6 cards; mark the ones that say the same thing (Space) — only up to ${MERGE_UNMARKED_MAX} merge unmarked`);
    expect(store.getState().modal).toBeNull();
    expect(store.getState().staged).toEqual([]);
    await app.press('l');
    await app.press('space');
    await app.press('j');
    await app.press('space');
    await app.press('m');
    expect(app.frame()).toContain('Merge 2 cards into knowledge-rm000001? 1 card will be archived.');
    expect(app.frame()).toContain('archives  knowledge-rm000002');
    await app.press('y');
    expect(store.getState().staged).toMatchObject([{ kind: 'merge', ids: ['knowledge-rm000001', 'knowledge-rm000002'] }]);
    expect(snapshot(home)).toEqual(before);
  });
});
