// Finding the DeepScientist home around the current directory, as git finds `.git`: walk up until a directory is a
// home. Used only when neither --home nor $DEEPSCIENTIST_HOME / $DS_HOME names one.
import fs from 'node:fs';
import path from 'node:path';

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The nearest directory at or above `start` that is a home: it holds `quests/` and `memory/` (what DeepScientist's
 * home layout always has; a quest root has `memory/` but no `quests/`), or `start` lies in one of its
 * `quests/<id>/` folders that holds a `quest.yaml`. Symlinks in `start` are resolved first. Null when none is.
 */
export function findHomeAbove(start: string): string | null {
  let dir: string;
  try {
    dir = fs.realpathSync(start);
  } catch {
    return null;
  }
  let child: string | null = null; // the directory we came up from
  let grandchild: string | null = null;
  for (;;) {
    if (isDir(path.join(dir, 'quests'))) {
      if (isDir(path.join(dir, 'memory'))) return dir;
      if (child === path.join(dir, 'quests') && grandchild && fs.existsSync(path.join(grandchild, 'quest.yaml'))) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    grandchild = child;
    child = dir;
    dir = parent;
  }
}
