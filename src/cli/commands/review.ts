// `distill review [quest]`, also what plain `distill` runs: the review TUI of a quest, or, outside a quest with none
// given, the home screen.
import type { Command } from 'commander';
import { minedQuest, questAround, quirksQuest, UserError } from '../../core/index.js';
import { openHome } from '../home-session.js';
import { openReview } from '../review-session.js';
import { homeOf, questOf } from '../context.js';
import type { Ctx } from '../context.js';

export const NOT_A_TTY =
  'not a terminal; use distill candidates --json, distill drafts --json, distill neighbors --json or distill apply instead';

export function registerReview(program: Command, ctx: Ctx): void {
  program
    .command('review [quest]', { isDefault: true })
    .description('the review TUI: decide each draft lesson against its global neighbors, then write (default command)')
    .option('--quirks', "review the quirks files' entries (framework_quirks.md, system_quirks.md) instead of a quest")
    .option('--mined', 'review the patterns distill mine proposes (the home screen\'s Mined patterns row)')
    .option('--reviewer <name>', 'reviewer recorded in the decision (default $DISTILL_REVIEWER, $USER, $LOGNAME, the OS account)')
    .action(async (questArg: string | undefined, opts: { reviewer?: string; quirks?: boolean; mined?: boolean }, command: Command) => {
      if (!ctx.io.isTTY) throw new UserError(NOT_A_TTY, 2);
      if (opts.quirks && opts.mined) throw new UserError('review takes --quirks or --mined, not both');
      const pseudo = opts.quirks ? '--quirks' : opts.mined ? '--mined' : null;
      if (pseudo && questArg !== undefined) throw new UserError(`review ${pseudo} takes no quest`);
      if (!pseudo && questArg === undefined) {
        // Not inside a quest and none given: the home screen, every quest of the home.
        const home = homeOf(command, ctx);
        if (!questAround(home, ctx.io.cwd)) {
          ctx.exitCode = await openHome(home, ctx, { reviewer: opts.reviewer });
          return;
        }
      }
      const quest = opts.quirks ? quirksQuest(homeOf(command, ctx)) : opts.mined ? minedQuest(homeOf(command, ctx)) : questOf(command, ctx, questArg);
      ctx.exitCode = await openReview(quest, ctx, { reviewer: opts.reviewer });
    });
}
