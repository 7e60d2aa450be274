// Two locks, one mechanism. `withWriteLock` serialises whole writes (a plan, a revert, a recovery) in one home, so
// conflict checks and the journal are never raced by another distill; `withIndexLock` serialises appends to one
// append-only log. A lock file holds its holder's pid, host and time: a holder killed mid-write (the crash tests do
// exactly that) leaves a lock the next run sees is dead and takes over at once, and a pid reused by a process that
// started after the lock was taken is no holder either. Waiting longer than a second is said, with pid and age.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError, WriteFailed, isFsError } from '../errors.js';
import { stateDir } from '../files/paths.js';
import { writeAll } from './atomic.js';
import { makeDirs } from '../files/make-dirs.js';
import { inStateDir } from './guard.js';

function locksDir(home: string): string {
  return path.join(stateDir(home), 'locks');
}

/** Where waiting is reported (stderr; tests capture it). */
export const lockNotices = { write: (line: string): void => void process.stderr.write(line) };

interface Holder {
  pid?: number;
  host?: string;
  at?: number;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started (ms since the epoch), from /proc on Linux; null where that cannot be told. */
export function processStartMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const btime = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(btime)) return null;
    return (btime + ticks / 100) * 1000; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** A holder on this host that is dead, or whose pid now belongs to a process started after the lock was taken. */
export function holderIsStale(holder: Holder): boolean {
  if (!holder.pid || holder.host !== os.hostname()) return false;
  if (!pidAlive(holder.pid)) return true;
  const started = processStartMs(holder.pid);
  return started !== null && typeof holder.at === 'number' && started > holder.at + 2000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function safeMtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

/** Creates the lock file holding `me`; false if another holds it. A lock that cannot be written is not left behind. */
function tryTake(file: string, me: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    if (isFsError(error)) throw new WriteFailed(Object.assign(error, { path: error.path ?? file }), 'nothing written');
    throw error;
  }
  try {
    writeAll(fd, Buffer.from(me));
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    if (isFsError(error)) throw new WriteFailed(Object.assign(error, { path: file }), 'nothing written');
    throw error;
  }
  fs.closeSync(fd);
  return true;
}

async function withPidLock<T>(file: string, what: string, fn: () => T | Promise<T>, timeoutMs: number): Promise<T> {
  try {
    makeDirs(path.dirname(file));
  } catch (error) {
    if (isFsError(error)) throw new WriteFailed(error, 'nothing written');
    throw error;
  }
  const me = JSON.stringify({ pid: process.pid, host: os.hostname(), at: Date.now(), token: crypto.randomBytes(8).toString('hex') });
  const start = Date.now();
  let told = false;
  for (let attempt = 0; ; attempt++) {
    if (tryTake(file, me)) break;
    let raw = '';
    let holder: Holder = {};
    try {
      raw = fs.readFileSync(file, 'utf8');
      holder = JSON.parse(raw);
    } catch {
      // Being written right now, or torn by a crash between create and write: judge it by age.
      if (Date.now() - safeMtime(file) > 5000) fs.rmSync(file, { force: true });
    }
    if (raw && holderIsStale(holder)) {
      // Remove only if the file is still the stale holder's (another waiter may have replaced it).
      try {
        if (fs.readFileSync(file, 'utf8') === raw) fs.rmSync(file, { force: true });
      } catch {
        /* gone already */
      }
      continue;
    }
    const age = typeof holder.at === 'number' ? `${Math.round((Date.now() - holder.at) / 1000)}s` : '?';
    if (!told && Date.now() - start > 1000) {
      told = true;
      lockNotices.write(`distill: waiting for ${what} (${file}), held by pid ${holder.pid ?? '?'} for ${age}\n`);
    }
    if (Date.now() - start > timeoutMs) {
      throw new UserError(`${file}: ${what} is held by pid ${holder.pid ?? '?'} for ${age} (another distill is writing); try again`, 75);
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

/** Lock files live in `<home>/.distill/locks`, never next to the logs in `memory/` or `artifacts/`. */
export function withIndexLock<T>(home: string, file: string, fn: () => T | Promise<T>): Promise<T> {
  const key = crypto.createHash('sha1').update(path.resolve(file)).digest('hex').slice(0, 16);
  return withPidLock(inStateDir(home, path.join(locksDir(home), `${key}.lock`)), `the lock on ${file}`, fn, 60000);
}

export function withWriteLock<T>(home: string, fn: () => T | Promise<T>, timeoutMs = 60000): Promise<T> {
  return withPidLock(inStateDir(home, path.join(locksDir(home), 'write.lock')), 'the home write lock', fn, timeoutMs);
}
