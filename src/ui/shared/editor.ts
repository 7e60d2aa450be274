// $VISUAL / $EDITOR on a file, the terminal handed over until it closes: the review, the lessons screen and
// `distill draft --edit` all edit through this one call.
import { spawnSync } from 'node:child_process';

export interface EditorRun {
  editor: string;
  /** The editor's exit status (null when it was killed or could not start). */
  status: number | null;
  /** Set when the editor could not be started at all. */
  error?: Error;
}

export function editWithEditor(file: string, env: NodeJS.ProcessEnv): EditorRun {
  const editor = env.VISUAL || env.EDITOR || 'vi';
  // Through the shell, as git does, so an editor given with arguments (`code -w`) works; the file is passed as $1,
  // never parsed.
  const result = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'distill-editor', file], { stdio: 'inherit', env });
  return { editor, status: result.status, error: result.error };
}
