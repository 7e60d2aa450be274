// The review session's entry: one Ink app per stretch between editor runs, one store for the whole session.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReviewFacade } from './facade.js';
import { ReviewApp } from './app.js';
import { editorFailure, editWithEditor, type EditFile } from '../shared/editor.js';
import { stripErrorNote, withErrorNote } from './draft-edit.js';
import { wireStaging } from './session.js';
import { watchQuest } from './watch.js';
import { createReviewStore, type ExitRequest, type ReviewStore } from './store.js';
import { runScreenLoop } from '../shared/screen-loop.js';
import { quitSummary } from './quit-summary.js';

export interface RunReviewOptions {
  facade: ReviewFacade;
  env: NodeJS.ProcessEnv;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  /** Opens a file in the editor and returns when it closes (default: $VISUAL / $EDITOR / vi on the terminal). */
  editFile?: EditFile;
  /** c / p / s ask for an optional reason (default true; tests of other things may turn it off). */
  askReasons?: boolean;
  /** Opened from the home screen: Esc at the runs pane goes back there (as q does). */
  backLeaves?: boolean;
  /** Called with the store once it exists (benchmarks, tests). */
  onStore?: (store: ReviewStore) => void;
  /** Gets the quit summary instead of stdout (the home screen shows it and prints it when distill ends). */
  onSummary?: (summary: string) => void;
}

/**
 * One edit: the editor opens a copy of the draft (or the kept copy of a refused edit, with the error noted on top);
 * when it closes the store checks the text and stages it, or keeps the copy to reopen.
 */
export function editRound(store: ReviewStore, exit: Extract<ExitRequest, { kind: 'edit' }>, dir: string, editFile: EditFile): void {
  let copy = exit.copy;
  if (!copy) {
    copy = path.join(dir, `${Date.now()}-${path.basename(exit.path)}`);
    fs.writeFileSync(copy, exit.text);
  } else if (exit.error) fs.writeFileSync(copy, withErrorNote(fs.readFileSync(copy, 'utf8'), exit.error));
  // An editor that failed (missing, `:cq`, killed) changed nothing: said as such, the text never read as an edit.
  const failure = editorFailure(editFile(copy));
  if (failure) store.getState().editorFailed(failure);
  else {
    const text = stripErrorNote(fs.readFileSync(copy, 'utf8'));
    if (exit.author) store.getState().finishAuthor(exit.author, text, copy);
    else store.getState().finishEdit(exit.draftId, text, copy);
  }
  // The copy goes unless it is kept: the refused edit's (editing), or one reopened when the editor failed.
  if (store.getState().editing?.copy !== copy && !(failure && exit.copy)) fs.rmSync(copy, { force: true });
}

/** Runs the review until the reviewer quits. Returns the exit code. */
export async function runReview(options: RunReviewOptions): Promise<number> {
  const { facade, env } = options;
  const store = createReviewStore({ facade, askReasons: options.askReasons ?? true, backLeaves: options.backLeaves });
  options.onStore?.(store);
  const unwire = wireStaging(store, facade);
  const unwatch = watchQuest(store, facade.watchPaths?.() ?? []);
  // The editor works on copies, in one temp dir for the session: the draft files are never edited in place.
  let editDir: string | null = null;
  try {
    await runScreenLoop(() => <ReviewApp store={store} env={env} />, options, async () => {
      await store.getState().writing;
      const exit = store.getState().exit;
      if (exit?.kind !== 'edit') return false;
      editDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'distill-edit-'));
      editRound(store, exit, editDir, options.editFile ?? ((f: string) => editWithEditor(f, env)));
      return true;
    }, true);
  } finally {
    unwire();
    unwatch();
    if (editDir) fs.rmSync(editDir, { recursive: true, force: true });
  }
  // After the screen is gone, so the lines stay in the shell's scrollback.
  const summary = quitSummary(store.getState().written);
  if (summary && options.onSummary) options.onSummary(summary);
  else if (summary) (options.stdout ?? process.stdout).write(summary);
  return 0;
}
