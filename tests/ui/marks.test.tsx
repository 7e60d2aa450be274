// Issue 32 item 1: marks and the decision keys. A single mark on the focused draft is no batch (s relates the card to
// the neighbor in view, on disk too); with other drafts marked, s and p are refused and name the marked drafts, and
// every prompt names the drafts it acts on. Issue 32 item 3: after a decision the cursor goes to the next undecided
// draft, and a decision replacing a staged one says so.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { parseCardText } from '../../src/core/format/frontmatter.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore, focused, type ReviewStore } from '../../src/ui/review/store.js';
import { copyFixture, snapshot } from '../helpers/home.js';
import { sampleData } from './fake-facade.js';
import { start } from './harness.js';
import { renderApp, type Rendered } from './render.js';

let app: { unmount(): void } | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SIZES = [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }];
const NOW = '2026-06-01T10:00:00+00:00';

async function demo(size: { columns: number; rows: number }): Promise<{ home: string; store: ReviewStore; screen: Rendered }> {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  const store = createReviewStore({ facade: createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } }), askReasons: true });
  const screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
  app = screen;
  return { home, store, screen };
}

/** Moves the drafts cursor to the draft whose title starts with `title`. */
async function toDraft(screen: Rendered, store: ReviewStore, title: string) {
  const row = focused(store.getState()).rows.findIndex((r) => r.draft.title.startsWith(title));
  expect(row).toBeGreaterThanOrEqual(0);
  while (store.getState().cursor.drafts < row) await screen.press('j');
}

/** Files the write added under `home`, by relative path. */
function added(before: Record<string, string>, home: string): string[] {
  return Object.keys(snapshot(home)).filter((f) => !(f in before) && !f.endsWith('/'));
}

describe('a single mark on the focused draft is no batch', () => {
  for (const size of SIZES) {
    test(`Space, its third neighbor, s, Enter: the card is related to that neighbor on disk (${size.columns}x${size.rows})`, async () => {
      const { home, store, screen } = await demo(size);
      await screen.press('l');
      await toDraft(screen, store, 'LoRA rank 8 matches');
      await screen.press('space');
      await screen.press('l');
      const listed = focused(store.getState()).neighbors;
      expect(listed.length).toBeGreaterThanOrEqual(3);
      await screen.press('j');
      await screen.press('j');
      const third = listed[2].cardId;
      await screen.press('s');
      // The prompt names the draft it acts on.
      expect(screen.frame()).toContain("separate card from 'LoRA rank 8");
      await screen.press('return');
      expect(store.getState().marks).toEqual({});
      // The run's other drafts rejected, so the run is covered and the decision written.
      await screen.press('h');
      await screen.press('j');
      for (let i = 0; i < 3; i++) {
        await screen.press('x');
        await screen.press('return');
      }
      expect(Object.keys(store.getState().staged)).toHaveLength(4);
      const before = snapshot(home);
      await screen.press('W');
      await screen.press('y');
      await store.getState().writing;
      expect(store.getState().message).toMatch(/^wrote/);
      const files = added(before, home);
      const card = files.find((f) => f.startsWith('memory/knowledge/') && fs.readFileSync(path.join(home, f), 'utf8').includes('title: LoRA rank 8 matches'));
      expect(card).toBeDefined();
      expect(parseCardText(fs.readFileSync(path.join(home, card!), 'utf8')).meta.related).toEqual([third]);
      const decisionFile = files.find((f) => /artifacts\/decisions\/[^/]+\.json$/.test(f));
      expect(decisionFile).toBeDefined();
      const decision = JSON.parse(fs.readFileSync(path.join(home, decisionFile!), 'utf8')) as { neighbor_decisions: { candidate_card_id: string; decision: string }[] };
      const separate = decision.neighbor_decisions.filter((n) => n.decision === 'neighbor_but_separate').map((n) => n.candidate_card_id);
      expect(separate).toEqual([third]);
      expect(decision.neighbor_decisions.filter((n) => n.candidate_card_id === listed[0].cardId).map((n) => n.decision)).not.toContain('neighbor_but_separate');
    });
  }
});

describe('marks on other drafts', () => {
  for (const size of SIZES) {
    test(`s and p are refused, naming the marked drafts; nothing is staged or written (${size.columns}x${size.rows})`, async () => {
      const { home, store, screen } = await demo(size);
      await screen.press('l');
      await screen.press('j');
      await screen.press('space');
      const marked = focused(store.getState()).draft!;
      await screen.press('k');
      expect(focused(store.getState()).draft!.title).toMatch(/^LoRA rank 8 matches/);
      await screen.press('l');
      await screen.press('j');
      await screen.press('j');
      await screen.press('s');
      expect(store.getState().modal).toBeNull();
      expect(screen.frame()).toContain('s acts on one draft and the neighbor focused beside it');
      expect(store.getState().message).toContain(`'${marked.title.slice(0, 10)}`);
      await screen.press('p');
      expect(screen.frame()).toContain('p acts on one draft');
      expect(store.getState().staged).toEqual({});
      const before = snapshot(home);
      await screen.press('W', { expectSame: false });
      expect(screen.frame()).toContain('nothing staged to write');
      expect(snapshot(home)).toEqual(before);
    });
  }

  test('x names the marked drafts it rejects, not the focused one', async () => {
    const a = await start({ columns: 140, rows: 30 });
    app = a;
    await a.press('l');
    await a.press('space');
    await a.press('j');
    await a.press('j');
    await a.press('space');
    await a.press('k');
    await a.press('x');
    expect(a.frame()).toContain("Reject 2 drafts ('Warmup matters for adapters', 'Todo draft'), reason: █");
    await a.type('dup');
    await a.press('return');
    expect(Object.keys(a.store.getState().staged).sort()).toEqual(['knowledge-d0000001', 'knowledge-d0000004']);
    expect(a.store.getState().staged['knowledge-d0000002']).toBeUndefined();
    expect(a.frame()).toContain("rejected: 2 drafts ('Warmup matters for adapters', 'Todo draft')");
  });

  test('at 80 columns the reject prompt cuts the titles, never the count or the typed text', async () => {
    const a = await start({ columns: 80, rows: 24 });
    app = a;
    await a.press('l');
    for (let i = 0; i < 3; i++) {
      await a.press('space');
      await a.press('j');
    }
    await a.press('x');
    await a.type('dups');
    const line = a.frame().split('\n').find((l) => l.startsWith('Reject'))!;
    expect(line).toMatch(/^Reject 3 drafts \('Warmup[^']*…', 'T[^']*…', .*\), reason: dups█$/);
    expect(Array.from(line).length).toBeLessThanOrEqual(80);
  });
});

describe('after a decision the cursor goes to the next undecided draft', () => {
  for (const size of SIZES) {
    test(`decide the second draft, then the first: the cursor skips the decided one (${size.columns}x${size.rows})`, async () => {
      const a = await start(size);
      app = a;
      await a.press('l');
      await a.press('j');
      await a.press('s');
      expect(a.store.getState().staged['knowledge-d0000002']).toMatchObject({ decision: 'neighbor_but_separate' });
      await a.press('g');
      await a.press('c');
      // Not the decided Temperature draft: the next undecided one.
      expect(a.frame()).toMatch(/›\s+!needs edit Todo draft/);
      expect(a.store.getState().staged['knowledge-d0000002'].decision).toBe('neighbor_but_separate');
    });
  }

  test('replacing a staged decision says so in the status line; u brings the old one back', async () => {
    const a = await start({ columns: 80, rows: 24 });
    app = a;
    await a.press('l');
    await a.press('j');
    await a.press('s');
    await a.press('k');
    await a.press('x');
    await a.press('return');
    expect(a.store.getState().staged['knowledge-d0000002']).toMatchObject({ decision: 'reject' });
    expect(a.frame()).toContain("replaced staged separate with reject (u undoes): 'Temperature scal");
    await a.press('u');
    expect(a.store.getState().staged['knowledge-d0000002'].decision).toBe('neighbor_but_separate');
  });
});

describe('the same decision on another neighbor', () => {
  test('s on a second neighbor replaces the first and says so', async () => {
    const a = await start({ columns: 140, rows: 30 });
    app = a;
    await a.press('l');
    await a.press('l');
    await a.press('s');
    await a.press('j');
    await a.press('s');
    expect(a.store.getState().staged['knowledge-d0000001']).toMatchObject({ neighborId: 'knowledge-n0000002' });
    expect(a.frame()).toContain("replaced staged separate with separate (u undoes): 'Warmup matters for adapters'");
  });
});

describe('a batch with the cursor on a quest note', () => {
  test('- acts on the marked draft, not on the note under the cursor', async () => {
    const data = sampleData();
    data.notes = [{
      id: 'episode-00000001', title: 'Run main-002 crashed on resume', claim: null, needsEdit: false, tags: [], runIds: ['run-bbbb0002'],
      path: '/home/quests/001/memory/episodes/crash.md', source: 'quest episodes', text: '---\nid: episode-00000001\n---\nLost state.\n', note: { kind: 'episodes' },
    }];
    const a = await start({ data, columns: 80, rows: 24 });
    app = a;
    await a.press('l');
    await a.press('space');
    await a.press('G');
    expect(a.frame()).toMatch(/›\s+\[note: episode\]/);
    await a.press('-');
    expect(Object.keys(a.store.getState().staged)).toEqual(['knowledge-d0000001']);
    expect(a.frame()).toContain("deferred: 'Warmup matters for adapters'");
  });
});

