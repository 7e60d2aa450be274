// End to end (issue 33): plain `distill` on a copy of fixtures/mine-home opens the home screen with its "Mined
// patterns" row; Enter opens the review of the patterns; `c` accepts the subword regularization pattern as a new card,
// `x` rejects the adapter tuning one; `W` `y` writes; back home the row counts two fewer. The card's lineage names
// every supporting run, `distill mine --json` proposes neither again, every quest's `distill gate` answer is what it
// was, `distill validate` passes and the card reads as PR #60's memory service reads it. Needs tmux and a build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mine } from '../../src/core/index.js';
import { parseCardText } from '../../src/core/format/frontmatter.js';
import { experienceProblems } from '../../src/core/review/invariants.js';
import { MAIN, skipReason, tmuxSession } from './tmux.js';

const session = `distill-e2e-mine-${process.pid}`;
let work = '';
let home = '';
const { tmux, waitFor, keys, kill, screen } = tmuxSession(session, { waitMs: 15000 });
const SR = 'pattern-8cca5911f721';
const AD = 'pattern-864fcb1d1ce1';

function cli(...args: string[]) {
  return spawnSync(process.execPath, [MAIN, '--home', home, ...args], { encoding: 'utf8', env: { ...process.env, DISTILL_CACHE_DIR: path.join(work, 'cache') } });
}

function gates(): string[] {
  const quests = fs.readdirSync(path.join(home, 'quests')).sort();
  return [...quests.map((q) => cli('gate', q, '--json')), cli('gate', '--all', '--json')].map((r) => `${r.status} ${r.stdout}`);
}

describe.skipIf(Boolean(skipReason))('mined patterns reviewed in a real terminal', () => {
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-mine-'));
    home = path.join(work, 'home');
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'mine-home'), home, { recursive: true });
    const script = path.join(work, 'run.sh');
    fs.writeFileSync(
      script,
      `cd '${work}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e DISTILL_CACHE_DIR='${path.join(work, 'cache')}'\n` +
        `node '${MAIN}' --home '${home}'\necho "__EXIT $?"\nsleep 30\n`,
    );
  });
  afterAll(() => {
    kill();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('home → Mined patterns → new one, reject another → write → neither proposed, gates unchanged, validate passes', async () => {
    const before = gates();
    const evidence = mine(home).patterns.find((p) => p.id === SR)!.evidence.map((e) => `${e.questId}/${e.artifactId}`).sort();
    tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '36', `sh '${path.join(work, 'run.sh')}'`);
    await waitFor(/! mined\s+4 patterns\s+Mined patterns/);
    for (let i = 0; i < 12 && !/› ! mined/.test(screen()); i++) await keys('j');
    await waitFor(/› ! mined/);
    await keys('Enter');
    await waitFor('distill review · mined patterns');
    await waitFor('mechanism_family 0/3 decided');
    await keys('j', 'Enter');
    await waitFor(/› {2}Subword regularization ideas beat/);
    await waitFor('Evidence: 5 wins, 1 loss, 1 not comparable');
    await keys('c', 'Enter');
    await waitFor('staged: 1 (1 new)');
    // A decision moves the cursor on to the next undecided pattern.
    await waitFor(/› {2}Adapter tuning ideas do not beat/);
    await keys('x');
    for (const ch of 'adapters were tuned badly') await keys(ch);
    await keys('Enter');
    await waitFor('staged: 2 (1 new, 1 reject)');
    await keys('W');
    await waitFor(/create\s+memory\/knowledge\//);
    await keys('y');
    // No quest, so no distill_review decision: the record is named for the undo.
    await waitFor(/wrote \d+ file\(s\), no distill_review decision \(undo: distill revert decision-[0-9a-f]{8}\)/);
    await keys('q');
    await waitFor(/mined\s+2 patterns/);
    await keys('q');
    await waitFor('__EXIT 0');

    // The card: lineage naming every supporting run; what PR #60's validate_experience_metadata asks for.
    const index = fs.readFileSync(path.join(home, 'memory', 'knowledge', '_index.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const written = index.find((l) => l.title === 'Subword regularization ideas beat the baseline');
    expect(written).toBeDefined();
    const card = parseCardText(fs.readFileSync(written.path, 'utf8'));
    expect(card.error).toBeFalsy();
    expect((card.meta.lineage as { quest: string; run: string }[]).map((l) => `${l.quest}/${l.run}`).sort()).toEqual(evidence);
    expect(experienceProblems(card.meta)).toEqual([]);
    const mined = JSON.parse(cli('mine', '--json').stdout);
    const ids = mined.patterns.map((p: { id: string }) => p.id);
    expect(ids).not.toContain(SR);
    expect(ids).not.toContain(AD);
    expect(gates()).toEqual(before);
    const validate = cli('validate');
    expect(validate.status).toBe(0);
  });
});
