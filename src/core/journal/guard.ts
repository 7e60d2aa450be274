// Where distill may write: the home's `memory/`, the quest's `artifacts/` and `.ds/`, and its own `<home>/.distill`
// (whose paths, journal and locks included, stay in `.distill`); `distill draft` also writes `drafts/experiences/<quest>`.
// Paths are checked after resolving symlinks of the deepest existing ancestor (a symlink to nothing followed to where
// it leads), so a symlinked directory that points out of the home is refused as surely as a `../`.
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import { isInside } from '../quest/home.js';
import { stateDir } from '../files/paths.js';

export interface WriteRoots {
  home: string;
  questRoot: string | null;
}

function realHome(home: string): string {
  try {
    return fs.realpathSync(home);
  } catch {
    return path.resolve(home);
  }
}

/** Where a symlink whose target is missing leads (its target, absolute), or null when `file` is no such symlink. */
function danglingTarget(file: string): string | null {
  try {
    if (!fs.lstatSync(file).isSymbolicLink()) return null;
    let dir = path.dirname(file);
    try {
      dir = fs.realpathSync(dir);
    } catch {
      /* its folder is resolved on the next step */
    }
    return path.resolve(dir, fs.readlinkSync(file));
  } catch {
    return null;
  }
}

/**
 * The path with its deepest existing ancestor resolved through symlinks. A symlink to nothing on the way is followed
 * to where it leads (creating a file or folder through it would land there).
 */
export function resolveExisting(file: string): string {
  let current = path.resolve(file);
  let rest: string[] = [];
  for (let hops = 0; ; ) {
    try {
      const real = fs.realpathSync(current);
      return path.join(real, ...[...rest].reverse());
    } catch {
      const target = hops < 40 ? danglingTarget(current) : null;
      if (target !== null) {
        hops += 1;
        current = path.join(target, ...[...rest].reverse());
        rest = [];
        continue;
      }
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(file);
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * A write root (the home's `memory/`, `.distill/`, `drafts/experiences/<quest>`, a quest's `artifacts/`) resolved
 * through symlinks; refused unless it stays inside the resolved home.
 */
export function resolveWriteRoot(givenHome: string, root: string): string {
  const home = realHome(givenHome);
  const real = resolveExisting(root);
  if (!isInside(home, real)) {
    throw new UserError(`${root}: is a symlink to ${real}, outside the home ${home}; refusing to write there (nothing written)`);
  }
  return real;
}

/**
 * A path of distill's own `<home>/.distill` (its journal, locks, audit log, discarded journals): returned as given,
 * or refused when it (or `.distill`) is a symlink leading out of the resolved `.distill`, e.g. out of the home.
 */
export function inStateDir(home: string, file: string): string {
  const realHomeDir = realHome(home);
  const state = resolveWriteRoot(realHomeDir, stateDir(realHomeDir));
  const resolved = resolveExisting(file);
  if (!isInside(state, resolved)) {
    const where = isInside(realHomeDir, resolved) ? `outside ${state}` : `outside the home ${realHomeDir}`;
    throw new UserError(`${file}: leads through a symlink to ${resolved}, ${where}; refusing to write there (nothing written)`);
  }
  return file;
}

/**
 * The write roots, each resolved through symlinks and required to stay inside the resolved home (and a quest's
 * inside `quests/`): a symlinked `artifacts/`, `.ds/`, `memory/` or `.distill/` that points out is refused.
 */
export function allowedRoots(roots: WriteRoots): string[] {
  const home = realHome(roots.home);
  const out = [path.join(home, 'memory'), stateDir(home)];
  if (roots.questRoot) {
    const quest = resolveExisting(roots.questRoot);
    if (!isInside(path.join(home, 'quests'), quest)) {
      throw new UserError(`${roots.questRoot}: quest is not inside ${path.join(home, 'quests')}`);
    }
    out.push(path.join(quest, 'artifacts'), path.join(quest, '.ds'));
  }
  return out.map((root) => resolveWriteRoot(home, root));
}

/** Throws unless `file` (after symlinks) is inside one of the allowed roots. Returns the resolved path. */
export function assertWritable(roots: WriteRoots, file: string, what = 'path'): string {
  if (!path.isAbsolute(file)) throw new UserError(`${file}: ${what} must be absolute`);
  if (path.normalize(file) !== file && path.normalize(file) !== file.replace(/\/+$/, '')) {
    throw new UserError(`${file}: ${what} is not normalised (contains ./ or ../)`);
  }
  const resolved = resolveExisting(file);
  // A path of `.distill/` (reviews, archive, cleanup, the audit log, ...) stays in `.distill/`, never in memory/.
  const home = realHome(roots.home);
  if (isInside(stateDir(home), file) || isInside(stateDir(roots.home), file)) inStateDir(home, file);
  const ok = allowedRoots(roots).some((root) => isInside(root, resolved));
  if (!ok) {
    throw new UserError(`${file}: refusing to write outside the home's memory/, the quest's artifacts/ and .ds/, and .distill/`);
  }
  return resolved;
}

/** A name that becomes one path segment (an id, a file stem): no separators, no dot-only names. */
export function assertSafeSegment(value: string, what: string): string {
  if (!value || value === '.' || value === '..' || /[/\\\u0000]/.test(value) || path.isAbsolute(value)) {
    throw new UserError(`${JSON.stringify(value)}: ${what} would escape its directory`);
  }
  return value;
}
