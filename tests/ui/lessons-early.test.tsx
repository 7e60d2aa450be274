// Issue 20: the lessons screen opens at once from the persisted clusters (stale ones marked `~`), refreshes with a
// progress line, and q / Esc work at any moment. The screen is driven by a facade that holds the refresh until the
// test lets it go; the real facade's early path is checked on a copy of fixtures/dup-home.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLessonsFacade, type LessonsFacade, type LoadHooks, type LoadResult } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore } from '../../src/ui/lessons/store.js';
import { copyFixture } from '../helpers/home.js';
import { waitFor } from '../helpers/wait.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

function fixture() {
  const home = copyFixture('dup-home');
  const env = { HOME: os.tmpdir(), DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) };
  return { home, env, facade: createLessonsFacade({ home, env, reviewer: 'tui' }) };
}

/** The real facade's load, with the refresh held: onEarly / onChanged as given, the final result when released. */
function heldFacade(real: LessonsFacade, early: LoadResult | null, final: LoadResult, changed: string[]) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const seen: { signal?: AbortSignal } = {};
  const facade: LessonsFacade = {
    ...real,
    async load(onProgress, hooks: LoadHooks = {}) {
      seen.signal = hooks.signal;
      if (early) hooks.onEarly?.(early);
      onProgress({ phase: 'checking cards', done: 10, total: 21 });
      if (early) hooks.onChanged?.(new Set(changed));
      await held;
      hooks.signal?.throwIfAborted();
      return final;
    },
  };
  return { facade, release, seen };
}

async function results() {
  const { facade } = fixture();
  const full = await facade.load(() => {});
  // The refreshed result: the second cluster is gone (one of its cards changed).
  const final = { ...full, clusters: full.clusters.filter((_, i) => i !== 1) };
  return { real: facade, full, final, changed: [full.clusters[1].cards[1].path] };
}

for (const [columns, rows] of [[80, 24], [140, 40]] as const) {
  describe(`lessons screen from persisted clusters at ${columns}x${rows}`, () => {
    it('draws the persisted clusters at once, marks the changed ones, moves but does not stage, then shows the refresh', async () => {
      const { real, full, final, changed } = await results();
      const held = heldFacade(real, full, final, changed);
      const store = createLessonsStore({ facade: held.facade });
      const loading = store.getState().load();
      app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows });
      await waitFor(() => app!.frame().includes('Clusters (4)'), { message: () => app!.frame() });
      const frame = app.frame();
      expect(frame).toContain('clusters as last found, refreshing: checking cards 10/21');
      // The second cluster holds the changed card: `~` before its size.
      const second = frame.split('\n').find((l) => l.includes(`~2 `));
      expect(second, frame).toBeDefined();
      await app.press('j');
      await app.press('m');
      expect(app.frame()).toContain('marks and actions wait until it is done');
      expect(store.getState().staged).toEqual([]);
      held.release();
      await loading;
      await waitFor(() => app!.frame().includes('Clusters (3)'), { message: () => app!.frame() });
      expect(app.frame()).not.toContain('refreshing');
      expect(app.frame()).not.toMatch(/~\d /);
    });

    it('q quits while the persisted clusters are shown, and the refresh stops', async () => {
      const { real, full, final, changed } = await results();
      const held = heldFacade(real, full, final, changed);
      const store = createLessonsStore({ facade: held.facade });
      const loading = store.getState().load();
      app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows });
      await waitFor(() => app!.frame().includes('Clusters (4)'));
      app.press('q').catch(() => {});
      await app.exited;
      expect(store.getState().exit).toEqual({ kind: 'quit' });
      expect(held.seen.signal?.aborted).toBe(true);
      held.release();
      await loading;
      expect(store.getState().clusters).toHaveLength(4); // the refresh did not land after the quit
    });

    it('Esc quits before anything is drawn (no persisted clusters), and the load stops', async () => {
      const { real, final } = await results();
      const held = heldFacade(real, null, final, []);
      const store = createLessonsStore({ facade: held.facade });
      const loading = store.getState().load();
      app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows });
      await waitFor(() => app!.frame().includes('checking cards 10/21… (q quits)'), { message: () => app!.frame() });
      app.press('escape').catch(() => {});
      await app.exited;
      expect(held.seen.signal?.aborted).toBe(true);
      held.release();
      await loading;
    });
  });
}

describe('the real facade', () => {
  it('reports the persisted clusters first, then the changed card, then the refreshed clusters', async () => {
    const { facade, home } = fixture();
    const first = await facade.load(() => {});
    expect(first.clusters).toHaveLength(4);
    const file = path.join(home, 'memory/knowledge/temperature-scaling-fixes-in-domain-reader-overconfidence.md');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace(/^title: .*$/m, 'title: Gradient clipping stabilises long-context pretraining').replace(/\n---\n[\s\S]*$/, '\n---\nClipping the global norm removed the loss spikes.\n').replace('tags:\n- domain:nlp\n- task:open-qa\n- topic:calibration\n', 'tags: []\n'));
    const events: string[] = [];
    let drawn: () => void = () => {};
    const loading = facade.load(() => {}, {
      // The load waits for what onEarly returns (the screen: its frame on the terminal) before it checks the store.
      onEarly: (early) => {
        events.push(`early ${early.clusters.length}`);
        return new Promise<void>((resolve) => (drawn = resolve));
      },
      onChanged: (paths) => events.push(`changed ${[...paths].map((p) => path.basename(p)).join(',')}`),
    });
    await waitFor(() => events.length > 0);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['early 4']);
    drawn();
    const result = await loading;
    expect(events).toEqual(['early 4', `changed ${path.basename(file)}`]);
    expect(result.clusters).toHaveLength(3);
  });
});

describe('a load after a write', () => {
  it('stops the search-text preparation of the load before it (at most one slice of the old list is made)', async () => {
    const { facade: real } = fixture();
    const base = await real.load(() => {});
    const template = base.cards[0];
    const read = { first: 0, second: 0 };
    // Cards whose claim counts its reads: prepareSearch reads each card's claim once, 500 cards a slice.
    const watched = (which: 'first' | 'second') =>
      Array.from({ length: 1200 }, (_, i) =>
        Object.defineProperty({ ...template, id: `${which}-${i}`, path: `${template.path}.${which}-${i}` }, 'claim', {
          get: () => (read[which]++, null),
        }),
      );
    const results = [watched('first'), watched('second')];
    const facade: LessonsFacade = { ...real, load: async () => ({ ...base, cards: results.shift()!, clusters: [] }) };
    const store = createLessonsStore({ facade });
    await store.getState().load();
    expect(read.first).toBe(500); // the first slice, then it yields
    await store.getState().load();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read.first).toBe(500);
    expect(read.second).toBe(1200);
  });
});

describe('the all-cards list after a load', () => {
  it('is made when it is shown, not while the clusters are: a reload sorted by occurrences reads them only then', async () => {
    const { facade: real } = fixture();
    let reads = 0;
    const facade: LessonsFacade = { ...real, occurrences: (files) => (reads++, real.occurrences(files)) };
    const store = createLessonsStore({ facade });
    await store.getState().load();
    expect(store.getState().listed).toBe(false);
    expect(store.getState().visible).toEqual([]);
    // s sorts (and shows the list): by occurrences after updated.
    store.getState().cycleSort();
    expect(store.getState().sort).toBe('occurrences');
    expect(reads).toBe(1);
    const shown = store.getState().visible.map((c) => c.path);
    expect(shown).toHaveLength(store.getState().all.length);
    store.getState().toggleView(); // back to the clusters
    await store.getState().load(); // as after a write
    expect(reads).toBe(1);
    expect(store.getState().listed).toBe(false);
    store.getState().toggleView(); // the list again: occurrences read again, the same order
    expect(store.getState().view).toBe('all');
    expect(reads).toBe(2);
    expect(store.getState().visible.map((c) => c.path)).toEqual(shown);
    // A search typed while the list is shown narrows it at once; after a reload on the clusters it is made with it.
    store.getState().openFilter();
    store.getState().typeFilter('warm');
    const narrowed = store.getState().visible.map((c) => c.path);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(shown.length);
    store.getState().submitFilter();
    store.getState().toggleView();
    await store.getState().load();
    store.getState().toggleView();
    expect(store.getState().visible.map((c) => c.path)).toEqual(narrowed);
  });
});
