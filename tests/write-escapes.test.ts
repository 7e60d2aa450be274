// Doors out of the home: a write root that is a symlink leading out (or, for distill's own `.distill/`, anywhere but
// `.distill/`) is refused with one line naming it, exit 2, and nothing is written inside the home or where it leads.
// `distill draft` (drafts/, drafts/experiences/, the quest's folder), every `.distill` path a write uses (the folder
// itself, journal, locks, reviews, reviewed.jsonl, audit.jsonl, archive, cleanup, discarded), and `recover`, which
// never runs (or cleans up) a journal folder outside the home.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { copyFixture } from './helpers/home.js';
import { D, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const CLAIM = 'LoRA r=8 with 6% warmup beats the BERT baseline by 2 F1 on CoNLL-1k.';
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

/** A home in its own temp folder, and a folder outside it (`away`) that links may lead to. */
function homeAndAway(make: (dir: string) => string): { home: string; away: string } {
  const home = make(tempDir('distill-escape-home-'));
  return { home, away: tempDir('distill-escape-away-') };
}

/** Replaces `link` (a folder or file of the home, or nothing) by a symlink to `target`. */
function linkTo(link: string, target: string): void {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  if (fs.existsSync(link)) fs.cpSync(link, target, { recursive: true });
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(target, link);
}

/** Runs the command; expects exit 2, one line naming `named` and the refusal, and no file changed in home or away. */
async function refusedUnchanged(home: string, away: string, args: string[], named: string, where?: string) {
  const before = snapshot(home);
  const awayBefore = snapshot(away);
  const r = await runInProcess(['--home', home, ...args]);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.err).toContain(named);
  expect(r.err).toContain('refusing to write there (nothing written)');
  if (where) expect(r.err).toContain(where);
  expect(r.code).toBe(2);
  expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  expect(diffSnapshots(awayBefore, snapshot(away))).toEqual([]);
  return r;
}

describe('distill draft: a drafts folder that leads out of the home', () => {
  const draft = ['draft', '001', '--run', 'run-a400216f', '--claim', CLAIM];
  const sample = (dir: string) => {
    const home = path.join(dir, 'home');
    fs.cpSync(copyFixture('ds-sample'), home, { recursive: true });
    return home;
  };

  test('the baseline: the draft is written under drafts/experiences/001', async () => {
    const { home } = homeAndAway(sample);
    const r = await runInProcess(['--home', home, ...draft]);
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(home, 'drafts', 'experiences', '001', 'idea-7a9ceaa1__main-001.md'))).toBe(true);
  });

  for (const rel of ['drafts', 'drafts/experiences', 'drafts/experiences/001']) {
    test(`${rel} is a symlink to a folder outside`, async () => {
      const { home, away } = homeAndAway(sample);
      linkTo(path.join(home, rel), path.join(away, 'drafts'));
      fs.mkdirSync(path.join(away, 'drafts'), { recursive: true });
      await refusedUnchanged(home, away, draft, path.join(home, 'drafts', 'experiences', '001'), `outside the home ${home}`);
    });

    test(`${rel} is a symlink to a folder outside, with --edit: refused before the editor opens`, async () => {
      const { home, away } = homeAndAway(sample);
      linkTo(path.join(home, rel), path.join(away, 'drafts'));
      fs.mkdirSync(path.join(away, 'drafts'), { recursive: true });
      const editor = path.join(path.dirname(home), 'editor.sh');
      fs.writeFileSync(editor, `#!/bin/sh\ntouch '${path.join(path.dirname(home), 'editor-ran')}'\n`, { mode: 0o755 });
      const before = snapshot(home);
      const r = await runInProcess(['--home', home, ...draft, '--edit'], { VISUAL: editor, EDITOR: editor });
      expect(r.err).toContain('refusing to write there (nothing written)');
      expect(r.code).toBe(2);
      expect(fs.existsSync(path.join(path.dirname(home), 'editor-ran'))).toBe(false);
      expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    });

    test(`${rel} is a symlink to a folder outside that is not there yet (it would be made there)`, async () => {
      const { home, away } = homeAndAway(sample);
      linkTo(path.join(home, rel), path.join(away, 'not-yet'));
      await refusedUnchanged(home, away, draft, path.join(home, 'drafts', 'experiences', '001'), `outside the home ${home}`);
      expect(fs.existsSync(path.join(away, 'not-yet'))).toBe(false);
    });
  }
});

describe('distill apply: a .distill path that leads out of .distill', () => {
  const apply = async (home: string) => ['apply', '001', writeDecisions(path.dirname(home), [{ draft: D.lora, decision: 'new', reason: 'x' }]), '--yes'];
  const writeHome = (dir: string) => makeHome(path.join(dir, 'home'));

  test('the baseline: the review is written, with its record, ledger line and audit line', async () => {
    const { home } = homeAndAway(writeHome);
    const r = await runInProcess(['--home', home, ...(await apply(home))]);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(path.join(home, '.distill', 'reviews'))).toHaveLength(1);
  });

  for (const rel of ['.distill', '.distill/journal', '.distill/locks', '.distill/reviews']) {
    test(`${rel} is a symlink to a folder outside the home`, async () => {
      const { home, away } = homeAndAway(writeHome);
      fs.mkdirSync(path.join(home, '.distill'), { recursive: true });
      fs.mkdirSync(path.join(away, 'x'));
      linkTo(path.join(home, rel), path.join(away, 'x'));
      await refusedUnchanged(home, away, await apply(home), path.join(home, '.distill'), `outside the home ${home}`);
    });
  }

  for (const rel of ['.distill/audit.jsonl', '.distill/reviewed.jsonl']) {
    test(`${rel} is a symlink to a file outside the home`, async () => {
      const { home, away } = homeAndAway(writeHome);
      fs.writeFileSync(path.join(away, 'log.jsonl'), '');
      linkTo(path.join(home, rel), path.join(away, 'log.jsonl'));
      await refusedUnchanged(home, away, await apply(home), path.join(home, rel), `outside the home ${home}`);
    });
  }

  test('.distill/reviews is a symlink into memory/ (inside the home, but no place for distill\'s records)', async () => {
    const { home, away } = homeAndAway(writeHome);
    fs.mkdirSync(path.join(home, 'memory', 'reviews'));
    linkTo(path.join(home, '.distill', 'reviews'), path.join(home, 'memory', 'reviews'));
    await refusedUnchanged(home, away, await apply(home), path.join(home, '.distill', 'reviews'), `outside ${path.join(home, '.distill')}`);
  });
});

describe('distill lessons apply: archive and cleanup records that lead out of .distill', () => {
  const actions = (home: string) => {
    const file = path.join(path.dirname(home), 'actions.jsonl');
    fs.writeFileSync(file, JSON.stringify({ action: 'archive', card: 'knowledge-6c1d8e25', why: 'wrong' }) + '\n');
    return ['lessons', 'apply', file, '--yes'];
  };
  const dupHome = (dir: string) => {
    const home = path.join(dir, 'home');
    fs.cpSync(copyFixture('dup-home'), home, { recursive: true });
    return home;
  };

  test('the baseline: the card is archived under .distill/archive', async () => {
    const { home } = homeAndAway(dupHome);
    const r = await runInProcess(['--home', home, ...actions(home)]);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(path.join(home, '.distill', 'archive'))).toHaveLength(1);
  });

  for (const rel of ['.distill/archive', '.distill/cleanup']) {
    test(`${rel} is a symlink to a folder outside the home`, async () => {
      const { home, away } = homeAndAway(dupHome);
      fs.mkdirSync(path.join(away, 'x'));
      linkTo(path.join(home, rel), path.join(away, 'x'));
      await refusedUnchanged(home, away, actions(home), path.join(home, rel), `outside the home ${home}`);
    });
  }

  test('.distill/archive is a symlink into memory/, where DeepScientist would read the archived card again', async () => {
    const { home, away } = homeAndAway(dupHome);
    fs.mkdirSync(path.join(home, 'memory', 'archive'));
    linkTo(path.join(home, '.distill', 'archive'), path.join(home, 'memory', 'archive'));
    await refusedUnchanged(home, away, actions(home), path.join(home, '.distill', 'archive'), `outside ${path.join(home, '.distill')}`);
  });
});

describe('distill recover: journals outside the home are never run', () => {
  const journal = (home: string, id: string) => ({
    version: 1, id, kind: 'apply', home, questRoot: null, createdAt: '2026-06-01T12:00:00+00:00',
    ops: [{ op: 'create', path: path.join(home, 'memory', 'knowledge', 'planted.md'), content: '---\ntitle: planted\n---\n' }],
  });

  test('.distill/journal is a symlink to a folder outside holding a journal: refused, the journal neither run nor touched', async () => {
    const { home, away } = homeAndAway(makeHome);
    fs.mkdirSync(path.join(home, '.distill'));
    fs.writeFileSync(path.join(away, 'decision-0000beef.json'), JSON.stringify(journal(home, 'decision-0000beef')));
    fs.writeFileSync(path.join(away, `decision-0000cafe.json.${'0'.repeat(32)}.tmp`), 'a stale temp file recover would remove');
    fs.symlinkSync(away, path.join(home, '.distill', 'journal'));
    await refusedUnchanged(home, away, ['recover'], path.join(home, '.distill', 'journal'), `outside the home ${home}`);
    expect(fs.existsSync(path.join(home, 'memory', 'knowledge', 'planted.md'))).toBe(false);
  });

  test('.distill/discarded is a symlink outside: recover --discard refuses, the journal stays', async () => {
    const { home, away } = homeAndAway(makeHome);
    fs.mkdirSync(path.join(home, '.distill', 'journal'), { recursive: true });
    const file = path.join(home, '.distill', 'journal', 'decision-0000dead.json');
    fs.writeFileSync(file, '{}\n');
    fs.symlinkSync(away, path.join(home, '.distill', 'discarded'));
    await refusedUnchanged(home, away, ['recover', '--discard', 'decision-0000dead'], path.join(home, '.distill', 'discarded'), `outside the home ${home}`);
    expect(fs.readFileSync(file, 'utf8')).toBe('{}\n');
  });
});
