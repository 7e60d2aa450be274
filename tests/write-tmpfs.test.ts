// A real full disk: the home on a small tmpfs, filled to leave 0..40+ pages free, then `apply --yes`. Every run ends
// with the home as before (one line, exit 74) or as after; once space is freed, apply again writes it whole. And a
// read-only file system: every write is one line naming it, exit 74, nothing written.
// Needs root and a kernel that lets this process mount tmpfs; skipped with a message where it cannot.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CARD, D, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const mnt = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-tmpfs-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mnt], { encoding: 'utf8' }).status === 0;
if (!mounted) console.warn(`write-tmpfs: skipped, cannot mount a tmpfs at ${mnt} (needs root outside a restricted container)`);
afterAll(() => {
  if (mounted) spawnSync('umount', [mnt]);
});

const rows = [
  { draft: D.lora, decision: 'new', reason: 'a new lesson', neighbors: [{ card_id: CARD.adapter, decision: 'new', reason: 'other knob' }] },
  { draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same mechanism' },
];

describe.skipIf(!mounted)('apply on a full tmpfs', () => {
  for (const check of [true, false]) it(`ends before or after at every free-space level, and completes once space is freed${check ? '' : ' (no up-front space check: ENOSPC mid-write)'}`, async () => {
    if (check) delete process.env.DISTILL_SKIP_SPACE_CHECK;
    else process.env.DISTILL_SKIP_SPACE_CHECK = '1';
    const pristine = makeHome();
    const decisions = writeDecisions(path.dirname(pristine), rows);
    const home = path.join(mnt, 'home');
    const filler = path.join(mnt, 'filler');
    const reset = () => {
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(filler, { force: true });
      fs.cpSync(pristine, home, { recursive: true });
    };
    const apply = () => runInProcess(['--home', home, 'apply', '001', decisions, '--yes']);
    reset();
    const before = snapshot(home);
    expect((await apply()).code).toBe(0);
    const after = snapshot(home);
    const page = 4096;
    const outcomes = { before: 0, after: 0 };
    for (let pages = 0; pages <= 34; pages++) {
      reset();
      const stat = fs.statfsSync(mnt);
      const free = Number(stat.bavail) * Number(stat.bsize);
      fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free - pages * page)));
      const r = await apply();
      if (r.code === 0) {
        outcomes.after += 1;
        expect(diffSnapshots(after, snapshot(home)), `${pages} pages free`).toEqual([]);
        continue;
      }
      outcomes.before += 1;
      expect(r.code, `${pages} pages free: ${r.err}`).toBe(74);
      expect(r.err.trim().split('\n'), r.err).toHaveLength(1);
      expect(r.err).toMatch(/^distill: \/.*: no space left on the device.*; nothing written/);
      expect(diffSnapshots(before, snapshot(home)), `${pages} pages free`).toEqual([]);
      fs.rmSync(filler);
      const again = await apply();
      expect(again.code, again.err).toBe(0);
      expect(diffSnapshots(after, snapshot(home)), `again after ${pages} pages free`).toEqual([]);
    }
    delete process.env.DISTILL_SKIP_SPACE_CHECK;
    expect(outcomes.before).toBeGreaterThan(0);
    expect(outcomes.after).toBeGreaterThan(0);
  }, 60000);
});

describe.skipIf(!mounted)('a home on a read-only file system', () => {
  it('with no .distill/ yet: apply, revert, recover --discard and draft exit 74 with one line naming the read-only file system, nothing written', async () => {
    const ro = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-rofs-'));
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', ro]).status).toBe(0);
    try {
      const home = makeHome(path.join(ro, 'home'));
      fs.rmSync(path.join(home, '.distill'), { recursive: true, force: true });
      const decisions = writeDecisions(os.tmpdir(), rows);
      expect(spawnSync('mount', ['-o', 'remount,ro', ro]).status).toBe(0);
      const before = snapshot(home);
      for (const args of [['apply', '001', decisions, '--yes'], ['revert', 'decision-00000000'], ['recover', '--discard', 'decision-00000000']]) {
        const r = await runInProcess(['--home', home, ...args]);
        expect([r.code, r.err], args.join(' ')).toEqual([74, `distill: ${path.join(home, '.distill')}: read-only file system; nothing written\n`]);
      }
      // distill draft too: the system refused the write (exit 74), not a usage error (exit 2).
      const draft = await runInProcess(['--home', home, 'draft', '001', '--run', 'main-001', '--claim', 'A claim of one sentence.']);
      expect(draft.code, draft.err).toBe(74);
      expect(draft.err).toMatch(new RegExp(`^distill: ${path.join(home, 'drafts/experiences/001/')}[^ ]+\\.md: read-only file system \\(needed \\d+ bytes\\); nothing written\n$`));
      expect(snapshot(home)).toEqual(before);
    } finally {
      spawnSync('umount', [ro]);
      fs.rmSync(ro, { recursive: true, force: true });
    }
  });
});
