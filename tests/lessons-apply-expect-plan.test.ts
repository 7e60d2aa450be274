// `distill lessons apply` dry run prints its plan's digest; `--yes --expect-plan <digest>` writes only that plan: a
// card an action touches that changed between the two processes makes it exit 3, one line, nothing written (without
// --expect-plan, --yes plans from the card's new bytes). The digest leaves the time out: a later --yes matches.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, run, snapshot, tempDirs } from './helpers/home.js';

const dirs = tempDirs();
const env = { HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: '2026-06-01T10:00:00+00:00' };
const CARD = 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2.md'; // knowledge-3f2a9c11

function setUp(): { home: string; file: string } {
  const home = copyFixture('dup-home');
  dirs.push(path.dirname(home));
  const file = path.join(path.dirname(home), 'actions.jsonl');
  fs.writeFileSync(file, JSON.stringify({ action: 'merge', cards: ['knowledge-05abb9e0', 'knowledge-3f2a9c11'], why: 'same lesson' }) + '\n');
  return { home, file };
}

const apply = (home: string, file: string, flags: string[], extra: Record<string, string> = {}) =>
  run(['--home', home, 'lessons', 'apply', file, ...flags], { env: { ...env, ...extra }, cwd: path.dirname(home) });

async function dryDigest(home: string, file: string): Promise<string> {
  const dry = await apply(home, file, []);
  expect(dry.code).toBe(0);
  const digest = /^Plan digest ([0-9a-f]{16}): --yes --expect-plan \1 writes this plan and nothing else\.$/m.exec(dry.out)?.[1];
  expect(digest).toBeDefined();
  return digest!;
}

describe('lessons apply --expect-plan', () => {
  it('a card changed after the dry run: exit 3, one line, nothing written; the new dry run digest writes, at another time', async () => {
    const { home, file } = setUp();
    const digest = await dryDigest(home, file);
    const card = path.join(home, 'memory', 'knowledge', CARD);
    fs.writeFileSync(card, fs.readFileSync(card, 'utf8') + '\nPatched by another run meanwhile.\n');
    const before = snapshot(home);
    const r = await apply(home, file, ['--yes', '--expect-plan', digest]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(new RegExp(`^distill: the plan changed since the dry run \\(a card an action touches changed, or was archived or edited: plan [0-9a-f]{16}, expected ${digest}\\); nothing written \\(run the dry run again\\)\\n$`));
    expect(snapshot(home)).toEqual(before);
    const again = await dryDigest(home, file);
    expect(again).not.toBe(digest);
    const w = await apply(home, file, ['--yes', '--expect-plan', again], { DISTILL_NOW: '2026-06-01T11:30:00+00:00' });
    expect(w.err).toBe('');
    expect(w.code).toBe(0);
    expect(w.out).toMatch(/^line 1: cleanup-[0-9a-f]{8}: /m);
  });

  it('a digest that is none, or --expect-plan without --yes: exit 2, nothing written', async () => {
    const { home, file } = setUp();
    const before = snapshot(home);
    const bad = await apply(home, file, ['--yes', '--expect-plan', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^distill: --expect-plan nope: not a plan digest \(a dry run prints one, like [0-9a-f]{16}\)\n$/);
    const dry = await apply(home, file, ['--expect-plan', 'nope']);
    expect(dry.code).toBe(2);
    expect(dry.err).toBe('distill: --expect-plan goes with --yes (a dry run prints the digest)\n');
    expect(snapshot(home)).toEqual(before);
  });
});
