// `distill lessons`: the cleanup TUI over the global store (duplicate clusters, merge, archive, ignore, edit);
// `--json` prints the clusters for scripts.
import { Option, type Command } from 'commander';
import { cacheDir, findClusters, lessonsJson, loadVocabulary, openStoreSync, UserError } from '../../core/index.js';
import { homeOf } from '../context.js';
import { registerLessonsApply } from './lessons-apply.js';
import type { Ctx } from '../context.js';
import { unitScore } from '../options.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';
import { importScreen } from '../screen-import.js';

export const LESSONS_NOT_A_TTY = 'lessons: not a terminal; use distill lessons --json to list the duplicate clusters';

export function registerLessons(program: Command, ctx: Ctx): void {
  const lessons = program.command('lessons');
  registerLessonsApply(lessons, ctx);
  lessons
    .description('clean up the global store: clusters of likely duplicate cards to merge, archive, ignore or edit')
    .option('--json', 'print the clusters (largest first) instead of opening the TUI')
    .option('--reviewer <name>', 'who is recorded for merges and deletes (default $DISTILL_REVIEWER, $USER, $LOGNAME, the OS account)')
    .addOption(new Option('--threshold <score>', 'neighbor score from which two cards count as duplicates (default 0.6)').argParser(unitScore))
    .option('--include-state', 'also show state cards (checkpoints, resume packets tagged type:checkpoint-memory ...), clustered only among themselves')
    .action(async (opts: { json?: boolean; threshold?: number; reviewer?: string; includeState?: boolean }, command: Command) => {
      const home = homeOf(command, ctx);
      const { threshold } = opts;
      const includeState = opts.includeState === true;
      if (!opts.json) {
        if (!ctx.io.isTTY) throw new UserError(LESSONS_NOT_A_TTY, 2);
        loadVocabulary(home); // a bad abbreviation file is a one-line error before the screen opens
        const { runLessons } = await importScreen(() => import('../../ui/lessons/run.js'));
        ctx.exitCode = await runLessons({ home, env: ctx.io.env, threshold, includeState, reviewer: opts.reviewer, err: ctx.io.err });
        return;
      }
      noticeInterrupted(ctx.io, home);
      const store = openStoreSync(home, { env: ctx.io.env });
      printWarnings(ctx.io, store.warnings);
      // Rows are decoded as the pass reads them: over a stored pair set, only the clusters' members' (lazy-card.ts).
      const cards = store.view().lazyCards();
      printJson(ctx.io, lessonsJson(home, findClusters(cards, { threshold, includeState, pairCache: { dir: cacheDir(home, ctx.io.env), root: store.root } })));
    });
}
