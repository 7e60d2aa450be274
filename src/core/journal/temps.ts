// distill's temp files: every whole-file write goes to `<file>.distill-<32 hex>.tmp` beside its target, then a rename.
// DeepScientist writes `<file>.<uuid4 hex>.tmp` beside the same files (its write_json), and an agent may be in the
// middle of one: distill removes only temp files its own naming marks as distill's, never a bare `<hex>.tmp`.
// Earlier versions of distill named theirs `<file>.<32 hex>.tmp` too (and `distill draft` nested two, `.tmp.<hex>.tmp`):
// those are recognised where DeepScientist's cannot be meant (a nested name, or a hex that is no uuid4).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MEMORY_KINDS } from '../model.js';
import { stateDir } from '../files/paths.js';

export function tmpPathFor(file: string): string {
  return `${file}.distill-${crypto.randomBytes(16).toString('hex')}.tmp`;
}

const OURS = /\.distill-[0-9a-f]{32}\.tmp$/;
const NESTED = /\.[0-9a-f]{32}\.tmp\.(?:distill-)?[0-9a-f]{32}\.tmp$/;
const LEGACY = /\.([0-9a-f]{32})\.tmp$/;

/** uuid4().hex: version nibble 4 at index 12, variant 8-b at index 16. */
const isUuid4Hex = (hex: string) => hex[12] === '4' && '89ab'.includes(hex[16]);

/** The name of a temp file distill (this version or an earlier one) made for `base`, or of any file when base is ''. */
export function isDistillTemp(name: string, base = ''): boolean {
  if (base && !name.startsWith(base + '.')) return false;
  const rest = base ? name.slice(base.length) : name;
  if (base && !/^\.(?:distill-)?[0-9a-f]{32}\.tmp(?:\.(?:distill-)?[0-9a-f]{32}\.tmp)?$/.test(rest)) return false;
  if (OURS.test(name) || NESTED.test(name)) return true;
  const legacy = LEGACY.exec(name);
  return legacy !== null && !isUuid4Hex(legacy[1]);
}

/** Removes temp files an interrupted atomic write of distill left next to `file` (before it writes `file` again). */
export function removeStaleTemps(file: string): void {
  const dir = path.dirname(file);
  const base = path.basename(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (isDistillTemp(name, base)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/** A temp file younger than this may belong to a write running now (`distill draft` takes no lock). */
export const TEMP_SETTLE_MS = 60_000;

function subdirs(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
  } catch {
    return [];
  }
}

/** The folders distill writes files into: where its temp files can be left. */
function writeFolders(home: string): string[] {
  const out = [path.join(home, 'memory'), ...MEMORY_KINDS.map((k) => path.join(home, 'memory', k))];
  out.push(...subdirs(path.join(home, 'drafts', 'experiences')));
  const walk = (dir: string, depth: number) => {
    out.push(dir);
    if (depth < 4) for (const sub of subdirs(dir)) walk(sub, depth + 1);
  };
  walk(stateDir(home), 0);
  for (const quest of subdirs(path.join(home, 'quests'))) {
    const roots = [quest, ...subdirs(path.join(quest, '.ds', 'worktrees'))];
    for (const root of roots) out.push(path.join(root, 'artifacts'), ...subdirs(path.join(root, 'artifacts')));
    out.push(path.join(quest, '.ds'), path.join(quest, '.ds', 'distill'));
  }
  return out;
}

/**
 * `distill recover`: removes the temp files interrupted writes of distill left in the home (a killed `distill draft`
 * left `<draft>.md.<hex>.tmp.<hex>.tmp`), by their names alone and only when older than a minute. Returns them.
 */
export function removeTempLeftovers(home: string, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const dir of writeFolders(home)) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.tmp') || !isDistillTemp(name)) continue;
      const file = path.join(dir, name);
      try {
        const stat = fs.lstatSync(file);
        if (!stat.isFile() || now - stat.mtimeMs < TEMP_SETTLE_MS) continue;
        fs.rmSync(file);
        removed.push(file);
      } catch {
        /* gone meanwhile, or not ours to remove: left */
      }
    }
  }
  return removed;
}
