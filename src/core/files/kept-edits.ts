// Copies of refused edits the reviewer chose to keep (issue 32 item 5): the text typed in $EDITOR that did not pass
// the check, kept in the home until it is saved (a later edit passes) or dropped. One file per draft (or per run, for
// a new lesson), `<home>/.distill/edits/<quest>/<key>.md`, the key URI-encoded so the file name gives it back; the
// next session of the same quest finds them there. distill's own scratch, never an agent's file.
// A home distill cannot write (read-only mount, full disk) gets them in a folder of the system's temp dir named after
// the home instead, where the same calls find them: what was typed is never lost because the home refused it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../journal/atomic.js';
import { makeDirs } from './make-dirs.js';
import { stateDir } from './paths.js';

export function keptEditsDir(home: string, questId: string): string {
  return path.join(stateDir(home), 'edits', encodeURIComponent(questId));
}

/** Where the copies go when the home cannot take them: `<tmp>/distill-edits-<hash of the home's path>/<quest>/`. */
export function keptEditsFallbackDir(home: string, questId: string): string {
  const tag = crypto.createHash('sha256').update(path.resolve(home)).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `distill-edits-${tag}`, encodeURIComponent(questId));
}

export function keptEditFile(home: string, questId: string, key: string): string {
  return path.join(keptEditsDir(home, questId), `${encodeURIComponent(key)}.md`);
}

const fileIn = (dir: string, key: string) => path.join(dir, `${encodeURIComponent(key)}.md`);

/**
 * Writes the kept copy (atomically, replacing an older one of the same key); returns its path: in the home, or, when
 * the home refuses it, outside it (keptEditsFallbackDir); the home's error is thrown only when both refuse.
 */
export function keepEditText(home: string, questId: string, key: string, text: string): string {
  const file = keptEditFile(home, questId, key);
  try {
    makeDirs(path.dirname(file));
    writeFileAtomic(file, text);
    fs.rmSync(fileIn(keptEditsFallbackDir(home, questId), key), { force: true });
    return file;
  } catch (error) {
    const outside = fileIn(keptEditsFallbackDir(home, questId), key);
    try {
      makeDirs(path.dirname(outside));
      writeFileAtomic(outside, text);
    } catch {
      throw error;
    }
    return outside;
  }
}

/** The kept copy of `key` (in the home, else outside it), or null when there is none. */
export function keptEditOf(home: string, questId: string, key: string): string | null {
  for (const file of [keptEditFile(home, questId, key), fileIn(keptEditsFallbackDir(home, questId), key)]) {
    if (isFile(file)) return file;
  }
  return null;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function dropKeptEdit(home: string, questId: string, key: string): void {
  fs.rmSync(fileIn(keptEditsFallbackDir(home, questId), key), { force: true });
  try {
    fs.rmSync(keptEditFile(home, questId, key), { force: true });
  } catch {
    // A home that cannot be written holds no copy to drop (ENOTDIR, EROFS on a missing file).
  }
}

/** The folders that hold kept copies of the quest now (the home's first), for the start message. */
export function keptEditsDirs(home: string, questId: string): string[] {
  return [keptEditsDir(home, questId), keptEditsFallbackDir(home, questId)].filter((dir) => keysIn(dir).length);
}

/** The keys of the quest's kept copies, in the home or outside it (none when the folders are missing). */
export function keptEditKeys(home: string, questId: string): string[] {
  return [...new Set([...keysIn(keptEditsDir(home, questId)), ...keysIn(keptEditsFallbackDir(home, questId))])].sort();
}

function keysIn(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const keys: string[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.md')) continue;
    try {
      keys.push(decodeURIComponent(name.slice(0, -3)));
    } catch {
      // Not a name distill gave: left alone.
    }
  }
  return keys;
}
