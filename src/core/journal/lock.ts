// Two locks, one mechanism. `withWriteLock` serialises whole writes (a plan, a revert, a recovery) in one home, so
// conflict checks and the journal are never raced by another distill; `withIndexLock` serialises appends to one
// append-only log. A lock file holds its holder's pid, host and time: a holder killed mid-write (the crash tests do
// exactly that) leaves a lock the next run sees is dead and takes over at once, and a pid reused by a process that
// started after the lock was taken is no holder either. Waiting longer than a second is said, with pid and age. A lock
// file not of distill's shape (a directory, a string pid, no time) is said at once with how to clear it; another
// host's taken over a minute ago too (lock-state.ts judges them; `distill recover` clears the ones no one holds).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError, WriteFailed, isFsError } from '../errors.js';
import { writeAll } from './atomic.js';
import { makeDirs } from '../files/make-dirs.js';
import { inStateDir } from './guard.js';
import { CLEAR_LOCK, LOCK_WAIT_MS, inspectLock, locksDir, removeIfUnchanged, type Holder } from './lock-state.js';

/** Where waiting is reported (stderr; tests capture it). */
export const lockNotices = { write: (line: string): void => void process.stderr.write(line) };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const state = inspectLock(file);
    if (state.kind === 'absent') continue;
    if (state.kind === 'stale') {
      removeIfUnchanged(file, state.raw);
      continue;
    }
    // Not a lock any distill wrote: waiting would not change it.
    if (state.kind === 'damaged') throw new UserError(`${file}: not a lock distill can read (${state.problem}); ${CLEAR_LOCK}`);
    const holder: Partial<Holder> = state.kind === 'settling' ? {} : state.holder;
    const age = holder.at !== undefined ? `${Math.round((Date.now() - holder.at) / 1000)}s` : '?';
    const by = `pid ${holder.pid ?? '?'}${state.kind === 'foreign' ? ` on host ${holder.host}` : ''}`;
    // Another host's lock taken longer ago than any write lasts: distill cannot ask that host whether it still runs.
    const foreignOld = state.kind === 'foreign' && Date.now() - state.holder.at > LOCK_WAIT_MS;
    if (foreignOld || Date.now() - start > timeoutMs) {
      const more = state.kind === 'foreign' ? `; distill cannot tell from here whether it still runs: ${CLEAR_LOCK}` : ' (another distill is writing); try again';
      throw new UserError(`${file}: ${what} is held by ${by} for ${age}${more}`, 75);
    }
    if (!told && Date.now() - start > 1000) {
      told = true;
      lockNotices.write(`distill: waiting for ${what} (${file}), held by ${by} for ${age}\n`);
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
  return withPidLock(inStateDir(home, path.join(locksDir(home), `${key}.lock`)), `the lock on ${file}`, fn, LOCK_WAIT_MS);
}

export function withWriteLock<T>(home: string, fn: () => T | Promise<T>, timeoutMs = LOCK_WAIT_MS): Promise<T> {
  return withPidLock(inStateDir(home, path.join(locksDir(home), 'write.lock')), 'the home write lock', fn, timeoutMs);
}
