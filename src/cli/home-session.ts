// Plain `distill` outside a quest: the home screen. Enter opens a quest's review (or the quirks review) through the
// same openReview as `distill review`; leaving it comes back to the home with the counts read again. What the
// reviews wrote is printed to the shell when distill ends.
import { homeStatus, keptMinedCount, loadVocabulary, MINED_QUEST, minedProposedCount, minedQuest, openStoreIfUnmoved, openStoreSync, QUIRKS_QUEST, quirksQuest, resolveQuest, UserError } from '../core/index.js';
import type { Ctx } from './context.js';
import { openReview, productionReact } from './review-session.js';
import { importScreen } from './screen-import.js';

export async function openHome(home: string, ctx: Ctx, options: { reviewer?: string }): Promise<number> {
  const summaries: string[] = [];
  loadVocabulary(home); // a bad abbreviation file is a one-line error before the screen opens
  productionReact();
  const { runHome } = await importScreen(() => import('../ui/home/run.js'));
  const code = await runHome({
    env: ctx.io.env,
    // Metadata only (cached): which quest cards are already promoted. Checked again for every drawing, so the counts
    // follow what a review just wrote (distill writes by rename: the folder's mtime moves, and the store is opened).
    load: () => ({
      ...homeStatus(home, { global: openStoreIfUnmoved(home, { env: ctx.io.env }) ?? openStoreSync(home, { env: ctx.io.env }) }),
      // The count kept while no run, quest or decision changed (core/mine/mine-cache.ts); else null: the row says
      // "counting…" and mineLater mines once the first frame is drawn.
      mined: keptMinedCount(home, ctx.io.env),
    }),
    mineLater: () => minedProposedCount(home, ctx.io.env).proposed,
    open: async (target) => {
      let written = '';
      try {
        const quest = target === QUIRKS_QUEST ? quirksQuest(home) : target === MINED_QUEST ? minedQuest(home) : resolveQuest(home, target, ctx.io.cwd);
        await openReview(quest, ctx, { reviewer: options.reviewer, onSummary: (s) => (written = s), backLeaves: true });
      } catch (error) {
        // A quest that cannot be opened (its quest.yaml broke since the list was read) is a line on the home screen.
        if (error instanceof UserError) return error.message;
        throw error;
      }
      summaries.push(written);
      return written ? written.trim().split('\n').at(-1)! : `back from ${target === QUIRKS_QUEST ? 'the quirks review' : target === MINED_QUEST ? 'the mined patterns' : `quest ${target}`}`;
    },
  });
  if (summaries.length) ctx.io.out(summaries.join(''));
  return code;
}
