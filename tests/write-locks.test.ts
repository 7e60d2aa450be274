// Locks: a holder that died or whose pid was reused by a later process is no holder; a live holder is named (pid and
// age) after a second of waiting, and a wait that runs out is one line, exit 75.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { lockNotices, withIndexLock, withWriteLock } from '../src/core/journal/lock.js';
import { D, makeHome, runInProcess, writeDecisions } from './helpers/write-home.js';

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
