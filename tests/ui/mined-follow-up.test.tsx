// The review of mined patterns shows a follow-up (a pattern a card was written from, with runs since) flagged in the
// list, with the card it was written into as its first neighbor, which `p` patches with the new runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { minedQuest } from '../../src/core/index.js';
import { parseCardText } from '../../src/core/format/frontmatter.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture, run, tempDirs } from '../helpers/home.js';
import { addRun } from '../helpers/mine-runs.js';
import { writeDecisions } from '../helpers/write-home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});
const dirs = tempDirs();
const ENV = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
const ADAPTER_FILE = 'memory/knowledge/adapters-rarely-beat-full-fine-tuning-when-the-target-domain-is-narrow.md';

describe('a turned pattern in the review', () => {
  test('flagged in the list, its card first among the neighbors; p patches that card with the new runs', async () => {
    const h = copyFixture('mine-home');
    dirs.push(path.dirname(h));
    const file = writeDecisions(path.dirname(h), [{ pattern: 'pattern-864fcb1d1ce1', decision: 'patch', neighbor: 'knowledge-1190cc07' }]);
    expect((await run(['--home', h, 'apply', '--mined', file, '--yes'], { env: ENV })).code).toBe(0);
    addRun(h, 'pubmed-lm', 'main-002', 'main-020', true);
    addRun(h, 'wnut-ner', 'wnut-ad-a', 'wnut-ad-x', true);
    addRun(h, 'conll-ner-1k', 'main-003', 'main-030', true);
    const store = createReviewStore({ facade: createCoreFacade({ quest: minedQuest(h), env: { ...ENV, DISTILL_NOW: '2026-07-02T00:00:00+00:00', DISTILL_CACHE_DIR: path.join(path.dirname(h), 'cache') } }) });
    app = await renderApp(<ReviewApp store={store} env={{}} />, { columns: 140, rows: 40 });
    await app.press('l');
    await app.press('h');
    await app.press('j'); // idea families
    await app.press('l');
    for (let i = 0; i < 5 && !/›\s+turned: Adapter/.test(app.frame()); i++) await app.press('j');
    expect(app.frame()).toMatch(/›\s+turned: Adapter tuning ideas do not beat/);
    expect(app.frame()).toContain('Evidence: 4 wins, 4 losses, 3 new since the card was written');
    // The runs the card was not written from are marked new; those it was are not.
    expect(app.frame()).toMatch(/\+ main-020 .*\+2\.0 % +new$/m);
    expect(app.frame()).toMatch(/x main-003 .*−2\.3 %$/m);
    // The card it was written into leads the neighbors, saying why.
    expect(app.frame()).toMatch(/› 1\.00 Adapters rarely beat full fine-tuning/);
    await app.press('l');
    expect(app.frame()).toMatch(/why: .*turned: written from this pattern by review decision-[0-9a-f]{8}/);
    await app.press('p');
    await app.press('W');
    expect(app.frame()).toMatch(/revise\s+memory\/knowledge\/adapters-rarely-beat/);
    await app.press('y');
    await store.getState().writing;
    const card = parseCardText(fs.readFileSync(path.join(h, ADAPTER_FILE), 'utf8'));
    expect((card.meta.lineage as unknown[]).length).toBe(7);
    expect(card.body).toContain('Turned: the claim now holds in 4 of 8 comparable runs (50 %), below the 75 % gate.');
  });
});
