// Copies of refused edits the reviewer chose to keep (issue 32 item 5): the text typed in $EDITOR that did not pass
// the check, kept in the home until it is saved (a later edit passes) or dropped. One file per draft (or per run, for
// a new lesson), `<home>/.distill/edits/<quest>/<key>.md`, the key URI-encoded so the file name gives it back; the
// next session of the same quest finds them there. distill's own scratch, never an agent's file.
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../journal/atomic.js';
import { makeDirs } from './make-dirs.js';
import { stateDir } from './paths.js';

export function keptEditsDir(home: string, questId: string): string {
  return path.join(stateDir(home), 'edits', encodeURIComponent(questId));
}

export function keptEditFile(home: string, questId: string, key: string): string {
  return path.join(keptEditsDir(home, questId), `${encodeURIComponent(key)}.md`);
}

/** Writes the kept copy (atomically, replacing an older one of the same key); returns its path. */
export function keepEditText(home: string, questId: string, key: string, text: string): string {
  const file = keptEditFile(home, questId, key);
  makeDirs(path.dirname(file));
  writeFileAtomic(file, text);
  return file;
}

/** The kept copy of `key`, or null when there is none. */
export function keptEditOf(home: string, questId: string, key: string): string | null {
  const file = keptEditFile(home, questId, key);
  return fs.existsSync(file) ? file : null;
}

export function dropKeptEdit(home: string, questId: string, key: string): void {
  fs.rmSync(keptEditFile(home, questId, key), { force: true });
}

/** The keys of the quest's kept copies (none when the folder is missing). */
export function keptEditKeys(home: string, questId: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(keptEditsDir(home, questId));
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
