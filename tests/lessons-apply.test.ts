// `distill lessons apply <actions.jsonl> [--yes]` on a copy of fixtures/dup-home: the plan without --yes (nothing
// written), each action written through the journal (files on disk, audit lines), restore of what it wrote, and bad
// lines refused with the file and line named and nothing written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, run, snapshot } from './helpers/home.js';

const NOW = '2026-06-01T10:00:00+00:00';
const K = (home: string, stem: string) => path.join(home, 'memory', 'knowledge', `${stem}.md`);
const W1 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters'; // knowledge-05abb9e0, the oldest
const W2 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2'; // knowledge-3f2a9c11
const LS = 'label-smoothing-0-1-hurts-span-f1-on-conll'; // knowledge-6c1d8e25
const IDEA = (home: string) => path.join(home, 'memory', 'ideas', 'retrieval-aware-temperature-scaling.md'); // idea-87267f10
const read = (file: string) => fs.readFileSync(file, 'utf8');
const env = { HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: NOW };

/** The home without distill's own dir and the append-only memory indexes. */
function cardsOnly(home: string): Record<string, string> {
  return Object.fromEntries(Object.entries(snapshot(home)).filter(([rel]) => !rel.startsWith('.distill') && !rel.endsWith('_index.jsonl')));
}

function actionsFile(home: string, rows: (object | string)[]): string {
  const file = path.join(path.dirname(home), 'actions.jsonl');
  fs.writeFileSync(file, rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');
  return file;
}

const apply = (home: string, file: string, ...flags: string[]) =>
  run(['--home', home, 'lessons', 'apply', file, ...flags], { env, cwd: path.dirname(home) });

function audit(home: string): Record<string, unknown>[] {
  return read(path.join(home, '.distill', 'audit.jsonl')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

describe('distill lessons apply: the plan', () => {
  it('prints every action with its diffs and writes nothing without --yes', async () => {
    const home = copyFixture('dup-home');
    const file = actionsFile(home, [
      { action: 'merge', cards: ['knowledge-05abb9e0', 'knowledge-3f2a9c11'], why: 'same lesson' },
      { action: 'archive', card: 'knowledge-6c1d8e25' },
    ]);
    const before = snapshot(home);
    const r = await apply(home, file);
    expect(r.code).toBe(0);
    expect(r.out).toContain('line 1: merge 2 cards into knowledge-05abb9e0; archive knowledge-3f2a9c11');
    expect(r.out).toContain('  why: same lesson');
    expect(r.out).toContain(`--- a/memory/knowledge/${W1}.md`);
    expect(r.out).toContain("+updated_at: '2026-06-01T10:00:00+00:00'");
    expect(r.out).toContain('+Merged (knowledge-3f2a9c11): Runs with warmup_ratio 0.01');
    expect(r.out).toMatch(new RegExp(`archive memory/knowledge/${W2}\\.md -> \\.distill/archive/cleanup-[0-9a-f]{8}/knowledge/${W2}\\.md  \\(knowledge-3f2a9c11, superseded_by knowledge-05abb9e0\\)`));
    expect(r.out).toContain('+superseded_by: knowledge-05abb9e0');
    expect(r.out).toContain('line 2: archive 1 card: knowledge-6c1d8e25');
    expect(r.out).toContain('Nothing written; run again with --yes to write.');
    expect(snapshot(home)).toEqual(before);
  });

  it('--json prints the plan as data', async () => {
    const home = copyFixture('dup-home');
    const file = actionsFile(home, [{ action: 'ignore', cards: ['knowledge-6c1d8e25'] }]);
    const r = await apply(home, file, '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.written).toBe(false);
    expect(json.actions).toHaveLength(1);
    expect(json.actions[0]).toMatchObject({ line: 1, action: 'ignore', cards: ['knowledge-6c1d8e25'], archive: [] });
    expect(json.actions[0].action_id).toMatch(/^cleanup-[0-9a-f]{8}$/);
    expect(json.actions[0].revise[0].diff).toContain('+ignored: true');
  });
});

describe('distill lessons apply --yes: each action, and restore', () => {
  it('merge: the survivor rewritten, the other archived with superseded_by, an audit line; restore gives the bytes back', async () => {
    const home = copyFixture('dup-home');
    const cards = cardsOnly(home);
    const w2 = read(K(home, W2));
    const file = actionsFile(home, [{ action: 'merge', cards: ['knowledge-3f2a9c11', 'knowledge-05abb9e0'], keep: 'knowledge-05abb9e0', why: 'same lesson' }]);
    const r = await apply(home, file, '--yes');
    expect(r.code).toBe(0);
    const id = /line 1: (cleanup-[0-9a-f]{8}): merge/.exec(r.out)![1];
    expect(r.out).toContain(`undo with: distill restore ${id}`);
    expect(read(K(home, W1))).toContain('occurrences: 3');
    expect(read(K(home, W1))).toContain('Merged (knowledge-3f2a9c11):');
    expect(fs.existsSync(K(home, W2))).toBe(false);
    const archived = path.join(home, '.distill', 'archive', id, 'knowledge', `${W2}.md`);
    expect(read(archived)).toBe(w2.replace('scope: global\n---', 'scope: global\nsuperseded_by: knowledge-05abb9e0\n---'));
    expect(audit(home)).toEqual([expect.objectContaining({ action: 'merge', action_id: id, reviewer: 'bob', survivor: 'knowledge-05abb9e0', why: 'same lesson' })]);

    const back = await run(['--home', home, 'restore', id], { env });
    expect(back.code).toBe(0);
    expect(cardsOnly(home)).toEqual(cards);
  });

  it('archive and ignore by id or path: the card moved out of memory/, ignored: true set; restore undoes both', async () => {
    const home = copyFixture('dup-home');
    const cards = cardsOnly(home);
    const file = actionsFile(home, [
      { action: 'archive', card: `home/memory/knowledge/${LS}.md`, why: 'wrong' },
      { action: 'ignore', card: 'idea-87267f10' },
    ]);
    const r = await apply(home, file, '--yes', '--reviewer', 'carol');
    expect(r.code).toBe(0);
    const [archiveId, ignoreId] = [...r.out.matchAll(/line \d: (cleanup-[0-9a-f]{8})/g)].map((m) => m[1]);
    expect(fs.existsSync(K(home, LS))).toBe(false);
    expect(read(path.join(home, '.distill', 'archive', archiveId, 'knowledge', `${LS}.md`))).toBe(cards[`memory/knowledge/${LS}.md`] && Buffer.from(cards[`memory/knowledge/${LS}.md`], 'base64').toString());
    expect(read(IDEA(home))).toContain('\nignored: true\n');
    expect(read(IDEA(home))).toContain(`updated_at: '${NOW}'`);
    expect(audit(home).map((a) => [a.action, a.action_id, a.reviewer, a.why])).toEqual([['archive', archiveId, 'carol', 'wrong'], ['ignore', ignoreId, 'carol', '']]);

    expect((await run(['--home', home, 'restore', 'knowledge-6c1d8e25'], { env })).code).toBe(0);
    expect((await run(['--home', home, 'restore', ignoreId], { env })).code).toBe(0);
    expect(cardsOnly(home)).toEqual(cards);
  });

  it('edit: "set" fields (null removes one) and "body" written with updated_at; restore gives the bytes back', async () => {
    const home = copyFixture('dup-home');
    const before = read(IDEA(home));
    const file = actionsFile(home, [
      { action: 'edit', card: 'idea-87267f10', set: { title: 'Entropy-aware temperature scaling', confidence: 0.5, quest_id: null }, body: 'A new body.\n' },
    ]);
    const r = await apply(home, file, '--yes');
    expect(r.code).toBe(0);
    const after = read(IDEA(home));
    expect(after).toContain('\ntitle: Entropy-aware temperature scaling\n');
    expect(after).toContain('\nconfidence: 0.5\n');
    expect(after).not.toContain('quest_id');
    expect(after).toContain(`updated_at: '${NOW}'`);
    expect(after.endsWith('---\nA new body.\n')).toBe(true);
    const id = /(cleanup-[0-9a-f]{8})/.exec(r.out)![1];
    expect(audit(home)).toEqual([expect.objectContaining({ action: 'edit', action_id: id, cards: ['idea-87267f10'] })]);
    expect((await run(['--home', home, 'restore', id], { env })).code).toBe(0);
    expect(read(IDEA(home))).toBe(before);
  });
});

describe('distill lessons apply --yes: a line refused at write time', () => {
  it('keeps the lines before it written (each restorable), writes none after it, names the line, exit 3', async () => {
    const home = copyFixture('dup-home');
    const file = actionsFile(home, [
      { action: 'ignore', card: 'idea-87267f10' },
      { action: 'archive', card: 'knowledge-6c1d8e25' },
      { action: 'ignore', card: 'knowledge-05abb9e0' },
    ]);
    // The plan's ids are fixed by DISTILL_NOW: put a file where line 2 would archive its card.
    const plan = JSON.parse((await apply(home, file, '--json')).out);
    const blocker = plan.actions[1].archive[0].archive_path as string;
    fs.mkdirSync(path.dirname(blocker), { recursive: true });
    fs.writeFileSync(blocker, 'in the way\n');
    const r = await apply(home, file, '--yes');
    expect(r.code).toBe(3);
    expect(r.out).toContain(`line 1: ${plan.actions[0].action_id}: ignore 1 card: idea-87267f10`);
    expect(r.err).toBe(`distill: ${file}:2: ${blocker}: already in the archive; nothing written; 1 later action(s) not written\n`);
    expect(read(IDEA(home))).toContain('ignored: true');
    expect(fs.existsSync(K(home, LS))).toBe(true);
    expect(read(K(home, W1))).not.toContain('ignored: true');
    expect(audit(home).map((a) => a.action_id)).toEqual([plan.actions[0].action_id]);
  });
});

describe('distill lessons apply: bad lines are refused, naming the file and line, nothing written', () => {
  const good = { action: 'archive', card: 'knowledge-6c1d8e25' };
  const cases: [string, (object | string)[], string][] = [
    ['bad JSON', [good, '{"action": "archive",'], ':2: not valid JSON'],
    ['not an object', [good, '[1, 2]'], ':2: not a JSON object'],
    ['an unknown action', [good, { action: 'delete', card: 'knowledge-05abb9e0' }], ':2: "action" "delete" is not one of merge, archive, ignore, edit'],
    ['an unknown card id', [good, { action: 'ignore', card: 'knowledge-00000000' }], ':2: no card with id knowledge-00000000 in '],
    ['a card two lines act on', [good, { action: 'merge', cards: ['knowledge-05abb9e0', 'knowledge-6c1d8e25'] }], ':2: card knowledge-6c1d8e25 is already in line 1 (archive); one action per card in a file'],
    ['a card given twice in a line', [{ action: 'archive', cards: ['knowledge-6c1d8e25', `home/memory/knowledge/${LS}.md`] }], ':1: card home/memory/knowledge/'],
    ['an unknown key', [{ action: 'archive', crad: 'knowledge-6c1d8e25' }], ':1: unknown key "crad" for archive'],
    ['a key given twice (JSON.parse would act on the last card)', [good, '{"action": "ignore", "card": "knowledge-05abb9e0", "card": "idea-87267f10"}'], ':2: key "card" is given twice in one object (JSON keeps only the last)'],
    ['a key given twice inside "set"', ['{"action": "edit", "card": "idea-87267f10", "set": {"title": "A", "title": "B"}}'], ':1: key "title" is given twice in one object'],
    ['a merge of one card', [{ action: 'merge', cards: ['knowledge-05abb9e0'] }], ':1: a merge needs at least two cards'],
    ['keep that is not the oldest', [{ action: 'merge', cards: ['knowledge-05abb9e0', 'knowledge-3f2a9c11'], keep: 'knowledge-3f2a9c11' }], ':1: "keep": a merge keeps the oldest card, knowledge-05abb9e0, not knowledge-3f2a9c11'],
    ['a merge across kinds', [{ action: 'merge', cards: ['knowledge-05abb9e0', 'idea-87267f10'] }], ':1: merge: cards of different kinds'],
    ['an edit of the id', [{ action: 'edit', card: 'idea-87267f10', set: { id: 'idea-00000000' } }], ':1: "set" cannot change "id"'],
    ['an edit that breaks the card', [{ action: 'edit', card: 'idea-87267f10', set: { tags: 'topic:calibration' } }], ':1: '],
    ['an edit with nothing to set', [{ action: 'edit', card: 'idea-87267f10' }], ':1: an edit needs "set" or "body"'],
  ];
  for (const [name, rows, message] of cases) {
    it(name, async () => {
      const home = copyFixture('dup-home');
      const file = actionsFile(home, rows);
      const before = snapshot(home);
      const r = await apply(home, file, '--yes');
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toContain(`distill: ${file}${message}`);
      expect(snapshot(home)).toEqual(before);
    });
  }

  it('an edit that breaks the card says which field', async () => {
    const home = copyFixture('dup-home');
    const file = actionsFile(home, [{ action: 'edit', card: 'idea-87267f10', set: { tags: 'topic:calibration' } }]);
    const r = await apply(home, file);
    expect(r.err).toBe(`distill: ${file}:1: ${IDEA(home)}: the edit would make card idea-87267f10 invalid (tags: must be a list of strings)\n`);
  });

  it('an ignore of a card already ignored names the line', async () => {
    const home = copyFixture('dup-home');
    fs.writeFileSync(IDEA(home), read(IDEA(home)).replace('scope: global\n', 'scope: global\nignored: true\n'));
    const file = actionsFile(home, [{ action: 'ignore', card: 'idea-87267f10' }]);
    const r = await apply(home, file, '--yes');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}:1: ${IDEA(home)}: card idea-87267f10 is already ignored`);
  });

  it('a line whose write would leave the home (a card symlinked out of it) is refused before any line is written: exit 2', async () => {
    const home = copyFixture('dup-home');
    const outside = path.join(path.dirname(home), 'outside-card.md');
    fs.writeFileSync(outside, read(K(home, LS)).replace('id: knowledge-6c1d8e25', 'id: knowledge-0badc0de'));
    fs.symlinkSync(outside, path.join(home, 'memory', 'knowledge', 'zz-link.md'));
    const before = snapshot(home);
    const file = actionsFile(home, [{ action: 'ignore', card: 'knowledge-bc6691a3' }, { action: 'archive', card: 'knowledge-0badc0de' }]);
    const r = await apply(home, file, '--yes');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`distill: ${file}:2: `);
    expect(r.err).toContain("refusing to write outside the home's memory/");
    expect(snapshot(home)).toEqual(before);
    expect(fs.existsSync(path.join(home, '.distill', 'audit.jsonl'))).toBe(false);
  });

  it('an empty or missing file is one line, exit 2', async () => {
    const home = copyFixture('dup-home');
    const empty = actionsFile(home, []);
    fs.writeFileSync(empty, '\n');
    expect((await apply(home, empty)).err).toBe(`distill: ${empty}: no actions (one JSON object per line)\n`);
    const missing = await apply(home, 'nope.jsonl');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.jsonl: cannot read/);
  });
});
