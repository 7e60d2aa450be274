// Where distill keeps its own files. In the home: `<home>/.distill/` (journal, review records, archive, audit log),
// next to the files they protect and outside `<home>/memory`, which DeepScientist searches recursively.
// Caches live outside the home so read-only commands never write into it.
import crypto from 'node:crypto';
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
