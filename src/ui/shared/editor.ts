// $VISUAL / $EDITOR on a file, the terminal handed over until it closes: the review, the lessons screen and
// `distill draft --edit` all edit through this one call, and all read its outcome with editorFailure: an editor that
// could not start or did not exit 0 (vim's `:cq`) means "nothing changed", said as such, never read as an edit.
import { spawnSync } from 'node:child_process';

export interface EditorRun {
  editor: string;
  /** The editor's exit status (null when it was killed or could not start). */
  status: number | null;
  /** The signal that ended it, if one did. */
  signal?: NodeJS.Signals | null;
  /** Set when the editor could not be started at all. */
  error?: Error;
}

/** Opens `file` in the editor and waits for it; tests pass another (a function writing the file). */
export type EditFile = (file: string) => EditorRun | void;

export function editWithEditor(file: string, env: NodeJS.ProcessEnv): EditorRun {
  const editor = env.VISUAL || env.EDITOR || 'vi';
  // Through the shell, as git does, so an editor given with arguments (`code -w`) works; the file is passed as $1,
  // never parsed.
  const result = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'distill-editor', file], { stdio: 'inherit', env });
  return { editor, status: result.status, signal: result.signal, error: result.error };
}

/**
 * Why an editor run changed nothing, or null when it exited 0: `editor 'vim' exited with status 1; nothing changed`.
 * The shell says 127 for a command it cannot find and 126 for one it cannot run. A run given by a test (void) is fine.
 */
export function editorFailure(run: EditorRun | void, outcome = 'nothing changed'): string | null {
  if (!run || typeof run !== 'object') return null;
  const name = `editor '${run.editor}'`;
  if (run.error) return `${name} could not be started (${run.error.message}); ${outcome}`;
  if (run.status === 0) return null;
  if (run.status === 127) return `${name} not found (exit status 127); ${outcome}`;
  if (run.status === 126) return `${name} cannot be run (exit status 126); ${outcome}`;
  if (run.status === null) return `${name} was ended by ${run.signal ?? 'a signal'}; ${outcome}`;
  return `${name} exited with status ${run.status}; ${outcome}`;
}
