// Quest notes as lesson material: episodes (and ideas with an outcome) tied to runs by lineage or a mention of a run
// id, turned into a draft pre-filled from their text; the note itself is never changed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { coverage } from '../src/core/quest/coverage.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { listQuestNotes } from '../src/core/quest/quest-notes.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { openStoreSync } from '../src/core/store/load.js';
import { copyFixture, run, snapshot } from './helpers/home.js';

const EPISODE = 'quests/001/memory/episodes/run-main-001-crashed-on-resume.md';

function notesOf(home: string) {
  const quest = resolveQuest(home, '001');
  return listQuestNotes(quest, { global: openStoreSync(home, { cache: false }), runs: coverage(quest).runs }).notes;
}

describe('quest notes', () => {
  test('an episode is listed under the run it mentions; an idea only with an outcome; a promoted note is not', () => {
    const home = copyFixture('ds-sample');
    const ideas = path.join(home, 'quests/001/memory/ideas');
    fs.mkdirSync(ideas, { recursive: true });
    const idea = (id: string, extra: string) =>
      `---\nid: ${id}\ntype: ideas\nkind: idea\ntitle: Idea ${id}\nquest_id: '001'\nscope: quest\n${extra}---\nTry it on run-a400216f.\n`;
    fs.writeFileSync(path.join(ideas, 'open.md'), idea('idea-00000001', ''));
    fs.writeFileSync(path.join(ideas, 'done.md'), idea('idea-00000002', 'outcome: refuted, no gain over warmup alone\n'));
    expect(notesOf(home).map((n) => [n.card.id, n.kind, n.runIds])).toEqual([
      ['episode-85f66eb8', 'episodes', ['run-a400216f']], // "Run main-001 crashed on resume": run id main-001
      ['idea-00000002', 'ideas', ['run-a400216f']],
    ]);
    const note = fs.readFileSync(path.join(home, EPISODE), 'utf8');
    fs.writeFileSync(path.join(home, 'memory/episodes/crashed.md'), note.replace('scope: quest', 'scope: global'));
    expect(notesOf(home).map((n) => n.card.id)).toEqual(['idea-00000002']);
  });

  test('distill draft --note: a draft from the note, lineage to its run, the note untouched; drafts lists it', async () => {
    const home = copyFixture('ds-sample');
    const before = fs.readFileSync(path.join(home, EPISODE));
    const r = await run(['--home', home, 'draft', '001', '--note', 'episode-85f66eb8', '--claim', 'Resuming from a checkpoint loses the LR scheduler state.', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out).toMatchObject({ run: 'run-a400216f', direction: 'idea-7a9ceaa1', needs_edit: false });
    expect(path.basename(out.path)).toBe('idea-7a9ceaa1__run-main-001-crashed-on-resume.md');
    const parsed = parseCardText(fs.readFileSync(out.path, 'utf8'));
    expect(parsed.meta).toMatchObject({
      claim: 'Resuming from a checkpoint loses the LR scheduler state.',
      lineage: [{ quest: '001', run: 'run-a400216f', direction: 'idea-7a9ceaa1', note: 'Run main-001 crashed on resume' }],
      // The note's own topical tag first, then the quest's and the run's metric (lesson-tags.ts).
      tags: ['topic:debugging', 'domain:nlp', 'task:ner', 'metric:f1'],
    });
    expect(parsed.body).toContain('From the quest episode episode-85f66eb8 (memory/episodes/run-main-001-crashed-on-resume.md):');
    expect(parsed.body).toContain('Checkpoint resume lost the scheduler state; re-ran from scratch.');
    expect(fs.readFileSync(path.join(home, EPISODE))).toEqual(before);
    const drafts = JSON.parse((await run(['--home', home, 'drafts', '001', '--json'])).out).drafts;
    expect(drafts.find((d: { path: string }) => d.path === out.path).run_ids).toEqual(['run-a400216f']);
  });

  test('bad input: no --run nor --note, an unknown note, a note naming no run without --run: exit 2, nothing written', async () => {
    const home = copyFixture('ds-sample');
    const before = snapshot(home);
    const none = await run(['--home', home, 'draft', '001']);
    expect([none.code, none.err]).toEqual([2, 'distill: draft: give the run with --run <id> (or a quest note with --note <id>)\n']);
    const unknown = await run(['--home', home, 'draft', '001', '--note', 'episode-nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^distill: quest 001: no note episode-nope .*\(notes: episode-85f66eb8\)\n$/);
    fs.writeFileSync(path.join(home, EPISODE), fs.readFileSync(path.join(home, EPISODE), 'utf8').replace(/main-001/g, 'the main run'));
    const after = snapshot(home);
    const orphan = await run(['--home', home, 'draft', '001', '--note', 'episode-85f66eb8']);
    expect([orphan.code, orphan.err]).toEqual([2, 'distill: note episode-85f66eb8 names no run; give the run with --run\n']);
    expect(snapshot(home)).toEqual(after);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const given = await run(['--home', home, 'draft', '001', '--note', 'episode-85f66eb8', '--run', 'main-001']);
    expect(given.code).toBe(0);
  });

  test('a note, a quest card, a draft or an idea card that is a symlink out of the home is skipped with a warning, never copied into a draft', async () => {
    const home = copyFixture('ds-sample');
    const away = path.join(path.dirname(home), 'away');
    fs.mkdirSync(away);
    const outsideNote = path.join(away, 'outside-note.md');
    fs.writeFileSync(outsideNote, '---\nid: episode-bbbb0001\ntitle: Outside note about main-001\n---\nprivate text from outside the home\n');
    const link = path.join(home, 'quests/001/memory/episodes/outside.md');
    fs.symlinkSync(outsideNote, link);
    const skipped = `warning: ${link}: is a symlink to ${outsideNote}, outside the home ${home}; skipped (quest cards and drafts are read only inside the home)`;
    const status = await run(['--home', home, 'status']);
    expect(status.code).toBe(0);
    expect(status.err.split('\n').filter(Boolean)).toEqual([skipped]);
    expect(status.out.split('\n')[1]).toMatch(/^001 +0\/1 +0 +1 /); // the note inside the home only
    expect(notesOf(home).map((n) => n.card.id)).toEqual(['episode-85f66eb8']);

    const before = snapshot(home);
    const r = await run(['--home', home, 'draft', '001', '--note', 'episode-bbbb0001', '--claim', 'A claim from the note.']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: quest 001: no note episode-bbbb0001 (a quest episode, or an idea with an outcome, not yet in global memory) (notes: episode-85f66eb8); 1 note file skipped, ${skipped.replace('warning: ', '')}\n`);
    expect(snapshot(home)).toEqual(before);

    // A quest knowledge card behind a symlinked folder: not a draft.
    fs.mkdirSync(path.join(away, 'knowledge'));
    fs.writeFileSync(path.join(away, 'knowledge', 'k.md'), '---\nid: knowledge-cccc0001\ntitle: Outside knowledge\n---\nsecret\n');
    fs.rmSync(path.join(home, 'quests/001/memory/knowledge'), { recursive: true });
    fs.symlinkSync(path.join(away, 'knowledge'), path.join(home, 'quests/001/memory/knowledge'));
    const drafts = await run(['--home', home, 'drafts', '001', '--json']);
    expect(drafts.code).toBe(0);
    expect(JSON.parse(drafts.out).drafts).toEqual([]);
    expect(drafts.err).toContain(`warning: ${path.join(home, 'quests/001/memory/knowledge/k.md')}: resolves through a symlink to ${path.join(away, 'knowledge', 'k.md')}, outside the home`);

    // The idea card whose hypothesis a run draft copies: read only inside the home.
    const ideaFile = path.join(home, 'quests/001/.ds/worktrees/idea-idea-7a9ceaa1/memory/ideas/idea-7a9ceaa1/idea.md');
    fs.copyFileSync(ideaFile, path.join(away, 'idea.md'));
    fs.rmSync(ideaFile);
    fs.symlinkSync(path.join(away, 'idea.md'), ideaFile);
    const d = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', 'A claim.', '--json']);
    expect(d.code).toBe(0);
    expect(d.err).toContain(`warning: ${ideaFile}: is a symlink to ${path.join(away, 'idea.md')}, outside the home ${home}; skipped`);
    const text = fs.readFileSync(JSON.parse(d.out).path, 'utf8');
    expect(text).toContain('Idea idea-7a9ceaa1 (no idea card found)');
    expect(text).not.toContain('Low-rank adapters with warmup schedule');

    // A PR #60 draft file that is a symlink out of the home: not listed.
    const outsideDraft = path.join(away, 'draft.md');
    fs.writeFileSync(outsideDraft, `---\nsubtype: experience\nclaim: Outside claim.\nlineage:\n- quest: '001'\n  run: run-a400216f\n---\nsecret\n`);
    const draftLink = path.join(home, 'drafts/experiences/001/outside__draft.md');
    fs.symlinkSync(outsideDraft, draftLink);
    const listed = await run(['--home', home, 'drafts', '001', '--json']);
    expect(JSON.parse(listed.out).drafts.map((x: { path: string }) => x.path)).toEqual([JSON.parse(d.out).path]);
    expect(listed.err).toContain(`warning: ${draftLink}: is a symlink to ${outsideDraft}, outside the home ${home}; skipped`);
  });
});
