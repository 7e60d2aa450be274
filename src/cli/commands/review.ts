// `distill review [quest]`, also what plain `distill` runs: the review TUI.
import type { Command } from 'commander';
import { openStore, openStoreFromCache, quirksQuest, recoverJournals, UserError } from '../../core/index.js';
import { createCoreFacade } from '../../ui/review/core-facade.js';
import { homeOf, questOf } from '../context.js';
import type { Ctx } from '../context.js';

export const NOT_A_TTY =
  'not a terminal; use distill candidates --json, distill drafts --json, distill neighbors --json or distill apply instead';

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

export function registerReview(program: Command, ctx: Ctx): void {
  program
    .command('review [quest]', { isDefault: true })
    .description('the review TUI: decide each draft lesson against its global neighbors, then write (default command)')
    .option('--quirks', "review the quirks files' entries (framework_quirks.md, system_quirks.md) instead of a quest")
    .option('--reviewer <name>', 'reviewer recorded in the decision (default $DISTILL_REVIEWER, $USER, $LOGNAME, the OS account)')
    .action(async (questArg: string | undefined, opts: { reviewer?: string; quirks?: boolean }, command: Command) => {
      if (!ctx.io.isTTY) throw new UserError(NOT_A_TTY, 2);
      if (opts.quirks && questArg !== undefined) throw new UserError('review --quirks takes no quest');
      const quest = opts.quirks ? quirksQuest(homeOf(command, ctx)) : questOf(command, ctx, questArg);
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
      const facade = createCoreFacade({ quest, env: ctx.io.env, notes, store, reviewer: opts.reviewer });
      // React's development build doubles the time per frame; it is chosen when React is first loaded, so the UI is
      // imported only here (the other commands never load React at all). The bundle has it built in (a local name keeps
      // esbuild's define from seeing an assignment to a constant).
      const env = process.env;
      env.NODE_ENV ??= 'production';
      const { runReview } = await import('../../ui/review/run.js');
      ctx.exitCode = await runReview({ facade, env: ctx.io.env, onStore: cached ? (screen) => checkAfterFirstFrame(screen, facade) : undefined });
    });
}
