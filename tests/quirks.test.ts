// Quirks files split into entries: headings, blank-line blocks after DeepScientist's preamble, CRLF, fences, an
// entry appended after a review; decided entries (reviewed.jsonl, by content id) do not come back; files never written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { listQuirkEntries, quirkId, QUIRKS_QUEST, splitQuirks } from '../src/core/quest/quirks.js';
import { settleDecided } from '../src/core/quest/quirks-split.js';
import { copyFixture, run, snapshot } from './helpers/home.js';
import { writeDecisions } from './helpers/write-home.js';

const home0 = copyFixture('ds-sample');
const FRAMEWORK_HEADER = fs.readFileSync(path.join(home0, 'framework_quirks.md'), 'utf8');
const SYSTEM_HEADER = fs.readFileSync(path.join(home0, 'system_quirks.md'), 'utf8');

const HEADED = `${FRAMEWORK_HEADER}
## artifact.record drops evidence_paths outside the worktree

Surface: artifact.record(kind='run'). Symptom: absolute evidence paths are silently dropped.
Workaround: pass paths relative to the worktree.

## Validator rejects CRLF plans
Surface: plan.md validator. Workaround: save with LF.
`;

const BLOCKS = `${SYSTEM_HEADER}
- Expected behavior: resume keeps the scheduler state.
- Actual behavior: the LR schedule restarts at step 0.
- Workaround: re-run from scratch.

Daemon leaks a GPU context after a crashed run; restart the daemon.
\`\`\`
nvidia-smi

# shows the leaked context
\`\`\`
`;

describe('splitQuirks', () => {
  test('a fresh file written by ensure_home_layout has no entries', () => {
    expect(splitQuirks(FRAMEWORK_HEADER)).toEqual([]);
    expect(splitQuirks(SYSTEM_HEADER)).toEqual([]);
  });

  test('a heading per entry: the heading starts it, its paragraphs belong to it', () => {
    const entries = splitQuirks(HEADED);
    expect(entries.map((e) => e.heading)).toEqual(['artifact.record drops evidence_paths outside the worktree', 'Validator rejects CRLF plans']);
    expect(entries[0].text.split('\n')).toHaveLength(4);
    expect(entries[0].line).toBe(9);
  });

  test('blank-line blocks after the preamble; a fenced block with blank lines and a # line stays whole', () => {
    const entries = splitQuirks(BLOCKS);
    expect(entries).toHaveLength(2);
    expect(entries[0].text).toMatch(/^- Expected behavior/);
    expect(entries[1].text).toContain('# shows the leaked context');
    expect(entries[1].heading).toBeNull();
  });

  test('CRLF gives the same entries and the same ids', () => {
    const lf = splitQuirks(HEADED);
    const crlf = splitQuirks(HEADED.replace(/\n/g, '\r\n'));
    expect(crlf.map((e) => e.text)).toEqual(lf.map((e) => e.text));
    expect(crlf.map((e) => quirkId('framework', e.text))).toEqual(lf.map((e) => quirkId('framework', e.text)));
  });

  test('entries separated by rules, an unknown preamble-less file', () => {
    const entries = splitQuirks('first quirk\nline two\n---\nsecond quirk\n***\n\n### third\nbody\n');
    expect(entries.map((e) => e.text)).toEqual(['first quirk\nline two', 'second quirk', '### third\nbody']);
  });

  test('a ## entry with ### sub-headings (the fields system_quirks.md asks for) is one entry; a heading as deep or deeper starts the next', () => {
    const text = `${SYSTEM_HEADER}
## Daemon drops SSE events after 10 minutes idle

### Expected behavior
Events keep streaming.

### Actual behavior
The stream closes silently.

### Workaround
Reconnect every 5 minutes.

## Next quirk
body
### Its detail
more
# A top-level one
### sub
x
### sibling
y
`;
    const entries = splitQuirks(text);
    expect(entries.map((e) => [e.line, e.heading])).toEqual([
      [9, 'Daemon drops SSE events after 10 minutes idle'],
      [20, 'Next quirk'],
      [24, 'A top-level one'],
    ]);
    expect(entries[0].text.split('\n')).toEqual([
      '## Daemon drops SSE events after 10 minutes idle', '', '### Expected behavior', 'Events keep streaming.', '',
      '### Actual behavior', 'The stream closes silently.', '', '### Workaround', 'Reconnect every 5 minutes.',
    ]);
    expect(entries[2].text).toBe('# A top-level one\n### sub\nx\n### sibling\ny');
    // Without an enclosing ## entry, ### headings are entries of their own (as before).
    expect(splitQuirks('### one\na\n\n### two\nb\n').map((e) => e.heading)).toEqual(['one', 'two']);
  });

  test('a heading, a Symptom paragraph and a Workaround paragraph stay one entry, with or without decided entries', () => {
    const text = `${FRAMEWORK_HEADER}
## Validator rejects CRLF plans

Surface: plan.md validator. Symptom: the plan is refused with "no stage".

Workaround: save the plan with LF line ends.
`;
    const entries = splitQuirks(text);
    expect(entries).toHaveLength(1);
    expect(entries[0].text.split('\n')).toHaveLength(5);
    const other = quirkId('framework', '## Validator rejects CRLF plans\n\nSurface: another validator.');
    expect(settleDecided('framework', entries, new Set([other, quirkId('system', entries[0].text)]))).toEqual(entries);
  });

  test('settleDecided: text appended after a decided entry is an entry of its own; a decided entry inside another stays decided', () => {
    const decidedText = '## artifact.record drops absolute evidence_paths\n\nSurface: artifact.record. Workaround: relative paths.';
    const appended = 'Surface: git worktree add. Symptom: fails when the branch exists.\nWorkaround: --force.';
    const entries = splitQuirks(`${FRAMEWORK_HEADER}\n${decidedText}\n\n${appended}\n\nA third one.\n`);
    expect(entries).toHaveLength(1); // the split alone glues them: paragraphs under a heading are the heading's
    const decided = new Set([quirkId('framework', decidedText)]);
    const settled = settleDecided('framework', entries, decided);
    expect(settled).toEqual([
      { line: 9, heading: 'artifact.record drops absolute evidence_paths', text: decidedText },
      { line: 13, heading: null, text: appended },
      { line: 16, heading: null, text: 'A third one.' },
    ]);
    // The same text under the other file kind is not decided.
    expect(settleDecided('system', entries, decided)).toEqual(entries);
    // The appended entry decided on its own, then the first one reverted: the first comes back alone, the second stays.
    const second = settleDecided('framework', entries, new Set([quirkId('framework', appended)]));
    expect(second.map((e) => [e.line, e.text])).toEqual([
      [9, decidedText],
      [13, appended],
      [16, 'A third one.'],
    ]);
    // Decided before ### sub-headings were read as part of their ## entry (each a separate entry then): none comes back.
    const fields = ['## Daemon drops SSE events', '### Expected behavior\nEvents keep streaming.', '### Workaround\nReconnect.'];
    const merged = splitQuirks(fields.join('\n\n'));
    expect(merged).toHaveLength(1);
    const old = new Set(fields.map((f) => quirkId('system', f)));
    expect(settleDecided('system', merged, old).map((e) => quirkId('system', e.text))).toEqual([...old]);
    // A ### appended after a decided ## entry is its own entry, with its heading.
    const sub = splitQuirks(`${decidedText}\n\n### Also on Windows\npaths with a drive letter\n`);
    expect(settleDecided('framework', sub, decided).map((e) => [e.line, e.heading])).toEqual([
      [1, 'artifact.record drops absolute evidence_paths'],
      [5, 'Also on Windows'],
    ]);
  });

  test('ids: stable for the same text, different for another text or the other file kind', () => {
    expect(quirkId('framework', 'a  b\n')).toBe(quirkId('framework', 'a b'));
    expect(quirkId('framework', 'a b')).toMatch(/^quirk-[0-9a-f]{8}$/);
    expect(quirkId('framework', 'a b')).not.toBe(quirkId('system', 'a b'));
    expect(quirkId('framework', 'a b')).not.toBe(quirkId('framework', 'a c'));
  });
});

describe('listQuirkEntries and distill quirks', () => {
  test('Draft-like entries tagged by file kind; a decided entry does not come back; an appended one shows; files untouched', async () => {
    const home = copyFixture('ds-sample');
    fs.writeFileSync(path.join(home, 'framework_quirks.md'), HEADED.replace(/\n/g, '\r\n'));
    fs.writeFileSync(path.join(home, 'system_quirks.md'), BLOCKS);
    let list = listQuirkEntries(home);
    expect(list.entries.map((e) => [e.kind, e.tags[0], e.title])).toEqual([
      ['framework', 'topic:framework-quirk', 'artifact.record drops evidence_paths outside the worktree'],
      ['framework', 'topic:framework-quirk', 'Validator rejects CRLF plans'],
      ['system', 'topic:system-quirk', 'Expected behavior: resume keeps the scheduler state.'],
      ['system', 'topic:system-quirk', 'Daemon leaks a GPU context after a crashed run; restart the daemon.'],
    ]);
    const first = list.entries[0];
    expect(first).toMatchObject({ source: 'quirk', runIds: [], needsEdit: false, card: { id: first.id, kindDir: 'knowledge', scope: 'global' } });
    expect(first.body).toMatch(/^Surface: artifact.record/);

    const ledger = path.join(home, '.distill', 'reviewed.jsonl');
    fs.mkdirSync(path.dirname(ledger), { recursive: true });
    fs.writeFileSync(ledger, JSON.stringify({ draft_id: first.id, quest_id: QUIRKS_QUEST, review_id: 'r1', decision: 'new', at: 'x' }) + '\n');
    fs.appendFileSync(path.join(home, 'framework_quirks.md'), '\r\n## Appended later\r\nSurface: gate. Workaround: none.\r\n');
    const before = snapshot(home);
    list = listQuirkEntries(home);
    expect(list.entries.map((e) => e.title)).toEqual([
      'Validator rejects CRLF plans',
      'Appended later',
      'Expected behavior: resume keeps the scheduler state.',
      'Daemon leaks a GPU context after a crashed run; restart the daemon.',
    ]);
    expect(list.files[0]).toMatchObject({ entries: 3, unreviewed: 2 });

    const r = await run(['--home', home, 'quirks', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.files.map((f: { unreviewed: number }) => f.unreviewed)).toEqual([2, 2]);
    expect(json.entries.map((e: { id: string }) => e.id)).not.toContain(first.id);
    const all = JSON.parse((await run(['--home', home, 'quirks', '--all', '--json'])).out);
    expect(all.entries.find((e: { id: string }) => e.id === first.id).reviewed).toBe(true);
    const text = await run(['--home', home, 'quirks']);
    expect(text.out.split('\n')[0]).toBe('framework_quirks.md: 3 entries, 2 not reviewed');
    expect(text.out).toMatch(/\n {2}quirk-[0-9a-f]{8} {2}line 17 {2}Appended later\n/);
    expect(snapshot(home)).toEqual(before);
  });

  test('distill quirks: an entry decided, then a paragraph appended without a heading: the decided one stays decided, the new one is listed alone', async () => {
    const home = copyFixture('ds-sample');
    const fw = path.join(home, 'framework_quirks.md');
    fs.appendFileSync(fw, '\n## artifact.record drops absolute evidence_paths\n\nSurface: artifact.record(kind=run). Symptom: absolute evidence paths dropped.\nWorkaround: pass relative paths.\n');
    const first = JSON.parse((await run(['--home', home, 'quirks', '--json'])).out).entries[0];
    const decisions = writeDecisions(path.dirname(home), [{ draft: first.id, decision: 'reject', reason: 'known' }]);
    expect((await run(['--home', home, 'apply', '--quirks', decisions, '--yes'])).code).toBe(0);
    expect((await run(['--home', home, 'quirks'])).out.split('\n')[0]).toBe('framework_quirks.md: 1 entry, 0 not reviewed');
    const appended = 'Surface: git worktree add. Symptom: fails when the branch exists. Workaround: --force.';
    fs.appendFileSync(fw, `\n${appended}\n`);
    const id = quirkId('framework', appended);
    const r = await run(['--home', home, 'quirks', '--all']);
    expect(r.code).toBe(0);
    expect(r.out).toBe([
      'framework_quirks.md: 2 entries, 1 not reviewed',
      `  ${first.id}  line 9  artifact.record drops absolute evidence_paths  [reviewed]`,
      `  ${id}  line 14  ${appended}`,
      'system_quirks.md: 0 entries, 0 not reviewed',
      '',
    ].join('\n'));
    const json = JSON.parse((await run(['--home', home, 'quirks', '--json'])).out);
    expect(json.entries).toHaveLength(1);
    expect(json.entries[0]).toMatchObject({ id, line: 14, text: appended, reviewed: false });
  });

  test('distill quirks: a system quirk written with ### field headings is one entry', async () => {
    const home = copyFixture('ds-sample');
    fs.appendFileSync(path.join(home, 'system_quirks.md'), '\n## Daemon drops SSE events after 10 minutes idle\n\n### Expected behavior\nEvents keep streaming.\n\n### Actual behavior\nThe stream closes silently.\n\n### Workaround\nReconnect every 5 minutes.\n');
    const r = await run(['--home', home, 'quirks']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^framework_quirks\.md: 0 entries, 0 not reviewed\nsystem_quirks\.md: 1 entry, 1 not reviewed\n {2}quirk-[0-9a-f]{8} {2}line 9 {2}Daemon drops SSE events after 10 minutes idle\n$/);
    const entry = JSON.parse((await run(['--home', home, 'quirks', '--json'])).out).entries[0];
    expect(entry.text).toContain('### Workaround\nReconnect every 5 minutes.');
  });

  test('the DeepScientist-written sample has no entries; a missing file is reported, not an error', async () => {
    const home = copyFixture('ds-sample');
    fs.rmSync(path.join(home, 'system_quirks.md'));
    const r = await run(['--home', home, 'quirks']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('framework_quirks.md: 0 entries, 0 not reviewed\nsystem_quirks.md: no file\n');
  });
});
