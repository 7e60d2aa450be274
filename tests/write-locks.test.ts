// Locks: a holder that died or whose pid was reused by a later process is no holder; a live holder is named (pid and
// age) after a second of waiting, and a wait that runs out is one line, exit 75.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { lockNotices, withIndexLock, withWriteLock } from '../src/core/journal/lock.js';
import { clearDeadLocks } from '../src/core/journal/lock-state.js';
import { D, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const realNotices = { ...lockNotices };
afterEach(() => Object.assign(lockNotices, realNotices));

function lockFile(home: string, name: string, holder: Record<string, unknown>): string {
  const dir = path.join(home, '.distill/locks');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify({ host: os.hostname(), ...holder }));
  return file;
}

describe('locks', () => {
  it('a write lock whose pid is alive but started after the lock was taken (a reused pid) is stale: no wait', async () => {
    const home = makeHome();
    lockFile(home, 'write.lock', { pid: process.pid, at: Date.now() - 24 * 3600_000 });
    const t0 = Date.now();
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.lora, decision: 'reject', reason: 'x' }]), '--yes']);
    expect(r.code, r.err).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('a lock of a dead process (killed during an append) is taken over at once', async () => {
    const home = makeHome();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const log = path.join(home, 'memory/knowledge/_index.jsonl');
    const crypto = await import('node:crypto');
    const key = crypto.createHash('sha1').update(path.resolve(log)).digest('hex').slice(0, 16);
    lockFile(home, `${key}.lock`, { pid: dead, at: Date.now() });
    const t0 = Date.now();
    expect(await withIndexLock(home, log, () => 'done')).toBe('done');
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('a live holder is named with its pid and age after a second, and a wait that runs out is one line, exit 75', async () => {
    const home = makeHome();
    const file = lockFile(home, 'write.lock', { pid: process.pid, at: Date.now() });
    const said: string[] = [];
    lockNotices.write = (line) => void said.push(line);
    const error = await withWriteLock(home, () => 'never', 1500).catch((e) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(75);
    expect((error as Error).message).toMatch(new RegExp(`write\\.lock: the home write lock is held by pid ${process.pid} for \\d+s`));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(new RegExp(`^distill: waiting for the home write lock \\(${file}\\), held by pid ${process.pid} for [1-3]s\\n$`));
  });
});

describe('a lock file no distill holds in that form is said at once, with how to clear it; distill recover clears it', () => {
  const decisions = (home: string) => writeDecisions(path.dirname(home), [{ draft: D.lora, decision: 'reject', reason: 'x' }]);
  const write = (home: string) => runInProcess(['--home', home, 'apply', '001', decisions(home), '--yes']);
  const lockPath = (home: string) => path.join(home, '.distill/locks/write.lock');
  const rawLock = (home: string, text: string) => {
    fs.mkdirSync(path.dirname(lockPath(home)), { recursive: true });
    fs.writeFileSync(lockPath(home), text);
  };
  const me = { pid: process.pid, host: os.hostname(), at: Date.now() };
  const damaged: [string, unknown, string][] = [
    ['no time it was taken', { pid: me.pid, host: me.host }, 'no time it was taken ("at")'],
    ['the pid as a string', { ...me, pid: String(me.pid) }, `pid "${me.pid}" is not a process id`],
    ['a list', [me.pid, me.host], "holds a list, not a lock's {pid, host, at}"],
    ['pid 0', { ...me, pid: 0 }, 'pid 0 is not a process id'],
    ['pid -1 (kill(-1) "answers" for every process)', { ...me, pid: -1 }, 'pid -1 is not a process id'],
    ['no host', { pid: me.pid, at: me.at }, 'no host'],
  ];
  for (const [name, content, problem] of damaged) {
    it(`${name}: exit 2 at once naming the problem, nothing written; recover clears it and the write goes through`, async () => {
      const home = makeHome();
      rawLock(home, JSON.stringify(content));
      const before = snapshot(home);
      const t0 = Date.now();
      const r = await write(home);
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(r.err).toBe(`distill: ${lockPath(home)}: not a lock distill can read (${problem}); if no distill is writing in this home, clear it with distill recover\n`);
      expect(r.code).toBe(2);
      expect(diffSnapshots(before, snapshot(home))).toEqual([]);

      const recover = await runInProcess(['--home', home, 'recover']);
      expect(recover.err).toBe('');
      expect(recover.out).toBe(`cleared ${lockPath(home)} (${problem})\n`);
      expect(recover.code).toBe(0);
      expect(fs.existsSync(lockPath(home))).toBe(false);
      expect((await write(home)).code).toBe(0);
    });
  }

  it('a directory where write.lock goes: exit 2 at once (it was an internal error, exit 70); recover removes it when empty', async () => {
    const home = makeHome();
    fs.mkdirSync(lockPath(home), { recursive: true });
    const r = await write(home);
    expect(r.err).toBe(`distill: ${lockPath(home)}: not a lock distill can read (a directory where the lock file goes); if no distill is writing in this home, clear it with distill recover\n`);
    expect(r.code).toBe(2);
    fs.writeFileSync(path.join(lockPath(home), 'keep.txt'), 'mine\n');
    const full = await runInProcess(['--home', home, 'recover']);
    expect(full.err).toBe(`distill: ${lockPath(home)}: a directory where the lock file goes with files in it; distill does not remove it: move it away by hand\n`);
    expect(full.code).toBe(2);
    expect(fs.readFileSync(path.join(lockPath(home), 'keep.txt'), 'utf8')).toBe('mine\n');
    fs.rmSync(path.join(lockPath(home), 'keep.txt'));
    const recover = await runInProcess(['--home', home, 'recover']);
    expect(recover.out).toBe(`cleared ${lockPath(home)} (a directory where the lock file goes)\n`);
    expect((await write(home)).code).toBe(0);
  });

  it("another host's lock taken an hour ago: exit 75 at once, naming the host; recover clears it", async () => {
    const home = makeHome();
    rawLock(home, JSON.stringify({ pid: 4242, host: 'elsewhere.example', at: Date.now() - 3600_000, token: 'x' }));
    const t0 = Date.now();
    const r = await write(home);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.err).toMatch(/^distill: .*write\.lock: the home write lock is held by pid 4242 on host elsewhere\.example for 3600s; distill cannot tell from here whether it still runs: if no distill is writing in this home, clear it with distill recover\n$/);
    expect(r.code).toBe(75);
    const recover = await runInProcess(['--home', home, 'recover']);
    expect(recover.out).toBe(`cleared ${lockPath(home)} (taken by pid 4242 on host elsewhere.example 3600s ago)\n`);
    expect((await write(home)).code).toBe(0);
  });

  it("another host's fresh lock is waited for (the notice names the host), and recover leaves it", async () => {
    const home = makeHome();
    rawLock(home, JSON.stringify({ pid: 4242, host: 'elsewhere.example', at: Date.now() }));
    const said: string[] = [];
    lockNotices.write = (line) => void said.push(line);
    const error = await withWriteLock(home, () => 'never', 1500).catch((e) => e);
    expect((error as UserError).exitCode).toBe(75);
    expect(said[0]).toMatch(/held by pid 4242 on host elsewhere\.example for [1-3]s\n$/);
    expect(clearDeadLocks(home)).toEqual([]);
    expect(fs.existsSync(lockPath(home))).toBe(true);
  });

  it('recover never clears a lock held by a live process on this host, and clears a dead one', async () => {
    const home = makeHome();
    rawLock(home, JSON.stringify({ pid: process.pid, host: os.hostname(), at: Date.now(), token: 'live' }));
    expect(clearDeadLocks(home)).toEqual([]);
    expect(fs.readFileSync(lockPath(home), 'utf8')).toContain('"live"');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    rawLock(home, JSON.stringify({ pid: dead, host: os.hostname(), at: Date.now() }));
    expect(clearDeadLocks(home)).toEqual([{ file: lockPath(home), why: `pid ${dead} no longer runs the distill that took it` }]);
  });
});
