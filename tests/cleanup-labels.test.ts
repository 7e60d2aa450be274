// Issue 35, labels that match what happened in the lesson cleanup: `distill restore` of an earlier cleanup whose card a
// later cleanup changed names that later cleanup and says to restore it first (exit 2, one line, nothing written);
// restoring the later one first, then the earlier, gives the bytes back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planArchive } from '../src/core/cleanup/archive.js';
import { planEdit } from '../src/core/cleanup/edit.js';
import { executeCleanup } from '../src/core/cleanup/plan.js';
import { planRestore } from '../src/core/cleanup/restore.js';
import { UserError } from '../src/core/errors.js';
import { copyFixture, run, snapshot, tempDirs } from './helpers/home.js';

const NOW = '2026-06-01T10:00:00+00:00';
const opts = { reviewer: 'alice', now: NOW };
const W1 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters';
const temps = tempDirs();

function setup() {
  const home = copyFixture('dup-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  temps.push(path.dirname(home), cache);
  const env = { HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: NOW, DISTILL_CACHE_DIR: cache };
  return { home, env, card: path.join(home, 'memory', 'knowledge', `${W1}.md`) };
}

describe('restore of a cleanup a later cleanup built on', () => {
  it.each(['edit', 'archive'] as const)('a later %s: the restore names it and says to restore it first; nothing written', async (later) => {
    const { home, env, card } = setup();
    const original = fs.readFileSync(card, 'utf8');
    const first = await executeCleanup(planEdit(home, card, original.replace(/\n$/, '\n\nFirst revision.\n'), opts)!);
    expect(first.status).toBe('written');
    const edited = fs.readFileSync(card, 'utf8');
    const second = await executeCleanup(
      later === 'edit' ? planEdit(home, card, edited.replace(/\n$/, '\n\nSecond revision.\n'), opts)! : planArchive(home, [card], opts),
    );
    expect(second.status).toBe('written');
    const before = snapshot(home);
    const r = await run(['--home', home, 'restore', first.actionId], { env });
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      `distill: ${first.actionId}: card knowledge-${r.err.match(/card knowledge-([0-9a-f]+)/)?.[1]} was changed since by ${second.actionId} (${later}); restore that first: distill restore ${second.actionId}\n`,
    );
    expect(snapshot(home)).toEqual(before);
    // The way on works: the later one first, then the earlier; the card is as it was.
    expect((await run(['--home', home, 'restore', second.actionId], { env })).code).toBe(0);
    expect((await run(['--home', home, 'restore', first.actionId], { env })).code).toBe(0);
    expect(fs.readFileSync(card, 'utf8')).toBe(original);
  });

  it('a later edit landing after the restore was planned, before it took the write lock: planned again there, it names it', async () => {
    const { home, card } = setup();
    const original = fs.readFileSync(card, 'utf8');
    const first = await executeCleanup(planEdit(home, card, original.replace(/\n$/, '\n\nFirst revision.\n'), opts)!);
    // `distill restore <first>` plans (as restore.ts does), then another distill edits the card before the lock.
    const restore = { ...opts, reviewer: 'bob' };
    const planned = planRestore(home, first.actionId, restore);
    const edited = fs.readFileSync(card, 'utf8');
    const second = await executeCleanup(planEdit(home, card, edited.replace(/\n$/, '\n\nSecond revision.\n'), opts)!);
    const before = snapshot(home);
    const refused = await executeCleanup(planned, { replan: () => planRestore(home, first.actionId, restore) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as Error).message).toMatch(
      new RegExp(`^${first.actionId}: card knowledge-[0-9a-f]+ was changed since by ${second.actionId} \\(edit\\); restore that first: distill restore ${second.actionId}$`),
    );
    expect(snapshot(home)).toEqual(before);
  });
});
