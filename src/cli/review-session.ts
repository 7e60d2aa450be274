// Opening one review, as `distill review [quest]`, `distill review --quirks` and the home screen's Enter do: roll an
// interrupted write forward or back, open the card store (first frame from the metadata cache), draw the review.
import { openStore, openStoreFromCache, recoverJournals, type Quest } from '../core/index.js';
import { createCoreFacade } from '../ui/review/core-facade.js';
import type { Ctx } from './context.js';
import { importScreen } from './screen-import.js';

/**
 * Ink draws the first frame while render() runs (called right after onStore); a timer then checks the store against
 * the files. Keys wait behind it (one thread), so nothing is decided on unchecked cards; changed cards reload the
 * screen, staged decisions kept.
 */
export function checkAfterFirstFrame(screen: { getState(): { reload(message?: string): void } }, facade: { checkStore(): boolean }): void {
  setTimeout(() => {
    if (facade.checkStore()) screen.getState().reload('global cards changed since the last session: re-read');
  }, 0);
}

/** React's development build doubles the time per frame; it is chosen when React is first loaded. */
export function productionReact(): void {
  // A local name keeps esbuild's define from seeing an assignment to a constant.
  const env = process.env;
  env.NODE_ENV ??= 'production';
}

export interface ReviewSessionOptions {
  reviewer?: string;
  /** Where the quit summary goes (default: stdout once the screen is gone). */
  onSummary?: (summary: string) => void;
  /** Opened from the home screen: Esc at the runs pane goes back there. */
  backLeaves?: boolean;
}

/** Draws the review of a quest (or of the quirks files, `quirksQuest(home)`) until the reviewer quits. */
export async function openReview(quest: Quest, ctx: Ctx, options: ReviewSessionOptions = {}): Promise<number> {
  // An interrupted write is rolled forward or back before anything is shown.
  const recovered = await recoverJournals(quest.home);
  const notes = recovered.map((r) => `recovered an interrupted write ${r.id}: ${r.outcome} (${r.message})`);
  // The first frame comes from the metadata cache as it is; the store is checked right after it (issue 16).
  const cached = openStoreFromCache(quest.home, { env: ctx.io.env });
  const store =
    cached ??
    (await openStore(quest.home, {
      env: ctx.io.env,
      onProgress: ({ phase, done, total }) => {
        // A progress line only when there is enough to wait for; cleared before the TUI draws.
        if (total < 2000 || phase === 'list') return;
        ctx.io.err(phase === 'done' ? '\r\x1b[2K' : `\r${phase === 'stat' ? 'checking' : 'reading'} global cards ${done}/${total}…`);
      },
    }));
  const facade = createCoreFacade({ quest, env: ctx.io.env, notes, store, reviewer: options.reviewer });
  // The UI is imported only here (the other commands never load React at all).
  productionReact();
  const { runReview } = await importScreen(() => import('../ui/review/run.js'));
  return runReview({
    facade,
    env: ctx.io.env,
    onStore: cached ? (screen) => checkAfterFirstFrame(screen, facade) : undefined,
    onSummary: options.onSummary,
    backLeaves: options.backLeaves,
  });
}
