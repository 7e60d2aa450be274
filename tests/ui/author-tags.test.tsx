// `a` in the review writes a lesson draft that carries tags (issue 33): from the quest (the `domain:` and `task:` tags
// its memory cards carry), its idea record's `mechanism_family` and the run's primary metric, so that recall finds the
// lesson once it is a card. Through the keys of the review over the core facade on a copy of fixtures/demo-home: a,
// one editor round, the draft file on disk; then `distill apply` writes it as a new card and `distill recall` finds it
// by those tags.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { parseCardText } from '../../src/core/index.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { editRound } from '../../src/ui/review/run.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture, run } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const apps: Rendered[] = [];
const temps: string[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.unmount();
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ENV = { DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_REVIEWER: 'alice' };

test('a: the new draft on disk carries the quest, idea and metric tags; written as a card, recall finds it by them', async () => {
  const home = copyFixture('demo-home');
  const edits = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-author-tags-'));
  temps.push(path.dirname(home), edits);
  // The idea record of the run's idea names its family (the sample leaves it null).
  const wt = path.join(home, 'quests/001/.ds/worktrees/idea-idea-7a9ceaa1/artifacts/ideas/idea-4a427c5b.json');
  fs.writeFileSync(wt, fs.readFileSync(wt, 'utf8').replace(/"mechanism_family": null/, '"mechanism_family": "Adapter Tuning"'));
  expect(fs.readFileSync(wt, 'utf8')).toContain('"mechanism_family": "Adapter Tuning"');

  const store = createReviewStore({ facade: createCoreFacade({ quest: resolveQuest(home, '001'), env: ENV }) });
  const app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 140, rows: 40 });
  apps.push(app);
  await app.press('a');
  await app.exited;
  const exit = store.getState().exit;
  if (exit?.kind !== 'edit' || !exit.author) throw new Error('no author request');
  let prefilled = '';
  editRound(store, exit, edits, (file) => {
    prefilled = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, prefilled.replace(/^claim: .*$/m, 'claim: Adapters with warmup 0.06 beat the baseline on CoNLL-1k by 0.021 F1.'));
  });
  // The tags are in the editor already, where the reviewer sees and can change them.
  expect(prefilled).toContain('tags:\n- domain:nlp\n- task:ner\n- topic:adapter-tuning\n- metric:f1\n');
  const again = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 140, rows: 40 });
  apps.push(again);
  expect(store.getState().message).toMatch(/^wrote draft idea-7a9ceaa1__main-001\.md in /);

  const file = path.join(home, 'drafts/experiences/001/idea-7a9ceaa1__main-001.md');
  const draft = parseCardText(fs.readFileSync(file, 'utf8'));
  expect(draft.meta.tags).toEqual(['domain:nlp', 'task:ner', 'topic:adapter-tuning', 'metric:f1']);

  // Accepted as a new card, recall by the metric and the family finds it (and it is no state card).
  const decisions = path.join(edits, 'decisions.jsonl');
  fs.writeFileSync(decisions, JSON.stringify({ draft: file, decision: 'new', reason: 'a lesson' }) + '\n');
  const applied = await run(['--home', home, 'apply', '001', decisions, '--yes'], { env: { ...ENV, HOME: os.tmpdir() } });
  expect(applied.err).toBe('');
  expect(applied.code).toBe(0);
  const recalled = await run(['--home', home, 'recall', '--json', '--tags', 'metric:f1,topic:adapter-tuning']);
  const cards = JSON.parse(recalled.out).cards;
  expect(cards).toHaveLength(1);
  expect(cards[0]).toMatchObject({ overlap: 2, claim: 'Adapters with warmup 0.06 beat the baseline on CoNLL-1k by 0.021 F1.' });
});
