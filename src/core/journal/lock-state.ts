// What a lock file found in the way says about its holder (lock.ts takes and waits on locks; this judges them), and
// `distill recover`'s clearing of locks no one can hold. distill writes a lock as one JSON object {pid, host, at,
// token}; anything else in its place (another shape, a directory) was not written by a distill that holds it, and is
// said at once with what is wrong and how to clear it, rather than waited on for a minute.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../errors.js';
import { stateDir } from '../files/paths.js';

export function locksDir(home: string): string {
  return path.join(stateDir(home), 'locks');
}

export interface Holder {
  pid: number;
  host: string;
  at: number;
}

/** How to clear a lock that is in the way, for every message that names one. */
export const CLEAR_LOCK = 'if no distill is writing in this home, clear it with distill recover';

/** A lock older than this was not taken for a write that is still running (waiters give up after as long). */
export const LOCK_WAIT_MS = 60_000;

/** Empty or torn lock files younger than this may be being written right now (between create and write). */
const SETTLING_MS = 5000;

export type LockState =
  | { kind: 'absent' }
  /** Its holder runs on this host: wait for it. */
  | { kind: 'held'; holder: Holder; raw: string }
  /** Held from another host: distill cannot ask whether that process still runs. */
  | { kind: 'foreign'; holder: Holder; raw: string }
  /** Empty or torn and young: being written. */
  | { kind: 'settling' }
  /** No one holds it (a dead holder, a reused pid, a file torn by a crash long ago): take it over. */
  | { kind: 'stale'; raw: string; why: string }
  /** Not a lock distill writes: say so and how to clear it. */
  | { kind: 'damaged'; raw: string | null; problem: string };

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
  if (holder.host !== os.hostname()) return false;
  if (!pidAlive(holder.pid)) return true;
  const started = processStartMs(holder.pid);
  return started !== null && started > holder.at + 2000;
}

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/** What is wrong with a parsed lock, or null for a holder of distill's shape. */
function holderProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `holds ${kindOf(value)}, not a lock's {pid, host, at}`;
  const v = value as Record<string, unknown>;
  if (v.pid === undefined) return 'no pid';
  // pid 0 and -1 are not processes: kill(0) and kill(-1) signal whole groups, so they always "answer".
  if (typeof v.pid !== 'number' || !Number.isSafeInteger(v.pid) || v.pid <= 0) return `pid ${JSON.stringify(v.pid)} is not a process id`;
  if (typeof v.host !== 'string' || !v.host) return v.host === undefined ? 'no host' : `host ${JSON.stringify(v.host)} is not a host name`;
  if (v.at === undefined) return 'no time it was taken ("at")';
  if (typeof v.at !== 'number' || !Number.isFinite(v.at) || v.at <= 0) return `"at" ${JSON.stringify(v.at)} is not a time`;
  return null;
}

function notRegular(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a directory where the lock file goes';
  if (stat.isSymbolicLink()) return 'a symlink where the lock file goes';
  return 'not a regular file';
}

export function inspectLock(file: string, now = Date.now()): LockState {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return { kind: 'absent' };
  }
  if (!stat.isFile()) return { kind: 'damaged', raw: null, problem: notRegular(stat) };
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'damaged', raw: null, problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // Being written right now, or torn by a crash between create and write: judged by age.
    if (now - stat.mtimeMs <= SETTLING_MS) return { kind: 'settling' };
    return { kind: 'stale', raw, why: raw.trim() ? 'torn by a crash' : 'empty, left by a crash' };
  }
  const problem = holderProblem(value);
  if (problem) return { kind: 'damaged', raw, problem };
  const holder = value as Holder;
  if (holder.host !== os.hostname()) return { kind: 'foreign', holder, raw };
  if (holderIsStale(holder)) return { kind: 'stale', raw, why: `pid ${holder.pid} no longer runs the distill that took it` };
  return { kind: 'held', holder, raw };
}

/** Removes the lock file only if it still holds `raw` (another distill may have replaced it meanwhile). */
export function removeIfUnchanged(file: string, raw: string): boolean {
  try {
    if (fs.readFileSync(file, 'utf8') !== raw) return false;
    fs.rmSync(file, { force: true });
    return true;
  } catch {
    return false;
  }
}

export interface ClearedLock {
  file: string;
  why: string;
}

/**
 * `distill recover`: removes every lock of the home that no process can be holding: a dead holder's, a torn one, one
 * not of distill's shape (an empty directory too), and another host's taken longer ago than any write lasts. A lock
 * held by a live process on this host is never removed (the recovery then waits for it as every write does), nor one
 * another host took less than a minute ago. A directory with files in it is left for a person: a UserError.
 */
export function clearDeadLocks(home: string, now = Date.now()): ClearedLock[] {
  const dir = locksDir(home);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.lock')).sort();
  } catch {
    return [];
  }
  const out: ClearedLock[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const state = inspectLock(file, now);
    if (state.kind === 'stale') {
      if (removeIfUnchanged(file, state.raw)) out.push({ file, why: state.why });
    } else if (state.kind === 'foreign' && now - state.holder.at > LOCK_WAIT_MS) {
      const why = `taken by pid ${state.holder.pid} on host ${state.holder.host} ${Math.round((now - state.holder.at) / 1000)}s ago`;
      if (removeIfUnchanged(file, state.raw)) out.push({ file, why });
    } else if (state.kind === 'damaged') {
      if (state.raw !== null) {
        if (removeIfUnchanged(file, state.raw)) out.push({ file, why: state.problem });
        continue;
      }
      try {
        fs.rmdirSync(file); // an empty directory only; a file of another type is not distill's to remove
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const what = code === 'ENOTEMPTY' || code === 'EEXIST' ? ' with files in it' : '';
        throw new UserError(`${file}: ${state.problem}${what}; distill does not remove it: move it away by hand`);
      }
      out.push({ file, why: state.problem });
    }
  }
  return out;
}
