// Where a quest is, as DeepScientist's launcher resolves it (the home: home-path.ts).
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import { readProblem, readRegularText } from '../files/read-file.js';
import { loadYaml } from '../format/yaml11.js';
import type { Meta, Quest } from '../model.js';

/** True when `child` is `parent` or inside it (no `..` escape). Both must be absolute. */
export function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const QUEST_ID_RE = /^[A-Za-z0-9._-]+$/;

export function readQuestYaml(root: string): Meta {
  const file = path.join(root, 'quest.yaml');
  let text: string;
  try {
    text = readRegularText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UserError(`${file}: missing; not a quest`);
    throw new UserError(`${file}: cannot read (${readProblem(error)})`);
  }
  let data: unknown;
  try {
    data = loadYaml(text);
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new UserError(`${file}: YAML error: ${first}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new UserError(`${file}: not a YAML mapping`);
  return data as Meta;
}

function questAt(home: string, root: string): Quest {
  const yaml = readQuestYaml(root);
  // The directory name is the quest id DeepScientist uses; quest.yaml's copy can be a stale or unquoted number.
  return { id: path.basename(root), root, home, yaml };
}

function findQuestUpwards(home: string, start: string): string | null {
  const quests = path.join(home, 'quests');
  let dir = path.resolve(start);
  for (;;) {
    if (path.dirname(dir) === quests && fs.existsSync(path.join(dir, 'quest.yaml'))) return dir;
    // A worktree carries a stale quest.yaml copy: keep climbing to the real quest root.
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The quest the directory `cwd` is inside (worktrees included), or null. */
export function questAround(home: string, cwd: string): Quest | null {
  let real = cwd;
  try {
    real = fs.realpathSync(cwd);
  } catch {
    /* keep cwd */
  }
  const found = findQuestUpwards(home, real);
  return found ? questAt(home, found) : null;
}

/**
 * A quest by id (`<home>/quests/<id>`), by path (the quest root or anything inside it, worktrees included), or,
 * with no argument, by walking up from the current directory.
 */
export function resolveQuest(home: string, arg: string | undefined, cwd = process.cwd()): Quest {
  const quests = path.join(home, 'quests');
  if (!arg) {
    const found = questAround(home, cwd);
    if (found) return found;
    const available = listQuestIds(home);
    const hint = available.length ? ` (quests here: ${available.slice(0, 8).join(', ')})` : '';
    throw new UserError(`no quest given and ${cwd} is not inside a quest of ${home}${hint}`);
  }
  const looksLikePath = arg.includes('/') || arg === '.' || arg === '..';
  if (!looksLikePath) {
    if (!QUEST_ID_RE.test(arg) || arg === '.' || arg === '..') {
      throw new UserError(`${arg}: not a valid quest id`);
    }
    const root = path.join(quests, arg);
    if (!fs.existsSync(path.join(root, 'quest.yaml'))) {
      const available = listQuestIds(home);
      const hint = available.length ? ` (quests here: ${available.slice(0, 8).join(', ')})` : '';
      throw new UserError(`quest ${arg}: no ${path.join(root, 'quest.yaml')}${hint}`);
    }
    return questAt(home, root);
  }
  let target = path.resolve(cwd, arg);
  try {
    target = fs.realpathSync(target);
  } catch {
    throw new UserError(`${target}: no such quest directory`);
  }
  if (!isInside(quests, target)) throw new UserError(`${target}: not inside ${quests}`);
  const found = findQuestUpwards(home, target);
  if (!found) throw new UserError(`${target}: not inside a quest (no quest.yaml)`);
  return questAt(home, found);
}

/** Quest ids of the home: directories of `<home>/quests` holding a `quest.yaml`, sorted. */
export function listQuestIds(home: string): string[] {
  const quests = path.join(home, 'quests');
  let names: string[];
  try {
    names = fs.readdirSync(quests);
  } catch {
    return [];
  }
  return names.filter((name) => fs.existsSync(path.join(quests, name, 'quest.yaml'))).sort();
}
