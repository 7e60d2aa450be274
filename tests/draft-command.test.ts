// distill draft: a lesson for a run that has no draft, on the verbatim DeepScientist-written home (no PR #60 drafts),
// then drafts, apply (new) and gate, as issue 14 asks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { createDraftFile } from '../src/core/quest/author-draft.js';
import { io } from '../src/core/journal/atomic.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { loadYaml } from '../src/core/format/yaml11.js';
import { copyFixture, run, snapshot } from './helpers/home.js';

const CLAIM = 'LoRA r=8 with 6% warmup beats the BERT baseline by 2 F1 on CoNLL-1k.';
const DIR = 'drafts/experiences/001';

function script(body: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'distill-editor-')), 'editor.sh');
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe('distill draft', () => {
  test('--body replaces the hypothesis under the title (result and evidence stay); --tags adds tags once', async () => {
    const home = copyFixture('ds-sample');
    const r = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', CLAIM, '--title', 'Warm-up matters', '--body', 'In my words: warm-up kept it stable.', '--tags', 'topic:optimization, topic:optimization,domain:nlp']);
    expect(r.code).toBe(0);
    const parsed = parseCardText(fs.readFileSync(r.out.trim(), 'utf8'));
    expect(parsed.body.startsWith('# Warm-up matters\n\nIn my words: warm-up kept it stable.\n\n## Result\n')).toBe(true);
    expect(parsed.body).not.toContain('## Hypothesis');
    expect(parsed.body).toContain('## Evidence');
    const tags = parsed.meta.tags as string[];
    expect(tags.filter((t) => t === 'topic:optimization')).toHaveLength(1);
    expect(tags).toContain('domain:nlp');
  });

  test('writes a PR #60 draft carrying the run facts; drafts lists it; apply new writes card and review; gate closes', async () => {
    const home = copyFixture('ds-sample');
    expect((await run(['--home', home, 'gate', '001'])).code).toBe(1);
    const r = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', CLAIM]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const file = path.join(home, DIR, 'idea-7a9ceaa1__main-001.md');
    expect(r.out).toBe(`${file}\n`);
    const text = fs.readFileSync(file, 'utf8');
    // The quest id stays a string for YAML readers (PyYAML reads `quest: 001` as the number 1).
    expect(text).toContain("- quest: '001'\n  run: run-a400216f\n  direction: idea-7a9ceaa1\n  note: LoRA r=8 main run\n");
    const parsed = parseCardText(text);
    expect(parsed.meta).toMatchObject({ subtype: 'experience', claim: CLAIM, confidence: 0.4 });
    expect(parsed.meta.mechanism).toBe('Fewer trainable params reduce variance; warmup stabilises early updates.');
    expect((loadYaml(text.split('---\n')[1]) as { lineage: { quest: unknown }[] }).lineage[0].quest).toBe('001');
    expect(parsed.body).toContain('LoRA r=8 with 6% warmup beats full FT by >1 F1.'); // the idea card's hypothesis
    expect(parsed.body).toContain('- f1: 0.802 vs baseline 0.781 (delta +0.021)');
    expect(parsed.body).toContain('- verdict: improved');
    expect(parsed.body).toContain('- reason: Beats baseline by 2.1 F1.');
    expect(parsed.body).toContain('- .ds/worktrees/idea-idea-7a9ceaa1/experiments/main/main-001/RUN.md');
    expect(parsed.body).toContain('- .ds/worktrees/idea-idea-7a9ceaa1/outputs/main-001/metrics.json');
    expect(text).not.toContain('/home/alice');

    const drafts = JSON.parse((await run(['--home', home, 'drafts', '001', '--json'])).out).drafts;
    const mine = drafts.find((d: { path: string }) => d.path === file);
    expect(mine).toMatchObject({ id: 'draft:001/idea-7a9ceaa1__main-001', run_ids: ['run-a400216f'], needs_edit: false, claim: CLAIM });
    const v = await run(['--home', home, 'validate', file]);
    expect(v.out).toBe('checked 1 card and 0 distill_review decisions: no violations\n');
    expect(v.code).toBe(0);

    const decisions = path.join(path.dirname(home), 'decisions.jsonl');
    fs.writeFileSync(decisions, JSON.stringify({ draft: mine.id, decision: 'new', reason: 'first lesson of the quest' }) + '\n');
    const a = await run(['--home', home, 'apply', '001', decisions, '--yes', '--reviewer', 'bob']);
    expect(a.err).toBe('');
    expect(a.code).toBe(0);
    const card = /created (memory\/knowledge\/[^\n]+\.md)/.exec(a.out)![1];
    const written = parseCardText(fs.readFileSync(path.join(home, card), 'utf8')).meta;
    expect(written).toMatchObject({ claim: CLAIM, lineage: [{ quest: '001', run: 'run-a400216f', direction: 'idea-7a9ceaa1' }], scope: 'global' });
    expect(a.out).toMatch(/decision quests\/001\/\.ds\/worktrees\/idea-idea-7a9ceaa1\/artifacts\/decisions\/decision-[0-9a-f]{8}\.json/);
    const g = await run(['--home', home, 'gate', '001']);
    expect(g.code).toBe(0);
    expect((await run(['--home', home, 'validate'])).code).toBe(0);
  });

  test('never overwrites: a second draft for the run gets its own name; without --claim the claim is a placeholder', async () => {
    const home = copyFixture('ds-sample');
    await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', CLAIM]);
    const first = fs.readFileSync(path.join(home, DIR, 'idea-7a9ceaa1__main-001.md'), 'utf8');
    const r = await run(['--home', home, 'draft', '001', '--run', 'main-001', '--title', 'Warmup + LoRA', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out).toMatchObject({ path: path.join(home, DIR, 'idea-7a9ceaa1__main-001-2.md'), run: 'run-a400216f', needs_edit: true });
    expect(fs.readFileSync(path.join(home, DIR, 'idea-7a9ceaa1__main-001.md'), 'utf8')).toBe(first);
    const meta = parseCardText(fs.readFileSync(out.path, 'utf8')).meta;
    expect(meta.claim).toBe('TODO: claim — one mechanism-bearing sentence.');
    expect(meta.title).toBe('Warmup + LoRA');
    expect(fs.readdirSync(path.join(home, DIR)).sort()).toEqual(['idea-7a9ceaa1__main-001-2.md', 'idea-7a9ceaa1__main-001.md']);
    // The hint names the file as it can be opened from where the command ran: absolute outside the current folder,
    // relative inside it (it was '../../../tmp/…' from elsewhere).
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cwd-'));
    const outside = await run(['--home', home, 'draft', '001', '--run', 'main-001'], { cwd: elsewhere });
    fs.rmSync(elsewhere, { recursive: true, force: true });
    expect(outside.err).toBe(`distill: the claim is a placeholder: edit ${path.join(home, DIR, 'idea-7a9ceaa1__main-001-3.md')} or run again with --claim\n`);
    const inside = await run(['--home', home, 'draft', '001', '--run', 'main-001'], { cwd: home });
    expect(inside.err).toBe(`distill: the claim is a placeholder: edit ${path.join(DIR, 'idea-7a9ceaa1__main-001-4.md')} or run again with --claim\n`);
  });

  test('bad input: an unknown run, a placeholder --claim: one line, exit 2, nothing written', async () => {
    const home = copyFixture('ds-sample');
    const before = snapshot(home);
    const r = await run(['--home', home, 'draft', '001', '--run', 'run-nope']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^distill: quest 001: no run run-nope \(runs: [^\n]*run-a400216f[^\n]*\)\n$/);
    const c = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', 'TODO']);
    expect(c.code).toBe(2);
    expect(c.err).toBe('distill: --claim "TODO": empty or a placeholder; write one sentence\n');
    expect(snapshot(home)).toEqual(before);
  });

  test('the system refuses the write (no space, permission): exit 74 naming the cause, no draft and no temp file', async () => {
    const home = copyFixture('ds-sample');
    const before = snapshot(home);
    const args = ['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', CLAIM];
    const file = path.join(home, DIR, 'idea-7a9ceaa1__main-001.md');
    const write = io.writeSync;
    for (const code of ['ENOSPC', 'EACCES']) {
      io.writeSync = () => {
        throw Object.assign(new Error(`${code}: refused, write`), { code, syscall: 'write' });
      };
      try {
        const r = await run(args);
        expect(r.code, r.err).toBe(74);
        const cause = code === 'ENOSPC' ? 'no space left on the device' : 'permission denied';
        expect(r.err).toMatch(new RegExp(`^distill: ${file.replace(/[.]/g, '\\.')}: ${cause} \\(needed \\d+ bytes\\); nothing written\n$`));
      } finally {
        io.writeSync = write;
      }
      // Only the (empty) drafts folder was made: no draft, no temp file.
      expect(fs.readdirSync(path.join(home, DIR))).toEqual([]);
    }
    fs.rmSync(path.join(home, 'drafts'), { recursive: true });
    expect(snapshot(home)).toEqual(before);
  });

  test('--edit: the editor fills the claim and the edited text is saved', async () => {
    const home = copyFixture('ds-sample');
    const editor = script(`sed -i 's/^claim: .*/claim: Warmup stabilises LoRA on 1k sentences./' "$1"`);
    const r = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--edit'], { env: { HOME: os.tmpdir(), EDITOR: editor } });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const meta = parseCardText(fs.readFileSync(r.out.trim(), 'utf8')).meta;
    expect(meta.claim).toBe('Warmup stabilises LoRA on 1k sentences.');
  });

  test('--edit without a TTY: a still-placeholder claim or broken YAML exits 2 naming the problem, nothing written', async () => {
    const home = copyFixture('ds-sample');
    const before = snapshot(home);
    const untouched = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--edit'], { env: { HOME: os.tmpdir(), VISUAL: 'true' } });
    expect(untouched.code).toBe(2);
    expect(untouched.err).toBe('distill: idea-7a9ceaa1__main-001.md: the claim is still empty or a placeholder; write one sentence; nothing written\n');
    const broken = script(`sed -i 's/^claim: .*/claim: [unclosed/' "$1"`);
    const y = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--edit'], { env: { HOME: os.tmpdir(), EDITOR: broken } });
    expect(y.code).toBe(2);
    expect(y.err).toMatch(/^distill: idea-7a9ceaa1__main-001\.md: .*YAML.*; nothing written\n$/i);
    const failing = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--edit'], { env: { HOME: os.tmpdir(), EDITOR: 'false' } });
    expect(failing.code).toBe(2);
    expect(snapshot(home)).toEqual(before);
  });
});

describe('createDraftFile', () => {
  test('exclusive: an existing name is skipped even when it appears between the check and the create; no temp left', () => {
    const home = copyFixture('ds-sample');
    const dir = path.join(home, DIR);
    fs.mkdirSync(dir, { recursive: true });
    const link = fs.linkSync;
    // A concurrent writer creates the first name right before our link: ours must not replace it.
    const spy = vi.spyOn(fs, 'linkSync').mockImplementationOnce((from, to) => {
      fs.writeFileSync(to, 'theirs');
      return link(from, to);
    });
    const file = createDraftFile(home, '001', 'main', 'run-1', 'ours');
    expect(path.basename(file)).toBe('main__run-1-2.md');
    expect(fs.readFileSync(path.join(dir, 'main__run-1.md'), 'utf8')).toBe('theirs');
    expect(fs.readFileSync(file, 'utf8')).toBe('ours');
    // No hard links on this filesystem: an exclusive copy.
    spy.mockImplementationOnce(() => {
      throw Object.assign(new Error('no links'), { code: 'EPERM' });
    });
    const copied = createDraftFile(home, '001', 'main', 'run-1', 'copy');
    expect(path.basename(copied)).toBe('main__run-1-3.md');
    expect(fs.readFileSync(copied, 'utf8')).toBe('copy');
    spy.mockRestore();
    expect(fs.readdirSync(dir).sort()).toEqual(['main__run-1-2.md', 'main__run-1-3.md', 'main__run-1.md']);
  });
});

test('a run with no idea and no campaign: its branch is the direction, slugged in the file name (and the editor copy)', async () => {
  const home = copyFixture('ds-sample');
  const rec = path.join(home, 'quests/001/.ds/worktrees/idea-idea-7a9ceaa1/artifacts/runs/run-a400216f.json');
  const record = JSON.parse(fs.readFileSync(rec, 'utf8'));
  delete record.idea_id;
  fs.writeFileSync(rec, JSON.stringify(record, null, 2));
  const editor = script(`sed -i 's/^claim: .*/claim: Branch runs get lessons too./' "$1"`);
  const r = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--edit', '--json'], { env: { HOME: os.tmpdir(), EDITOR: editor } });
  expect(r.err).toBe('');
  const out = JSON.parse(r.out);
  expect(out.direction).toBe('run/main-001');
  expect(path.basename(out.path)).toBe('run-main-001__main-001.md');
  const text = fs.readFileSync(out.path, 'utf8');
  expect(text).toContain('direction: run/main-001\n');
  expect(text).toContain('(no idea recorded for this run)');
});

test('a drafts directory that cannot be made (a file is in the way): one line naming the file, exit 2 (the user has to fix it)', async () => {
  const home = copyFixture('ds-sample');
  fs.writeFileSync(path.join(home, 'drafts'), 'not a directory');
  const r = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', CLAIM]);
  expect(r.code).toBe(2);
  expect(r.err).toBe(`distill: ${path.join(home, 'drafts')}: a file is where a directory goes; nothing written\n`);
});
