// The lessons screen's kept copies of refused edits (`<home>/.distill/edits/%3Alessons/`, core/files/kept-edits.ts):
// written at once when the check refuses an edit, reopened by `e` on the card, gone when saved or dropped.
import fs from 'node:fs';
import path from 'node:path';
import { dropKeptEdit, keepEditText, keptEditKeys, keptEditOf, keptEditsDir, keptEditsDirs } from '../../core/index.js';

/** The lessons screen's kept copies of refused edits (`<home>/.distill/edits/%3Alessons/`, core/files/kept-edits.ts). */
export interface LessonsKeptEdits {
  /** Writes the text as the kept copy of the card's edit; returns its path. */
  keep(file: string, text: string): string;
  find(file: string): string | null;
  drop(file: string): void;
  /** What is kept, from one listing: how many a card reopens, and the copies whose card is no longer in memory/
   * (archived or merged since), which no card reopens. */
  listed(): { reopenable: number; orphans: string[] };
  dir: string;
}

/** The kept copies' pseudo-quest: the review keeps its under the quest's id (`%3Aquirks` for the quirks review). */
export const LESSONS_EDITS = ':lessons';

export function lessonsKeptEdits(home: string): LessonsKeptEdits {
  // Keyed by the card's path under memory/ (`knowledge/<file>`, kept as `knowledge%2F<file>.md`): ids can repeat
  // across files, paths cannot.
  const key = (file: string) => path.relative(path.join(home, 'memory'), file).split(path.sep).join('/').replace(/\.md$/, '');
  return {
    keep: (file, text) => keepEditText(home, LESSONS_EDITS, key(file), text),
    find: (file) => keptEditOf(home, LESSONS_EDITS, key(file)),
    drop: (file) => dropKeptEdit(home, LESSONS_EDITS, key(file)),
    listed: () => {
      const keys = keptEditKeys(home, LESSONS_EDITS);
      const gone = keys.filter((k) => !fs.existsSync(path.join(home, 'memory', `${k}.md`)));
      const orphans = gone.map((k) => keptEditOf(home, LESSONS_EDITS, k)).filter((copy): copy is string => copy !== null);
      return { reopenable: keys.length - gone.length, orphans };
    },
    // Where they are now: the home, or outside it when the home refused them (kept-edits.ts).
    get dir() {
      return keptEditsDirs(home, LESSONS_EDITS).join(' and ') || keptEditsDir(home, LESSONS_EDITS);
    },
  };
}

/** The start's lines about kept copies: those a card reopens, and those whose card is gone, named by their file. */
export function keptEditNotes(keptEdits: LessonsKeptEdits): string[] {
  const notes: string[] = [];
  const { reopenable: kept, orphans } = keptEdits.listed();
  if (kept) notes.push(`${kept} refused edit${kept === 1 ? '' : 's'} kept in ${keptEdits.dir} (e on the card reopens it)`);
  // A copy whose card was archived or merged since: no card to press e on, so the file itself is named.
  if (orphans.length) notes.push(`${orphans.length} refused edit${orphans.length === 1 ? '' : 's'} whose card is gone (archived or merged since): ${orphans.join(', ')} (the text stays there; delete the file to drop it)`);
  return notes;
}
