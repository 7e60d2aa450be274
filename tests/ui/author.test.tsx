// `a` in the review (issue 14): a lesson for a run that has none. The editor opens a pre-filled draft; a claim still a
// placeholder is refused with the copy kept to reopen (nothing saved); the fixed text is saved as a draft file and
// focused under its run with its neighbors. Where no lessons are written (the quirks review) and where no run is
// focused, the key says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { NewDraft } from '../../src/ui/review/facade.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { editRound } from '../../src/ui/review/run.js';
import { fakeFacade, sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';
import { renderApp, type Rendered } from './render.js';

let app: Started | null = null;
let again: Rendered | null = null;
const dirs: string[] = [];
afterEach(() => {
  app?.unmount();
  again?.unmount();
  app = again = null;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const PREFILLED = '---\nclaim: TODO\nlineage:\n- quest: \'001\'\n  run: run-bbbb0002\n---\n# main-002\n\n## Result\n\n- f1: 0.8\n';

/** The review over a fake facade that authors: drafts are saved into `saved`, and the next load lists them. */
async function startAuthoring(size = { columns: 140, rows: 30 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-author-test-'));
  dirs.push(dir);
  const saved: { draft: NewDraft; text: string }[] = [];
  const a = await start(size);
  const facade = a.facade;
  facade.newDraft = (runId) => ({ runId, direction: 'idea-1', stem: 'main-002', name: 'idea-1__main-002.md', text: PREFILLED });
  facade.draftProblem = (text) => (/claim: TODO/.test(text) ? 'the claim is still empty or a placeholder; write one sentence' : null);
  facade.saveDraft = (draft, text) => {
    saved.push({ draft, text });
    const file = path.join(dir, draft.name);
    fs.writeFileSync(file, text);
    facade.data = {
      ...facade.data,
      drafts: [
        ...facade.data.drafts,
        { id: 'draft:001/idea-1__main-002', title: 'Warmup halves the spikes', claim: 'Warmup halves the spikes.', needsEdit: false, tags: [], runIds: [draft.runId], path: file, source: 'pr60_draft', text },
      ],
    };
    return file;
  };
  return { a, dir, saved };
}

/** Presses a (or reopens), runs one editor round, shows the app again on the same store. */
async function round(a: Started, dir: string, editor: (file: string) => void, key: string, size = { columns: 140, rows: 30 }) {
  await a.press(key);
  await a.exited;
  const exit = a.store.getState().exit;
  if (exit?.kind !== 'edit' || !exit.author) throw new Error('no author request');
  editRound(a.store, exit, dir, editor);
  again?.unmount();
  again = await renderApp(<ReviewApp store={a.store} env={{}} />, size);
  return again;
}

test.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('a on a run: refused while the claim is a placeholder, reopened, saved and focused ($columns x $rows)', async (size) => {
  const { a, dir, saved } = await startAuthoring(size);
  app = a;
  // The cursor starts on the first uncovered run, run-bbbb0002.
  let seen = '';
  let screen = await round(a, dir, (f) => (seen = fs.readFileSync(f, 'utf8')), 'a', size);
  expect(seen).toBe(PREFILLED);
  expect(screen.frame()).toContain('New lesson not saved');
  expect(screen.frame()).toContain('the claim is still empty or a placeholder');
  expect(saved).toHaveLength(0);
  // e reopens the copy with the error on top; the fix is saved.
  await screen.press('e');
  await screen.exited;
  const exit = a.store.getState().exit;
  if (exit?.kind !== 'edit' || !exit.author) throw new Error('no reopen request');
  editRound(a.store, exit, dir, (f) => {
    seen = fs.readFileSync(f, 'utf8');
    fs.writeFileSync(f, seen.replace('claim: TODO', 'claim: Warmup halves the spikes.'));
  });
  expect(seen).toMatch(/this edit was refused|the claim is still empty/);
  screen.unmount();
  screen = again = await renderApp(<ReviewApp store={a.store} env={{}} />, size);
  expect(saved).toHaveLength(1);
  expect(saved[0].text).toContain('claim: Warmup halves the spikes.');
  expect(saved[0].text).not.toContain('distill: this edit was refused');
  expect(a.store.getState().focus).toBe('drafts');
  expect(screen.frame()).toMatch(/›\s+Warmup halves the spikes/);
  // The prefilled draft has no tags: said when it is saved, not only in the write plan.
  expect(a.store.getState().message).toBe(`wrote draft idea-1__main-002.md; it has no tags, so recall cannot find it: e adds some in ${dir}`);
  expect(screen.frame()).toContain('wrote draft idea-1__main-002.md; it has no tags'.slice(0, Math.min(60, size.columns - 10)));
  for (const line of screen.frame().split('\n')) expect(line.length).toBeLessThanOrEqual(size.columns);
});

test('n in the refusal drops the new lesson; nothing is saved', async () => {
  const { a, dir, saved } = await startAuthoring();
  app = a;
  const screen = await round(a, dir, () => undefined, 'a');
  await screen.press('n');
  expect(screen.frame()).toContain('new lesson dropped; nothing written');
  expect(saved).toHaveLength(0);
});

test('on the quest-level group (no run) the key says so', async () => {
  const { a } = await startAuthoring();
  app = a;
  await a.press('j');
  await a.press('a');
  expect(a.frame()).toContain('no run here: put the cursor on a run to write a lesson for it');
});

test('where nothing is authored the key says so', async () => {
  app = await start();
  // The plain fake facade has no newDraft (as the quirks review).
  await app.press('a');
  expect(app.frame()).toContain('no lessons are written here');
  const facade = fakeFacade();
  expect(facade.newDraft).toBeUndefined();
});

test('quest notes are listed under their run, marked, decided only as not a lesson (x); a writes a lesson from the note', async () => {
  const data = sampleData();
  data.notes = [
    {
      id: 'episode-00000001', title: 'Run main-002 crashed on resume', claim: null, needsEdit: false, tags: ['topic:debugging'],
      runIds: ['run-bbbb0002'], path: '/home/quests/001/memory/episodes/crash.md', source: 'quest episodes',
      text: '---\nid: episode-00000001\ntitle: Run main-002 crashed on resume\n---\nThe resume lost the optimizer state.\n', note: { kind: 'episodes' },
    },
  ];
  app = await start({ data, columns: 140, rows: 30 });
  const asked: (string | undefined)[] = [];
  app.facade.newDraft = (runId, noteId) => {
    asked.push(noteId);
    return { runId, direction: 'idea-1', stem: 'crash', name: 'idea-1__crash.md', text: PREFILLED };
  };
  await app.press('l');
  await app.press('G');
  expect(app.frame()).toMatch(/›\s+\[note: episode\] Run main-002 crashed/);
  expect(app.frame()).toContain('The resume lost the optimizer state.');
  await app.press('c');
  expect(app.frame()).toContain('a note is no draft: a writes a lesson draft from it, x dismisses it as not a lesson');
  // The other deciding keys say the same (the frame stays as it is: same message, nothing staged, no prompt).
  for (const key of ['-', 'e', 'space', 'p', 's']) await app.press(key, { expectSame: true });
  expect(app.store.getState().staged).toEqual({});
  // x asks for the reason of "not a lesson"; Esc stages nothing (tests/ui/note-dismiss.test.tsx writes one).
  await app.press('x');
  expect(app.frame()).toContain("Not a lesson: 'Run main-002 crashed on resume' (the note stays as it is), reason: █");
  await app.press('escape');
  expect(app.store.getState().staged).toEqual({});
  // The run's progress counts its drafts only.
  expect(app.frame()).toContain('run-bbbb0002 0/3 decided');
  await app.press('a');
  expect(asked).toEqual(['episode-00000001']);
  expect(app.store.getState().exit).toMatchObject({ kind: 'edit', author: { runId: 'run-bbbb0002', name: 'idea-1__crash.md' } });
});

test('opened from the home screen, Esc at the runs pane leaves the review as q does; otherwise it says q quits', async () => {
  app = await start({ backLeaves: true });
  await app.press('l');
  await app.press('escape');
  expect(app.store.getState().focus).toBe('runs');
  await app.press('escape');
  await app.exited;
  expect(app.store.getState().exit).toEqual({ kind: 'quit' });
  app.unmount();
  app = await start();
  await app.press('escape');
  expect(app.frame()).toContain('already at the runs; q quits');
  expect(app.store.getState().exit).toBeNull();
});
