// `distill revert <review-id>`: undo a written review as a whole (see core/review/revert.ts for what stays).
import path from 'node:path';
import type { Command } from 'commander';
import { cleanupThatChanged, isoNow, recoverJournals, revertReview, reviewerName } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson } from '../output.js';

export function registerRevert(program: Command, ctx: Ctx): void {
  program
    .command('revert <review-id>')
    .description('revert a written review: revised cards restored, new cards archived, the decision neutralised')
    .option('--reviewer <name>', 'who reverts (default $USER)')
    .option('--json', 'machine-readable output')
    .action(async (reviewId: string, opts: { reviewer?: string; json?: boolean }, command: Command) => {
      const io = ctx.io;
      const home = homeOf(command, ctx);
      for (const r of await recoverJournals(home)) io.err(`distill: ${r.message}\n`);
      const result = await revertReview(home, reviewId, {
        reviewer: reviewerName(opts.reviewer, io.env), now: isoNow(io.env), faultAt: io.env.DISTILL_FAULT_AT,
        // A card a lesson cleanup changed since is named with the restore that undoes it.
        laterWriter: (file, bytes) => cleanupThatChanged(home, file, bytes),
      });
      if (opts.json) printJson(io, result);
      else {
        io.out(`${result.message}\n`);
        for (const f of result.restored) io.out(`  restored ${path.relative(home, f)}\n`);
        for (const f of result.archived) io.out(`  archived ${path.relative(home, f)}\n`);
      }
      if (result.status === 'rolled_back') ctx.exitCode = 3;
    });
}
