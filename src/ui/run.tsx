// The review session's entry: one Ink app per stretch between editor runs, one store for the whole session.
import { spawnSync } from 'node:child_process';
import { render } from 'ink';
import type { ReviewFacade } from './facade.js';
import { ReviewApp } from './app.js';
import { wireStaging } from './session.js';
import { createReviewStore, type ReviewStore } from './store.js';

export interface RunReviewOptions {
  facade: ReviewFacade;
  env: NodeJS.ProcessEnv;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  /** Opens a file in the editor and returns when it closes (default: $VISUAL / $EDITOR / vi on the terminal). */
  editFile?: (file: string) => void;
  /** Called with the store once it exists (benchmarks, tests). */
  onStore?: (store: ReviewStore) => void;
}

export function editWithEditor(file: string, env: NodeJS.ProcessEnv): void {
  const editor = env.VISUAL || env.EDITOR || 'vi';
  // Through the shell, as git does, so EDITOR may carry arguments ("code -w").
  spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'distill-editor', file], { stdio: 'inherit', env });
}

/** Runs the review until the reviewer quits. Returns the exit code. */
export async function runReview(options: RunReviewOptions): Promise<number> {
  const { facade, env } = options;
  const store = createReviewStore({ facade });
  options.onStore?.(store);
  const unwire = wireStaging(store, facade);
  try {
    for (;;) {
      const instance = render(<ReviewApp store={store} env={env} />, {
        ...(options.stdin ? { stdin: options.stdin } : {}),
        ...(options.stdout ? { stdout: options.stdout } : {}),
        patchConsole: false,
        maxFps: 60,
      });
      await instance.waitUntilExit();
      await store.getState().writing;
      const exit = store.getState().exit;
      if (exit?.kind !== 'edit') break;
      (options.editFile ?? ((f: string) => editWithEditor(f, env)))(exit.path);
      store.getState().reload(`edited ${exit.path}`);
    }
  } finally {
    unwire();
  }
  return 0;
}
