// End to end: `e` in the review with a real $EDITOR (a script) in tmux. The first edit breaks the YAML and is refused
// with the error; `e` reopens the copy with the error noted on top; the fix is staged, shown as edited, lets the TODO
// draft become a card; the draft file itself is never written, and Discard at quit leaves nothing behind.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';

const session = `distill-e2e-edit-${process.pid}`;
let home = '';
let work = '';
const { tmux, waitFor, keys, kill } = tmuxSession(session);

describe.skipIf(Boolean(skipReason))('edit in a real terminal', () => {
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-edit-'));
    home = path.join(work, 'home');
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'demo-home'), home, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', home]);
    const editor = path.join(work, 'editor.sh');
    // Run 1 breaks the title; run 2 records what it was shown, then fixes the title and fills the claim.
    fs.writeFileSync(
      editor,
      [
        'f="$1"; c="$(dirname "$0")/count"; n=$(($(cat "$c" 2>/dev/null || echo 0) + 1)); echo $n > "$c"',
        'if [ $n = 1 ]; then sed -i "s/^title: /title: [/" "$f"',
        `else cp "$f" "$(dirname "$0")/seen-$n"; sed -i -e "s/^title: \\[/title: /" -e "s/^claim: TODO/claim: One seed cannot carry a 0.021 F1 gain on CoNLL-1k./" "$f"; fi`,
        '',
      ].join('\n'),
    );
    const script = path.join(work, 'run.sh');
    fs.writeFileSync(
      script,
      `cd '${home}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e EDITOR="sh '${editor}'"\nnode '${MAIN}' --home '${home}' review 001\necho "__EXIT $?"\nsleep 30\n`,
    );
    tmux('new-session', '-d', '-s', session, '-x', '140', '-y', '45', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('refused, reopened with the error, fixed and staged; the draft file untouched; Discard leaves nothing', async () => {
    const draft = path.join(home, 'drafts', 'experiences', '001', 'main-001__seed-noise.md');
    const original = fs.readFileSync(draft, 'utf8');
    await waitFor('Runs 0/1 covered');
    await keys('l', 'j', 'j');
    await waitFor(/›\s+!needs edit Single-seed gain of 0\.021 F1/);
    await keys('e');
    await waitFor('Edit refused');
    await waitFor('frontmatter is not valid YAML');
    expect(fs.readFileSync(draft, 'utf8')).toBe(original);
    await keys('e');
    await waitFor('Draft draft:001/main-001__seed-noise (edited: staged, file unchanged)');
    const seen = fs.readFileSync(path.join(work, 'seen-2'), 'utf8');
    expect(seen).toMatch(/^---\n# distill: this edit was refused: the frontmatter is not valid YAML/);
    expect(seen).toContain('title: [Single-seed');
    await waitFor('staged: none, 1 edit(s)');
    await keys('c');
    await waitFor('reason (Enter to skip');
    await keys('Enter');
    await waitFor('[new] Single-seed gain of 0.021');
    const staging = JSON.parse(fs.readFileSync(path.join(home, 'quests', '001', '.ds', 'distill', 'staging.json'), 'utf8'));
    const decided = staging.staged.find((s: { draftId: string }) => s.draftId.endsWith('seed-noise'));
    expect(decided.overrides.text).toContain('claim: One seed cannot carry a 0.021 F1 gain on CoNLL-1k.');
    expect(decided.overrides.text).not.toContain('# distill:');
    expect(fs.readFileSync(draft, 'utf8')).toBe(original);
    await keys('q');
    await waitFor('Write, Discard or Cancel');
    await keys('d');
    await waitFor('__EXIT 0');
    expect(fs.readFileSync(draft, 'utf8')).toBe(original);
    expect(fs.existsSync(path.join(home, 'quests', '001', '.ds', 'distill', 'staging.json'))).toBe(false);
  });
});
