// End to end (issue 14): plain `distill` outside a quest on a copy of the DeepScientist sample home (no PR #60
// drafts) opens the home screen; Enter opens quest 001; `a` writes a lesson for run-a400216f with a scripted
// $EDITOR; `c` decides new, `W` `y` writes; `q` comes back to the home screen, which shows the run covered; `q`
// quits and the shell gets the undo line. The draft, the card and the review are on disk and `distill gate 001`
// exits 0. Needs tmux and a build (npm test builds dist/ first).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';

const session = `distill-e2e-home-${process.pid}`;
let work = '';
let home = '';
const { tmux, waitFor, keys, kill } = tmuxSession(session, { waitMs: 15000 });
const CLAIM = 'Warmup on the adapter run halves the loss spikes because early steps see small gradients.';

describe.skipIf(Boolean(skipReason))('the home screen in a real terminal', () => {
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-home-'));
    home = path.join(work, 'home');
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'ds-sample'), home, { recursive: true });
    const editor = path.join(work, 'editor.mjs');
    fs.writeFileSync(
      editor,
      `import fs from 'node:fs';\nconst f = process.argv[2];\nconst t = fs.readFileSync(f, 'utf8');\n` +
        `fs.writeFileSync(f, t.replace(/^claim: .*$/m, ${JSON.stringify(`claim: ${CLAIM}`)}));\n`,
    );
    const script = path.join(work, 'run.sh');
    fs.writeFileSync(
      script,
      `cd '${work}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e DISTILL_CACHE_DIR='${path.join(work, 'cache')}' EDITOR="node '${editor}'"\n` +
        `node '${MAIN}' --home '${home}'\necho "__EXIT $?"\nsleep 30\n`,
    );
    tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '32', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('home → quest 001 → author a lesson → new → write → back home, covered', async () => {
    await waitFor(/› ! 001\s+0\/1 runs/);
    await keys('Enter');
    await waitFor('Runs 0/1 covered');
    await waitFor('Drafts of run-a400216f (0) · 1 note');
    await keys('a');
    await waitFor('wrote draft idea-7a9ceaa1__main-001.md in ');
    const draftFile = path.join(home, 'drafts', 'experiences', '001', 'idea-7a9ceaa1__main-001.md');
    const draft = fs.readFileSync(draftFile, 'utf8');
    expect(draft).toContain(`claim: ${CLAIM}`);
    expect(draft).toMatch(/lineage:\n- quest: '001'\n {2}run: run-a400216f\n {2}direction: idea-7a9ceaa1/);
    expect(draft).toContain('## Result');
    await keys('c', 'Enter');
    await waitFor('staged: 1 (1 new)');
    await keys('W');
    await waitFor('run-a400216f will count as covered');
    await keys('y');
    await waitFor(/wrote \d+ file\(s\), review decision-[0-9a-f]{8}/);
    await keys('q');
    await waitFor(/› . 001\s+1\/1 runs/);
    await waitFor('every candidate run is covered (1)');
    const back = await waitFor(/wrote review decision-[0-9a-f]{8} \(1 card\); undo with: distill revert decision-/);
    const reviewId = /wrote review (decision-[0-9a-f]{8})/.exec(back)![1];
    await keys('q');
    const shell = await waitFor('__EXIT 0');
    expect(shell).toContain(`undo with: distill revert ${reviewId}`);

    const cards = fs.readdirSync(path.join(home, 'memory', 'knowledge')).filter((f) => f.startsWith('warmup-on-the-adapter-run'));
    expect(cards).toHaveLength(1);
    expect(fs.readFileSync(path.join(home, 'memory', 'knowledge', cards[0]), 'utf8')).toContain('run: run-a400216f');
    const gate = spawnSync(process.execPath, [MAIN, '--home', home, 'gate', '001'], { encoding: 'utf8', env: { ...process.env, DISTILL_CACHE_DIR: path.join(work, 'cache') } });
    expect(gate.status).toBe(0);
    const validate = spawnSync(process.execPath, [MAIN, '--home', home, 'validate'], { encoding: 'utf8', env: { ...process.env, DISTILL_CACHE_DIR: path.join(work, 'cache') } });
    expect(validate.status).toBe(0);
  });
});
