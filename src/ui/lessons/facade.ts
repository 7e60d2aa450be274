// What the lessons screen needs from the core, behind one small interface (tests pass a fake or this one).
import { readRegularText } from '../../core/read-file.js';
import { planArchive } from '../../core/cleanup/archive.js';
import type { Cluster } from '../../core/cleanup/clusters.js';
import { planEdit } from '../../core/cleanup/edit.js';
import { findClustersAsync } from '../../core/cleanup/find.js';
import { planIgnore } from '../../core/cleanup/ignore.js';
import { planMerge } from '../../core/cleanup/merge.js';
import { executeCleanup, type CleanupOptions, type CleanupPlan } from '../../core/cleanup/plan.js';
import { openStore } from '../../core/store/index.js';
import type { CardMeta } from '../../core/store/cardMeta.js';
import { isoNow } from '../../core/write/ids.js';
import { recoverJournals } from '../../core/write/recover.js';

export type StagedKind = 'merge' | 'archive' | 'ignore' | 'edit';

export interface StagedAction {
  kind: StagedKind;
  /** Card files, survivor first for a merge. */
  paths: string[];
  ids: string[];
  /** For edit: the new text. */
  text?: string;
}

export interface LoadProgress {
  phase: string;
  done: number;
  total: number;
}

export interface LoadResult {
  clusters: Cluster[];
  considered: number;
  ms: number;
  notes: string[];
  createdAt: (card: CardMeta) => string | null;
}

export interface WriteOutcome {
  written: string[];
  error: string | null;
}

export interface LessonsFacade {
  load(onProgress: (p: LoadProgress) => void): Promise<LoadResult>;
  /** The full text of a card file (for the card columns and the editor). */
  readText(file: string): string;
  /** Checks an edit now, so a bad one is refused before it is staged; returns an error line or null. */
  checkEdit(file: string, text: string): string | null;
  /** Writes the actions in order, each as its own journaled action; stops at the first failure. */
  write(actions: readonly StagedAction[]): Promise<WriteOutcome>;
}

export function planFor(home: string, action: StagedAction, options: CleanupOptions): CleanupPlan | null {
  if (action.kind === 'merge') return planMerge(home, action.paths, options);
  if (action.kind === 'archive') return planArchive(home, action.paths, options);
  if (action.kind === 'ignore') return planIgnore(home, action.paths, options);
  return planEdit(home, action.paths[0], action.text ?? '', options);
}

export function createLessonsFacade(opts: { home: string; env: NodeJS.ProcessEnv; reviewer: string; threshold?: number }): LessonsFacade {
  const { home, env } = opts;
  const options = (): CleanupOptions => ({ reviewer: opts.reviewer, now: isoNow(env) });
  return {
    async load(onProgress) {
      const notes = (await recoverJournals(home)).map((r) => r.message);
      const store = await openStore(home, { env, onProgress: (p) => onProgress({ phase: 'reading cards', done: p.done, total: p.total }) });
      const result = await findClustersAsync(store.cards, {
        threshold: opts.threshold,
        onProgress: (done, total) => onProgress({ phase: 'finding duplicates', done, total }),
      });
      return { clusters: result.clusters, considered: result.considered, ms: result.ms, notes, createdAt: result.createdAt };
    },
    readText: (file) => readRegularText(file),
    checkEdit(file, text) {
      try {
        planEdit(home, file, text, options());
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    async write(actions) {
      const written: string[] = [];
      for (const action of actions) {
        try {
          const plan = planFor(home, action, options());
          if (!plan) continue;
          const result = await executeCleanup(plan);
          if (result.status !== 'written') return { written, error: result.message };
          written.push(result.message);
        } catch (error) {
          return { written, error: error instanceof Error ? error.message : String(error) };
        }
      }
      return { written, error: null };
    },
  };
}
