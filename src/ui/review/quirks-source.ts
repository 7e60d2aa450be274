// The review screen on the quirks files (quest `:quirks`, issue 14): each quirks file is one "run" row grouping its
// unreviewed entries, which are the drafts. Covered = no entry of the file left to review.
import path from 'node:path';
import { listQuirkEntries, type Draft, type FileWarning } from '../../core/index.js';
import type { RunItem } from './facade.js';

export function quirksSource(home: string): { runs: RunItem[]; drafts: Draft[]; warnings: FileWarning[] } {
  const list = listQuirkEntries(home);
  const runs: RunItem[] = list.files.filter((f) => f.exists).map((f) => ({
    artifactId: path.basename(f.path),
    runId: null,
    runKind: 'quirks file',
    summary: f.entries === 0 ? 'no entries: nothing to review' : `${f.entries} entr${f.entries === 1 ? 'y' : 'ies'}, ${f.unreviewed} not reviewed`,
    covered: f.unreviewed === 0,
    ...(f.entries === 0 ? { empty: true } : {}),
    coveredBy: [],
  }));
  // Grouped under their file's row; the quirks plan needs no run (it records entries by content id).
  const drafts = list.entries.map((e) => ({ ...e, runIds: [path.basename(e.file)] }));
  return { runs, drafts, warnings: list.warnings };
}
