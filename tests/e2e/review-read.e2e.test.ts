// End to end (issue 17): in a real terminal (tmux, 80x24), read a 40-line draft to its last line, compare it with a
// neighbor side by side, filter the drafts, reload after a draft file changes on disk, and write. Needs tmux and a
// build (npm test builds dist/ first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';
if (skipReason) console.warn(`review-read e2e skipped: ${skipReason}`);

const session = `distill-e2e-read-${process.pid}`;
let home = '';
const { tmux, screen, waitFor, keys, kill } = tmuxSession(session);
const DRAFT = path.join('drafts', 'experiences', '001', 'main-001__bottleneck-vs-rank.md');

function makeWritable(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) makeWritable(f);
    else fs.chmodSync(f, 0o644);
  }
}

function countCards(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += countCards(path.join(dir, e.name));
    else if (e.name.endsWith('.md')) n += 1;
  }
  return n;
}

describe.skipIf(Boolean(skipReason))('reading, comparing, filtering, reloading in a real terminal', () => {
  beforeAll(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-read-'));
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'demo-home'), home, { recursive: true });
    makeWritable(home);
    const file = path.join(home, DRAFT);
    const lines = Array.from({ length: 40 }, (_, i) => `evidence line ${String(i + 1).padStart(2, '0')} of the long draft`);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').trimEnd() + '\n' + lines.join('\n') + '\n');
    const script = path.join(home, '..', `${path.basename(home)}.sh`);
    fs.writeFileSync(
      script,
      `cd '${home}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e\nnode '${MAIN}' --home '${home}' review 001\necho "__EXIT $?"\nsleep 30\n`,
    );
    tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  test('read to the last line, side by side, filter, reload on a change on disk, write', async () => {
    const cardsBefore = countCards(path.join(home, 'memory'));
    await waitFor('Runs 0/1 covered');
    // Into the drafts (Enter), the long draft is the first: the preview says what is below; PgDn reads to the end.
    await keys('Enter');
    await waitFor(/… \d+ more lines/);
    expect(screen()).not.toContain('evidence line 40');
    for (let i = 0; i < 12 && !screen().includes('evidence line 40'); i++) await keys('\x1b[6~');
    let s = await waitFor('evidence line 40 of the long draft');
    expect(s).not.toMatch(/… \d+ more lines/);
    // Side by side with the top neighbor.
    await keys('Enter');
    s = await waitFor('⇄ neighbor');
    // Why it matched on top, then the bodies side by side (the fields follow below the fold at 80x24).
    expect(s).toMatch(/^why: score \d\.\d\d · matched on /m);
    expect(s).toMatch(/^≠ .+│ /m);
    // Back to the drafts and filter them.
    await keys('Escape');
    await waitFor('▸ Drafts');
    await keys('/', 'w', 'a', 'r', 'm', 'u', 'p', 'Enter');
    s = await waitFor(/\/warmup \d\/5/);
    expect(s).not.toContain('LoRA rank 8 matches');
    await keys('Escape');
    await waitFor('filter cleared');
    // Another agent adds a draft: the screen reloads by itself, staged decisions kept.
    await keys('c', 'Enter');
    await waitFor('[new] ');
    const added = path.join(home, 'drafts', 'experiences', '001', 'main-001__added-later.md');
    const original = fs.readFileSync(path.join(home, DRAFT), 'utf8');
    fs.writeFileSync(added, original.replace(/^title: .*$/m, 'title: Added while the review was open').replace(/^claim: .*$/m, 'claim: A lesson written by another agent.'));
    s = await waitFor('(5)', 10000);
    expect(s).toContain('staged: 1');
    // Write: W shows the plan, y writes.
    await keys('W');
    await waitFor('Write the review?');
    await keys('y');
    await waitFor(/wrote \d+ file\(s\)/, 15000);
    await keys('q');
    await waitFor('__EXIT 0');
    // The staged new card was written into the global store (the other drafts stay undecided, the run uncovered).
    expect(countCards(path.join(home, 'memory'))).toBe(cardsBefore + 1);
  });
});
