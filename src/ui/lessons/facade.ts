// What the lessons screen needs from the core, behind one small interface (tests pass a fake or this one).
import { ConflictError, readBytesOrNull, cacheDir, describeCleanup, executeCleanup, listArchived, planRestore, type ArchivedEntry, findClusters, findClustersAsync, isoNow, nextTurn, openStore, openStoreFromCache, planArchive, planEdit, planIgnore, planMerge, readRegularText, recoverJournals, unifiedDiff, type CardMeta, type CleanupOptions, type CleanupPlan, type Cluster } from '../../core/index.js';
import { keptEditNotes, lessonsKeptEdits, type LessonsKeptEdits } from './kept-edits.js';
export { LESSONS_EDITS, type LessonsKeptEdits } from './kept-edits.js';

export type StagedKind = 'merge' | 'archive' | 'ignore' | 'edit';

export interface StagedAction {
  kind: StagedKind;
  /** Card files, survivor first for a merge. */
  paths: string[];
  ids: string[];
  /** For edit: the new text. */
  text?: string;
  /** For edit: the text the edit was made from (the card after the staged actions before it). */
  base?: string;
}

export interface LoadProgress {
  phase: string;
  done: number;
  total: number;
}

export interface LoadResult {
  /** Every card of the store (the "all cards" list), ignored ones included. */
  cards: CardMeta[];
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

/** What a load tells the screen before it is done (issue 20: the screen opens at once from the persisted clusters). */
export interface LoadHooks {
  /**
   * The clusters as last found, from the caches alone (no card file read), when there are any. The load waits for
   * what it returns (the screen: until that frame is on the terminal) before it checks the store, which blocks.
   */
  onEarly?: (result: LoadResult) => void | Promise<void>;
  /** The card files that changed since (their clusters may change), once the store is checked. */
  onChanged?: (paths: ReadonlySet<string>) => void;
  /** Stops the load (the screen quit): it rejects. */
  signal?: AbortSignal;
}

export interface LessonsFacade {
  /** The cards in the archive a restore brings back (A lists them), newest archiving first. */
  archived(): ArchivedEntry[];
  /** Restores one archived card at once, as `distill restore <card-id>` does; resolves to the line it wrote. */
  restoreArchived(cardId: string): Promise<string>;
  load(onProgress: (p: LoadProgress) => void, hooks?: LoadHooks): Promise<LoadResult>;
  /** The full text of a card file (for the card columns and the editor). */
  readText(file: string): string;
  /**
   * The card's text once the staged actions are written (what an edit must start from), or a one-line error when
   * they archive it or it cannot be planned.
   */
  stagedText(file: string, staged: readonly StagedAction[]): { text: string } | { error: string };
  /** The survivor and the archived cards a merge of these files would make, as the write will plan it. */
  mergePreview(files: readonly string[]): { survivor: string; archived: string[]; lines: string[] } | { error: string };
  /** The staged actions as the write will plan them: each one's summary and diffs (the W view). */
  planLines(actions: readonly StagedAction[]): string[];
  /** `occurrences` of each card file (read on demand: the metadata cache does not keep it); 1 when absent. */
  occurrences(files: readonly string[]): Map<string, number>;
  /** Checks an edit now, so a bad one is refused before it is staged; returns an error line or null. */
  checkEdit(file: string, text: string): string | null;
  /** Writes the actions in order, each as its own journaled action; stops at the first failure. */
  write(actions: readonly StagedAction[]): Promise<WriteOutcome>;
  /** Copies of refused edits kept in the home until saved or dropped, by card file; absent: none are kept. */
  keptEdits?: LessonsKeptEdits;
}


export function planFor(home: string, action: StagedAction, options: CleanupOptions): CleanupPlan | null {
  if (action.kind === 'merge') return planMerge(home, action.paths, options);
  if (action.kind === 'archive') return planArchive(home, action.paths, options);
  if (action.kind === 'ignore') return planIgnore(home, action.paths, options);
  return planEdit(home, action.paths[0], action.text ?? '', options, action.base);
}

export function createLessonsFacade(opts: { home: string; env: NodeJS.ProcessEnv; reviewer: string; threshold?: number; includeState?: boolean }): LessonsFacade {
  const { home, env } = opts;
  const includeState = opts.includeState === true;
  // The screen lists state cards (checkpoints) only with --include-state; they are read (and their pairs kept) either way.
  const shown = (cards: CardMeta[]) => (includeState ? cards : cards.filter((card) => !card.state));
  const options = (at: string = isoNow(env)): CleanupOptions => ({ reviewer: opts.reviewer, now: at });
  // The time the W view planned at: the write plans with the same time, so the records and diffs (`updated_at`) are
  // the ones the view showed (an action's id, and so its archive folder, no longer depends on the time: plan.ts).
  let plannedAt: string | null = null;
  // The cards' bytes when the W view planned (null: absent): the write refuses an action whose card changed since.
  let viewed = new Map<string, Buffer | null>();
  const keptEdits = lessonsKeptEdits(home);
  return {
    archived: () => listArchived(home),
    async restoreArchived(cardId) {
      // Planned again under the write lock: a cleanup or restore that landed since is named, not met as a changed card.
      const at = options();
      const result = await executeCleanup(planRestore(home, cardId, at), { replan: () => planRestore(home, cardId, at) });
      if (result.status !== 'written') throw new Error(result.message);
      return result.message;
    },
    keptEdits,
    async load(onProgress, hooks = {}) {
      const notes = (await recoverJournals(home)).map((r) => r.message);
      notes.push(...keptEditNotes(keptEdits));
      const pairCache = (root: string) => ({ dir: cacheDir(home, env), root });
      const cached = hooks.onEarly ? openStoreFromCache(home, { env }) : null;
      const seen = new Map<string, CardMeta>();
      // Cards as the cache holds them, a row decoded only when a field of it is read (store/lazy-card.ts): clustering
      // over a stored pair set and sorting by date read none.
      if (cached) {
        const cards = cached.view().lazyCards();
        const early = findClusters(cards, { threshold: opts.threshold, includeState, pairCache: pairCache(cached.root), storedOnly: true });
        for (const card of cards) seen.set(card.path, card);
        if (Object.values(early.kinds).some((how) => how !== 'stale') || early.clusters.length) {
          await hooks.onEarly?.({ cards: shown(cards), clusters: early.clusters, considered: early.considered, ms: early.ms, notes, createdAt: early.createdAt });
        }
      }
      hooks.signal?.throwIfAborted();
      const store = await openStore(home, { env, onProgress: (p) => onProgress({ phase: 'checking cards', done: p.done, total: p.total }) });
      hooks.signal?.throwIfAborted();
      await nextTurn(); // keys read between the store check and the cards' list
      const cards = store.view().lazyCards();
      if (cached) {
        await nextTurn();
        const changed = new Set<string>();
        for (let k = 0; k < cards.length; k++) {
          const card = cards[k];
          const old = seen.get(card.path);
          if (!old || old.size !== card.size || old.mtimeMs !== card.mtimeMs) changed.add(card.path);
          seen.delete(card.path);
          if ((k & 16383) === 16383) await nextTurn(); // ~20 ms a step at 100k
        }
        for (const gone of seen.keys()) changed.add(gone);
        hooks.onChanged?.(changed);
        await nextTurn();
      }
      const result = await findClustersAsync(cards, {
        threshold: opts.threshold,
        includeState,
        pairCache: pairCache(store.root),
        signal: hooks.signal,
        onProgress: (done, total) => onProgress({ phase: 'finding duplicates', done, total }),
      });
      // State cards left out are said, with the flag that shows them (the list would not tell they exist).
      const left = result.stateLeftOut;
      const said = left ? [...notes, `${left} state card${left === 1 ? '' : 's'} (checkpoints) left out: --include-state shows ${left === 1 ? 'it' : 'them'}`] : notes;
      return { cards: shown(cards), clusters: result.clusters, considered: result.considered, ms: result.ms, notes: said, createdAt: result.createdAt };
    },
    readText: (file) => readRegularText(file),
    mergePreview(files) {
      try {
        const plan = planMerge(home, files, options());
        return { survivor: plan.record.survivor!, archived: plan.record.archived.map((a) => a.card_id), lines: describeCleanup(plan).slice(1) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    planLines(actions) {
      const out: string[] = [];
      plannedAt = isoNow(env);
      viewed = new Map(actions.flatMap((a) => a.paths).map((file) => [file, readBytesOrNull(file)]));
      for (const [i, action] of actions.entries()) {
        out.push(...(i ? [''] : []));
        try {
          if (action.kind === 'edit' && action.base !== undefined) {
            // An edit made on top of an earlier staged action: its diff is against that result, not the disk.
            out.push(`edit ${action.ids[0]}`, ...unifiedDiff(action.base, action.text ?? '', 'a', 'b').replace(/\n$/, '').split('\n'));
            continue;
          }
          const plan = planFor(home, action, options(plannedAt));
          out.push(...(plan ? describeCleanup(plan) : [`${action.kind} ${action.ids.join(', ')}: no change`]));
        } catch (error) {
          out.push(`${action.kind} ${action.ids.join(', ')}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return out;
    },
    occurrences(files) {
      const out = new Map<string, number>();
      for (const file of files) {
        let n = 1;
        try {
          const text = readRegularText(file);
          const end = text.indexOf('\n---', 3);
          const m = /^occurrences:[ \t]*(\d+)[ \t]*$/m.exec(end > 0 ? text.slice(0, end) : '');
          if (m) n = Math.max(1, Number(m[1]));
        } catch {
          /* unreadable: counts 1, the list shows it anyway */
        }
        out.set(file, n);
      }
      return out;
    },
    stagedText(file, staged) {
      try {
        let text = readRegularText(file);
        // Each staged action touching the card, planned as the write will plan it (from the files on disk, so an
        // earlier staged edit of another merged card is not seen; the write then refuses the edit, nothing is lost).
        for (const action of staged) {
          if (!action.paths.includes(file)) continue;
          if (action.kind === 'edit') {
            text = action.text ?? text;
            continue;
          }
          const record = planFor(home, action, options())?.record;
          const archived = record?.archived.find((a) => a.path === file);
          if (archived) {
            const into = archived.superseded_by ? `merged into ${archived.superseded_by}` : 'archived';
            return { error: `${archived.card_id} is staged to be ${into}; undo that first (u)` };
          }
          text = record?.revised.find((r) => r.path === file)?.after ?? text;
        }
        return { text };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
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
      const at = plannedAt ?? isoNow(env);
      const seen = viewed;
      plannedAt = null;
      viewed = new Map();
      // Cards an earlier action of this write rewrote: the view showed them before it, so they are not compared.
      const touched = new Set<string>();
      for (const action of actions) {
        try {
          const plan = planFor(home, action, options(at));
          if (!plan) continue;
          // Under the write lock: each card is still what the W view planned from, or nothing of this action is written.
          const unchanged = () => {
            for (const file of action.paths) {
              if (touched.has(file) || !seen.has(file)) continue;
              const was = seen.get(file)!;
              const now = readBytesOrNull(file);
              if (was === null ? now !== null : now === null || !now.equals(was)) {
                throw new ConflictError(`${file}: changed on disk since the plan was shown; ${action.kind} not written (W shows the plan again)`);
              }
            }
            return plan;
          };
          const result = await executeCleanup(plan, { replan: unchanged });
          for (const file of action.paths) touched.add(file);
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
