// The home screen's count of proposed patterns is kept in the cache folder with a manifest of what mining reads: used
// while nothing of it changed (the `cached` flag says so), mined again as soon as a run, a record, a quest or a
// decision changes. On copies of fixtures/mine-home.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { homeStatus, keptMinedCount, mine, minedProposedCount } from '../src/core/index.js';
import { HomeApp } from '../src/ui/home/HomeApp.js';
import { copyFixture, run, tempDirs } from './helpers/home.js';
import { addRun } from './helpers/mine-runs.js';
import { waitFor } from './helpers/wait.js';
import { writeDecisions } from './helpers/write-home.js';
import { renderApp, type Rendered } from './ui/render.js';

const dirs = tempDirs();
let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

function setup() {
  const h = copyFixture('mine-home');
  dirs.push(path.dirname(h));
  const env = { HOME: os.tmpdir(), DISTILL_CACHE_DIR: path.join(path.dirname(h), 'cache'), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
  return { h, env };
}

describe('the mined count of the home screen', () => {
  test('kept while nothing mining reads changes; a decision and a new run each mine again, with the right count', async () => {
    const { h, env } = setup();
    expect(minedProposedCount(h, env)).toEqual({ proposed: 4, cached: false });
    expect(minedProposedCount(h, env)).toEqual({ proposed: 4, cached: true });
    expect(minedProposedCount(h, env)).toEqual({ proposed: 4, cached: true });
    // A decision (the reviewed ledger changes): 3.
    const file = writeDecisions(path.dirname(h), [{ pattern: 'pattern-8cca5911f721', decision: 'new' }]);
    expect((await run(['--home', h, 'apply', '--mined', file, '--yes'], { env })).code).toBe(0);
    expect(minedProposedCount(h, env)).toEqual({ proposed: 3, cached: false });
    expect(minedProposedCount(h, env)).toEqual({ proposed: 3, cached: true });
    // A new run of the decided family: a follow-up, 4 again; never the stale 3.
    addRun(h, 'iwslt-de-en', 'mt-001', 'mt-009', true);
    expect(minedProposedCount(h, env)).toEqual({ proposed: 4, cached: false });
    expect(minedProposedCount(h, env).proposed).toBe(mine(h).funnel.proposed);
  });

  test('a record rewritten in place, a new quest and a new worktree each invalidate the count', () => {
    const { h, env } = setup();
    minedProposedCount(h, env);
    const record = path.join(h, mine(h).patterns[0].evidence[0].file);
    fs.writeFileSync(record, fs.readFileSync(record, 'utf8').replace('"status": "completed"', '"status": "failed"   '));
    expect(minedProposedCount(h, env).cached).toBe(false);
    expect(minedProposedCount(h, env).cached).toBe(true);
    fs.cpSync(path.join(h, 'quests', 'xsum-summ'), path.join(h, 'quests', 'xsum-copy'), { recursive: true });
    expect(minedProposedCount(h, env).cached).toBe(false);
    fs.mkdirSync(path.join(h, 'quests', 'pubmed-lm', '.ds', 'worktrees', 'idea-new', 'artifacts'), { recursive: true });
    expect(minedProposedCount(h, env).cached).toBe(false);
    expect(minedProposedCount(h, env).cached).toBe(true);
  });

  test('DISTILL_NO_CACHE mines every time and writes no cache', () => {
    const { h, env } = setup();
    const none = { ...env, DISTILL_NO_CACHE: '1' };
    expect(minedProposedCount(h, none)).toEqual({ proposed: 4, cached: false });
    expect(minedProposedCount(h, none)).toEqual({ proposed: 4, cached: false });
    expect(fs.existsSync(env.DISTILL_CACHE_DIR)).toBe(false);
  });

  test('the home screen row follows a new run (no stale count)', async () => {
    const { h, env } = setup();
    const file = writeDecisions(path.dirname(h), [{ pattern: 'pattern-864fcb1d1ce1', decision: 'reject' }]);
    expect((await run(['--home', h, 'apply', '--mined', file, '--yes'], { env })).code).toBe(0);
    const draw = async () => {
      app?.unmount();
      app = await renderApp(<HomeApp status={{ ...homeStatus(h), mined: minedProposedCount(h, env).proposed }} env={{}} onExit={() => undefined} />, { columns: 100, rows: 30 });
      return app.frame();
    };
    expect(await draw()).toMatch(/ ! mined\s+3 patterns/);
    expect(minedProposedCount(h, env).cached).toBe(true);
    // Adapter tuning, rejected with 5 runs, comes back with two more
    addRun(h, 'pubmed-lm', 'main-003', 'main-040', false);
    addRun(h, 'pubmed-lm', 'main-003', 'main-041', false);
    // (and their change layer makes a narrower pattern on perplexity): 5, as distill mine says.
    expect(await draw()).toMatch(/ ! mined\s+5 patterns/);
    expect(mine(h).funnel.proposed).toBe(5);
  });

  test('no count kept: the first frame says counting…, the count follows once it is drawn; a kept count mines nothing', async () => {
    const { h, env } = setup();
    let calls = 0;
    const mineLater = () => {
      calls += 1;
      return minedProposedCount(h, env).proposed;
    };
    expect(keptMinedCount(h, env)).toBeNull();
    app = await renderApp(<HomeApp status={{ ...homeStatus(h), mined: keptMinedCount(h, env) }} mineLater={mineLater} env={{}} onExit={() => undefined} />, { columns: 100, rows: 30 });
    // The first frame written (the count may already follow it when the test reads the screen).
    expect(app.frames[0].replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/ {3}mined\s+counting…\s+Mined patterns/);
    await waitFor(() => / ! mined\s+4 patterns/.test(app!.frame()), { message: () => app!.frame() });
    expect(calls).toBe(1);
    app.unmount();
    // Drawn again with nothing changed: the kept count, at once, and nothing mined.
    expect(keptMinedCount(h, env)).toBe(4);
    app = await renderApp(<HomeApp status={{ ...homeStatus(h), mined: keptMinedCount(h, env) }} mineLater={mineLater} env={{}} onExit={() => undefined} />, { columns: 100, rows: 30 });
    expect(app.frame()).toMatch(/ ! mined\s+4 patterns/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
  });
});
