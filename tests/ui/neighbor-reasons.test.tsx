// The reason typed after `p` or `s` is the chosen neighbor's reason too: its `neighbor_decisions` entry in the
// distill_review decision on disk carries it; Enter alone leaves the defaults (`patched into`, `kept separate`).
// Through the keys of the review over the core facade on a copy of fixtures/demo-home, then W and y.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The file `<name>` anywhere under `dir`. */
function findFile(dir: string, name: string): string | null {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    }
  }
  return null;
}

test('p and s with a typed reason: on the chosen neighbor entry of the decision; Enter alone: the default', async () => {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_REVIEWER: 'alice' } });
  const store = createReviewStore({ facade, askReasons: true });
  app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 140, rows: 40 });
  // The first draft (LoRA rank 8 matches adapter bottleneck 64), its top neighbor: s, with a reason.
  await app.press('l');
  await app.press('l');
  expect(app.frame()).toMatch(/› 0\.5\d Adapter bottleneck 64/);
  await app.press('s');
  await app.type('different knob');
  await app.press('return');
  // The fourth (Adapters diverge with warmup below 3%), its top neighbor (Warmup ratio matters …): p, with a reason.
  for (const key of ['h', 'j', 'j', 'j', 'l']) await app.press(key);
  expect(app.frame()).toMatch(/› 0\.4\d Warmup ratio matters more/);
  await app.press('p');
  await app.type('same mechanism');
  await app.press('return');
  // The second (LoRA r=8 with 6% warmup): s on its top neighbor, Enter alone.
  for (const key of ['h', 'k', 'k', 'l', 's', 'return']) await app.press(key);
  // The run closed (the TODO draft rejected with it), so the write covers it and writes the decision.
  for (const key of ['h', 'h', 'x']) await app.press(key);
  await app.type('rest is noise');
  await app.press('return');
  expect(app.frame()).toContain('staged: 4 (1 patch, 2 separate, 1 reject)');
  await app.press('W');
  await app.press('y');
  await store.getState().writing;
  const [review] = store.getState().written;
  const file = findFile(path.join(home, 'quests', '001'), `${review.reviewId}.json`)!;
  const record = JSON.parse(fs.readFileSync(file, 'utf8')) as { neighbor_decisions: { candidate_card_id: string; decision: string; reason: string }[] };
  const chosen = record.neighbor_decisions.filter((n) => n.decision !== 'new').map((n) => [n.candidate_card_id, n.decision, n.reason]);
  expect(chosen).toEqual(expect.arrayContaining([
    ['knowledge-edbc526f', 'neighbor_but_separate', 'different knob'],
    ['knowledge-05abb9e0', 'patch', 'same mechanism'],
  ]));
  expect(chosen).toHaveLength(3);
  // Enter alone: the default on the neighbor entry (the draft's own reason is the longer default).
  const third = chosen.find((n) => n[2] !== 'different knob' && n[2] !== 'same mechanism')!;
  expect(third.slice(1)).toEqual(['neighbor_but_separate', 'kept separate']);
});
