// Where distill keeps its own files. In the home: `<home>/.distill/` (journal, review records, archive, audit log),
// next to the files they protect and outside `<home>/memory`, which DeepScientist searches recursively.
// Caches live outside the home so read-only commands never write into it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function stateDir(home: string): string {
  return path.join(home, '.distill');
}

export function cacheDir(home: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.DISTILL_CACHE_DIR || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'distill');
  const key = crypto.createHash('sha1').update(home).digest('hex').slice(0, 12);
  return path.join(base, key);
}

/** Per-quest staging of undecided review work (survives a crash or a closed terminal). */
export function questStateDir(questRoot: string): string {
  return path.join(questRoot, '.ds', 'distill');
}

/**
 * The Unix socket of a resident server for `home` (`distill serve`, `distill mcp`): `$XDG_RUNTIME_DIR/distill/` (the
 * user's own, in memory), else the cache folder's base; never inside the home, which may sit on shared storage. Keyed
 * by the home's real path. Null when the path would be longer than a socket address takes.
 */
export function socketPath(home: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const base = !env.DISTILL_CACHE_DIR && env.XDG_RUNTIME_DIR ? path.join(env.XDG_RUNTIME_DIR, 'distill') : path.dirname(cacheDir(home, env));
  let real = home;
  try {
    real = fs.realpathSync(home);
  } catch {
    // a home that is gone has no server either; its key is made from the path given
  }
  const file = path.join(base, `${crypto.createHash('sha1').update(real).digest('hex').slice(0, 16)}.sock`);
  return Buffer.byteLength(file) < 104 ? file : null;
}
