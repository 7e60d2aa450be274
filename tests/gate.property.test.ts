// Property: `distill gate --json` is never more lenient than PR #60's closure gate. Random quests (quest root,
// worktrees, a research head outside them; inherited index lines whose path points at another workspace's copy;
// copies whose status and timestamps differ; every status spelling and run kind; stale, missing and relative paths;
// reviews in any workspace; decisions that are not reviews; lines Python splits or strips differently; a research state
// that is torn, a list, a directory, a FIFO or a symlink to nothing; an index that is a symlink to nothing) are checked
// against a model of PR #60's rules (tests/helpers/pr60-gate.ts): every run PR #60 counts pending is pending for
// distill, and where both read exactly the same files they agree exactly.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from './helpers/home.js';
import { Pr60Crash, pr60PendingIds } from './helpers/pr60-gate.js';

const RUNS = ['run-00000001', 'run-00000002', 'run-00000003', 'run-00000004'];
const DECISIONS = ['decision-000000d1', 'decision-000000d2', 'decision-000000d3'];
const STAMPS = ['2026-05-01T10:00:00+00:00', '2026-05-02T10:00:00+00:00', '2026-05-03T10:00:00+00:00'];
const STATUSES = ['completed', 'Completed', ' done ', 'SUCCESS', 'succeeded', 'done\x85', 'done\u00a0', 'running', 'cancelled', 'failed', '', 'complete', null, undefined, 1];
const RUN_KINDS = ['experiment', 'main_experiment', 'analysis.slice', 'baseline', 'write', 'Experiment', ' experiment', undefined];

interface FileSpec {
  kind: string | undefined;
  runKind?: string | undefined;
  status?: unknown;
  action?: string;
  reviewed?: unknown;
  updatedAt: string | undefined;
  /** 'same' | 'other' | 'missing' | 'numeric' */
  recordId: string;
  /** 'json' | 'nan' | 'not-utf8' | 'torn' | 'nbsp' (leading U+00A0: json.loads refuses it) | 'bom' | 'list' (PR #60 raises) */
  body: string;
}

interface LineSpec {
  id: string;
  lineKind: string | undefined;
  withId: boolean;
  /** where `path` points: own | root | wt-<n> | stale | missing | relative */
  target: string;
  /** '' | 'u2028' | 'x85' | 'nbsp' */
  quirk: string;
}

interface WorkspaceSpec {
  runs: Record<string, FileSpec | null>;
  decisions: Record<string, FileSpec | null>;
  lines: LineSpec[];
  torn: boolean;
  /** A `null` line in the index: PR #60 raises on it (`entry.get`). */
  nullLine: boolean;
  /** The index is a symlink to nothing: PR #60's `exists()` is False, distill cannot tell what it listed. */
  danglingIndex: boolean;
}

/** What `.ds/research_state.json` is: PR #60 never reads it; distill reads the research head it names. */
const STATE_FAULTS = ['none', 'torn', 'list', 'dir', 'fifo', 'dangling'] as const;
type StateFault = (typeof STATE_FAULTS)[number];

const runFile = fc.record({
  kind: fc.constantFrom('run', 'run', 'run', 'decision', undefined),
  runKind: fc.oneof({ arbitrary: fc.constantFrom(...RUN_KINDS.slice(0, 3)), weight: 3 }, { arbitrary: fc.constantFrom(...RUN_KINDS), weight: 1 }),
  status: fc.oneof({ arbitrary: fc.constantFrom(...STATUSES.slice(0, 7)), weight: 2 }, { arbitrary: fc.constantFrom(...STATUSES), weight: 1 }),
  updatedAt: fc.constantFrom(...STAMPS, undefined),
  recordId: fc.constantFrom('same', 'same', 'same', 'other', 'missing', 'numeric'),
  body: fc.constantFrom('json', 'json', 'json', 'json', 'nan', 'not-utf8', 'torn', 'nbsp', 'bom', 'list'),
});

const reviewFile = fc.record({
  kind: fc.constantFrom('decision', 'decision', undefined),
  action: fc.constantFrom('distill_review', 'distill_review', 'distill_review', 'continue', 'Distill_Review', 'distill_review_reverted'),
  reviewed: fc.oneof(
    fc.subarray([...RUNS, 'main-001'], { minLength: 1 }),
    fc.subarray([...RUNS, 'main-001', '7', 7]),
    fc.constantFrom(null, 'run-00000001', { 'run-00000002': 1 }, 5),
  ),
  updatedAt: fc.constantFrom(...STAMPS),
  recordId: fc.constantFrom('same', 'same', 'missing'),
  body: fc.constantFrom('json', 'json', 'json', 'nan', 'not-utf8', 'nbsp', 'bom'),
});

function lineFor(ids: readonly string[], kinds: readonly (string | undefined)[], faithful: boolean, worktrees: number) {
  const targets = faithful ? ['own'] : ['own', 'own', 'root', 'stale', 'missing', 'relative', ...Array.from({ length: worktrees }, (_, i) => `wt-${i}`)];
  return fc.record({
    id: fc.constantFrom(...ids),
    lineKind: faithful ? fc.constant(kinds[0]) : fc.constantFrom(...kinds),
    withId: faithful ? fc.constant(true) : fc.constantFrom(true, true, true, false),
    target: fc.constantFrom(...targets),
    quirk: faithful ? fc.constant('') : fc.constantFrom('', '', '', 'u2028', 'x85', 'nbsp'),
  });
}

function workspaceSpec(faithful: boolean, worktrees: number) {
  // Faithful layouts hold nothing the two read differently on purpose: distill only counts a review's
  // reviewed_run_ids when it is a list (PR #60 iterates a string's characters or a dict's keys).
  // Nor a revert tombstone: distill lets `distill_review_reverted` revoke older copies of the same review.
  const tidy = (x: FileSpec): FileSpec => ({
    ...x,
    recordId: 'same',
    reviewed: Array.isArray(x.reviewed) || x.reviewed === undefined ? x.reviewed : [],
    body: x.body === 'list' ? 'json' : x.body,
    action: x.action === 'distill_review_reverted' ? 'continue' : x.action,
  });
  const file = (f: fc.Arbitrary<FileSpec>) => fc.option(faithful ? f.map(tidy) : f, { nil: null });
  return fc.record({
    runs: fc.record(Object.fromEntries(RUNS.map((id) => [id, file(runFile as fc.Arbitrary<FileSpec>)]))),
    decisions: fc.record(Object.fromEntries(DECISIONS.map((id) => [id, file(reviewFile as fc.Arbitrary<FileSpec>)]))),
    lines: fc.array(
      fc.oneof(lineFor(RUNS, ['run', 'run', 'run', 'Run', undefined], faithful, worktrees), lineFor(DECISIONS, ['decision', 'decision', 'decision', 'Decision'], faithful, worktrees)),
      { minLength: 1, maxLength: 10 },
    ),
    torn: faithful ? fc.constant(false) : fc.boolean(),
    nullLine: faithful ? fc.constant(false) : fc.constantFrom(false, false, false, false, false, false, true),
    danglingIndex: faithful ? fc.constant(false) : fc.constantFrom(false, false, false, false, false, false, false, true),
  }) as fc.Arbitrary<WorkspaceSpec>;
}

const questSpec = fc
  .record({ faithful: fc.boolean(), worktrees: fc.integer({ min: 0, max: 3 }), head: fc.boolean() })
  .chain(({ faithful, worktrees, head }) =>
    fc.record({
      faithful: fc.constant(faithful),
      // a plain file and a symlink to the quest root among .ds/worktrees/* (PR #60 dedupes by resolved path)
      oddEntries: faithful ? fc.constant(false) : fc.boolean(),
      workspaces: fc.array(workspaceSpec(faithful, worktrees), { minLength: worktrees + 1, maxLength: worktrees + 1 }),
      head: faithful || !head ? fc.constant(null) : workspaceSpec(false, worktrees),
      stateFault: faithful ? fc.constant<StateFault>('none') : fc.constantFrom<StateFault>('none', 'none', 'none', 'none', 'none', ...STATE_FAULTS),
    }),
  );

function recordText(id: string, kindDir: string, spec: FileSpec, wsRoot: string): Buffer {
  const rec: Record<string, unknown> = {};
  if (spec.kind !== undefined) rec.kind = spec.kind;
  if (spec.recordId === 'same') rec.artifact_id = id;
  else if (spec.recordId === 'other') rec.artifact_id = id.replace(/.$/, '9');
  else if (spec.recordId === 'numeric') rec.artifact_id = 7;
  rec.created_at = '2026-04-30T10:00:00+00:00';
  if (spec.updatedAt !== undefined) rec.updated_at = spec.updatedAt;
  if (spec.status !== undefined) rec.status = spec.status;
  if (spec.runKind !== undefined) rec.run_kind = spec.runKind;
  if (spec.action !== undefined) rec.action = spec.action;
  if (kindDir === 'decisions') rec.reviewed_run_ids = spec.reviewed;
  rec.workspace_root = wsRoot;
  if (spec.body === 'nan' || spec.body === 'not-utf8') rec.metric = '__X__';
  const text = JSON.stringify(rec, null, 2) + '\n';
  if (spec.body === 'torn') return Buffer.from(text.slice(0, text.length / 2));
  if (spec.body === 'list') return Buffer.from('[1, 2]\n');
  if (spec.body === 'nbsp') return Buffer.from('\u00a0' + text);
  if (spec.body === 'bom') return Buffer.from('\ufeff' + text);
  if (spec.body === 'nan') return Buffer.from(text.replace('"__X__"', 'NaN'));
  const [a, b] = text.split('__X__');
  return spec.body === 'not-utf8' ? Buffer.concat([Buffer.from(a), Buffer.from([0xff, 0xfe]), Buffer.from(b)]) : Buffer.from(text);
}

/** Writes the quest under a fresh home; returns the home. */
function materialize(spec: { workspaces: WorkspaceSpec[]; head: WorkspaceSpec | null; oddEntries: boolean; stateFault: StateFault }): { home: string; quest: string } {
  const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'distill-gateprop-')));
  const quest = path.join(home, 'quests', 'q');
  fs.mkdirSync(quest, { recursive: true });
  fs.writeFileSync(path.join(quest, 'quest.yaml'), `quest_id: q\nquest_root: ${quest}\nstartup_contract:\n  experience_distill: 'on'\n`);
  const roots = spec.workspaces.map((_, i) => (i === 0 ? quest : path.join(quest, '.ds', 'worktrees', `wt-${i - 1}`)));
  const all: [string, WorkspaceSpec][] = spec.workspaces.map((w, i) => [roots[i], w]);
  if (spec.head) {
    const head = path.join(quest, 'heads', 'h');
    all.push([head, spec.head]);
    fs.mkdirSync(path.join(quest, '.ds'), { recursive: true });
    fs.writeFileSync(path.join(quest, '.ds', 'research_state.json'), JSON.stringify({ research_head_worktree_root: head }));
  }
  const fileOf = (root: string, dir: string, id: string) => path.join(root, 'artifacts', dir, `${id}.json`);
  for (const [root, ws] of all) {
    for (const [dir, files] of [['runs', ws.runs], ['decisions', ws.decisions]] as const) {
      for (const [id, f] of Object.entries(files)) {
        if (!f) continue;
        fs.mkdirSync(path.join(root, 'artifacts', dir), { recursive: true });
        fs.writeFileSync(fileOf(root, dir, id), recordText(id, dir, f, root));
      }
    }
    const lines: string[] = [];
    for (const line of ws.lines) {
      const dir = line.id.startsWith('run-') ? 'runs' : 'decisions';
      const target =
        line.target === 'own' ? fileOf(root, dir, line.id)
        : line.target === 'root' ? fileOf(quest, dir, line.id)
        : line.target.startsWith('wt-') ? fileOf(path.join(quest, '.ds', 'worktrees', line.target), dir, line.id)
        : line.target === 'stale' ? fileOf(root.replace(home, '/nonexistent/old-home'), dir, line.id)
        : line.target === 'relative' ? path.join('artifacts', dir, `${line.id}.json`)
        : undefined;
      const entry: Record<string, unknown> = {};
      if (line.withId) entry.artifact_id = line.id;
      if (line.lineKind !== undefined) entry.kind = line.lineKind;
      entry.status = 'completed';
      entry.quest_id = 'q';
      if (target !== undefined) entry.path = target;
      entry.summary = line.quirk === 'u2028' ? 'a\u2028b' : line.quirk === 'x85' ? 'a\x85b' : 'fine';
      entry.updated_at = STAMPS[0];
      lines.push((line.quirk === 'nbsp' ? '\u00a0' : '') + JSON.stringify(entry));
    }
    if (ws.torn) lines.splice(Math.floor(lines.length / 2), 0, '{"artifact_id": "run-000');
    if (ws.nullLine) lines.push('null');
    fs.mkdirSync(path.join(root, 'artifacts'), { recursive: true });
    const index = path.join(root, 'artifacts', '_index.jsonl');
    if (ws.danglingIndex) fs.symlinkSync(path.join(root, 'artifacts', 'gone.jsonl'), index);
    else fs.writeFileSync(index, lines.map((l) => l + '\n').join(''));
  }
  breakState(path.join(quest, '.ds', 'research_state.json'), spec.stateFault);
  if (spec.oddEntries) {
    const wt = path.join(quest, '.ds', 'worktrees');
    fs.mkdirSync(wt, { recursive: true });
    fs.writeFileSync(path.join(wt, 'a-file'), 'not a worktree\n');
    fs.symlinkSync(quest, path.join(wt, 'zz-link'));
  }
  return { home, quest };
}

/** Replaces research_state.json (written or not) with what `fault` says; 'none' leaves it. */
function breakState(state: string, fault: StateFault): void {
  if (fault === 'none') return;
  const text = fs.existsSync(state) ? fs.readFileSync(state, 'utf8') : '{"research_head_worktree_root": null}';
  fs.mkdirSync(path.dirname(state), { recursive: true });
  fs.rmSync(state, { force: true });
  if (fault === 'torn') fs.writeFileSync(state, text.slice(0, Math.floor(text.length / 2)));
  else if (fault === 'list') fs.writeFileSync(state, `[${text}]`);
  else if (fault === 'dir') fs.mkdirSync(state);
  else if (fault === 'fifo') execFileSync('mkfifo', [state]);
  else fs.symlinkSync(`${state}.gone`, state);
}

/** Files distill must name as unreadable in this layout, whatever else it finds. */
function mustBeUnreadable(spec: { workspaces: WorkspaceSpec[]; head: WorkspaceSpec | null; stateFault: StateFault }, quest: string): string[] {
  const out = spec.stateFault === 'none' ? [] : [path.join(quest, '.ds', 'research_state.json')];
  spec.workspaces.forEach((ws, i) => {
    const root = i === 0 ? quest : path.join(quest, '.ds', 'worktrees', `wt-${i - 1}`);
    if (ws.danglingIndex) out.push(path.join(root, 'artifacts', '_index.jsonl'));
  });
  return out;
}

describe('distill gate against a model of PR #60', () => {
  it('never passes a quest PR #60 blocks; agrees exactly where both read the same files', async () => {
    let compared = 0;
    let blockedByPr60 = 0;
    let stricter = 0;
    let faithful = 0;
    let crashes = 0;
    let brokenFiles = 0;
    await fc.assert(
      fc.asyncProperty(questSpec, async (spec) => {
        const { home, quest } = materialize(spec);
        try {
          let expected: string[];
          try {
            expected = pr60PendingIds(quest);
          } catch (error) {
            if (!(error instanceof Pr60Crash)) throw error;
            // complete_quest fails outright: distill must not say closed either.
            const crashed = await run(['--home', home, 'gate', 'q', '--json']);
            expect(crashed.code).not.toBe(0);
            expect(JSON.parse(crashed.out).ok).toBe(false);
            crashes += 1;
            return;
          }
          const r = await run(['--home', home, 'gate', 'q', '--json']);
          const data = JSON.parse(r.out);
          const got: string[] = data.pending.map((p: { artifact_id: string }) => p.artifact_id);
          // A research state distill cannot read, or an index that is a symlink to nothing: never closed, the file named.
          const named = data.unreadable.map((u: { file: string }) => u.file);
          const mustName = mustBeUnreadable(spec, quest);
          for (const file of mustName) expect(named).toContain(file);
          if (mustName.length) brokenFiles += 1;
          // A file distill cannot read (a JSON list where a record should be, only in distill's extra copies here)
          // keeps it from saying closed: stricter, never more lenient.
          expect(r.code).toBe(data.unreadable.length ? 2 : got.length ? 1 : 0);
          expect(data.ok).toBe(got.length === 0 && data.unreadable.length === 0);
          if (spec.faithful) expect(data.unreadable).toEqual([]);
          for (const id of expected) expect(got).toContain(id);
          if (spec.faithful) expect([...got].sort()).toEqual([...expected].sort());
          compared += 1;
          if (expected.length) blockedByPr60 += 1;
          if (got.length > expected.length) stricter += 1;
          if (spec.faithful) faithful += 1;
        } finally {
          fs.rmSync(home, { recursive: true, force: true });
        }
      }),
      { numRuns: Number(process.env.GATE_PROP_RUNS ?? 400) }, // GATE_PROP_RUNS=4000 for a longer hunt
    );
    // The generator must reach both verdicts often, or the property says little.
    expect(compared).toBeGreaterThan(300);
    expect(blockedByPr60).toBeGreaterThan(50);
    expect(compared - blockedByPr60).toBeGreaterThan(50);
    expect(faithful).toBeGreaterThan(100);
    expect(crashes).toBeGreaterThan(5);
    expect(brokenFiles).toBeGreaterThan(20); // a broken research state or a dangling index, checked (not a crash)
    expect(stricter).toBeGreaterThan(10); // distill reads copies PR #60 misses (stale paths, own copies, the head)
  }, 180_000);
});
