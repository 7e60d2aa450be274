// The lessons session's entry: one Ink app per stretch between editor runs, one store for the whole session.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { editorFailure, editWithEditor, type EditFile } from '../shared/editor.js';
import { createLessonsFacade, type LessonsFacade } from './facade.js';
import { reviewerName } from '../../core/index.js';
import { LessonsApp } from './LessonsApp.js';
import { createLessonsStore, type LessonsStore } from './store.js';
import type { EditExit } from './state.js';
import { stripErrorNote } from '../shared/edit-note.js';
import { runScreenLoop } from '../shared/screen-loop.js';

export interface RunLessonsOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  threshold?: number;
  /** --include-state: state cards (checkpoints) in the lists and clustered among themselves. */
  includeState?: boolean;
  reviewer?: string;
  facade?: LessonsFacade;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  /** Where the line about actions dropped by Ctrl+C goes (default stderr). */
  err?: (text: string) => void;
  editFile?: EditFile;
  onStore?: (store: LessonsStore) => void;
}

/**
 * One edit of a card: the editor works on a copy (the card itself changes only when the staged edit is written), or on
 * the kept copy of a refused edit (its error noted on top, removed when read back); an editor that failed (missing,
 * `:cq`) changed nothing and says so, its text never read as an edit, and a kept copy stays kept.
 */
export function lessonsEditRound(store: LessonsStore, exit: EditExit, editFile: EditFile): void {
  const dir = exit.copy ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'distill-edit-'));
  const copy = exit.copy ?? path.join(dir!, path.basename(exit.path));
  try {
    if (!exit.copy) fs.writeFileSync(copy, exit.base);
    const failure = editorFailure(editFile(copy));
    store.setState({ exit: null });
    if (failure) store.getState().editorFailed(exit.cardId, failure);
    else store.getState().stageEdit(exit.path, exit.cardId, stripErrorNote(fs.readFileSync(copy, 'utf8')), exit.base);
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the lessons screen until the curator quits: exit 0, or 130 when Ctrl+C dropped staged actions. */
export async function runLessons(options: RunLessonsOptions): Promise<number> {
  const { env } = options;
  const reviewer = reviewerName(options.reviewer, env);
  const facade = options.facade ?? createLessonsFacade({ home: options.home, env, reviewer, threshold: options.threshold, includeState: options.includeState });
  const store = createLessonsStore({ facade });
  options.onStore?.(store);
  void store.getState().load();
  await runScreenLoop(() => <LessonsApp store={store} env={env} />, options, async () => {
    await store.getState().writing;
    const exit = store.getState().exit;
    if (exit?.kind !== 'edit') return false;
    lessonsEditRound(store, exit, options.editFile ?? ((f: string) => editWithEditor(f, env)));
    return true;
  }, true);
  // Counted after the write that may have been running: what is still staged is what Ctrl+C drops.
  const left = store.getState().staged.length;
  const exit = store.getState().exit;
  if (exit?.kind !== 'quit' || !exit.interrupted) return 0;
  if (left) (options.err ?? ((t: string) => process.stderr.write(t)))(`distill lessons: interrupted; ${left} staged action${left === 1 ? '' : 's'} dropped, nothing of ${left === 1 ? 'it' : 'them'} written\n`);
  return 130;
}
