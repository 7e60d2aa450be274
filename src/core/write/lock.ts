// Two locks. `withIndexLock` (proper-lockfile) serialises appends to one append-only log between distill processes.
// `withWriteLock` serialises whole writes (a plan, a revert, a recovery) in one home, so conflict checks and the
// journal are never raced by another distill. It records the holder's pid: a holder killed mid-write (the crash
// tests do exactly that) leaves a lock that the next run can see is dead and take over at once, where a
// mtime-based lock would make it wait out a stale timeout.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { UserError } from '../errors.js';
import { stateDir } from '../paths.js';

function locksDir(home: string): string {
  return path.join(stateDir(home), 'locks');
}

/** Lock directories live in `<home>/.distill/locks`, never next to the logs in `memory/` or `artifacts/`. */
export async function withIndexLock<T>(home: string, file: string, fn: () => T | Promise<T>): Promise<T> {
  const dir = locksDir(home);
  fs.mkdirSync(dir, { recursive: true });
  const key = crypto.createHash('sha1').update(path.resolve(file)).digest('hex').slice(0, 16);
  const release = await lockfile.lock(file, {
    realpath: false,
    lockfilePath: path.join(dir, `${key}.lock`),
    stale: 10000,
    retries: { retries: 200, factor: 1.2, minTimeout: 10, maxTimeout: 200 },
  });
  try {
    return await fn();
  } finally {
    await release();
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withWriteLock<T>(home: string, fn: () => T | Promise<T>, timeoutMs = 60000): Promise<T> {
  const dir = locksDir(home);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'write.lock');
  const me = JSON.stringify({ pid: process.pid, host: os.hostname(), token: crypto.randomBytes(8).toString('hex') });
  const start = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, me, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: { pid?: number; host?: string } = {};
    try {
      holder = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      // Being written right now, or torn by a crash between create and write: judge it by age.
      const age = Date.now() - safeMtime(file);
      if (age > 5000) fs.rmSync(file, { force: true });
    }
    if (holder.pid && holder.host === os.hostname() && !pidAlive(holder.pid)) {
      // The holder died. Remove only if the file is still the dead holder's (another waiter may have replaced it).
      try {
        if (fs.readFileSync(file, 'utf8') === JSON.stringify(holder)) fs.rmSync(file, { force: true });
      } catch {
        /* gone already */
      }
      continue;
    }
    if (Date.now() - start > timeoutMs) {
      throw new UserError(`${file}: another distill is writing in this home (pid ${holder.pid ?? '?'}); try again`, 75);
    }
    await sleep(Math.min(20 + attempt * 10, 200));
  }
  try {
    return await fn();
  } finally {
    try {
      if (fs.readFileSync(file, 'utf8') === me) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  }
}

function safeMtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}
