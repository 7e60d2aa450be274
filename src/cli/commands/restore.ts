// `distill restore <action-id | card-id>`: undo a lesson-cleanup action, or bring one archived card back.
import path from 'node:path';
import type { Command } from 'commander';
import { executeCleanup, isoNow, planRestore, recoverJournals, reviewerName } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson } from '../output.js';

export function registerRestore(program: Command, ctx: Ctx): void {
  program
    .command('restore <target>')
    .description('undo a cleanup action (cleanup-<8hex>, see distill log) or restore one archived card by its id')
    .option('--why <text>', 'the reason, for the audit log')
    .option('--reviewer <name>', 'who restores (default $USER)')
    .option('--json', 'machine-readable output')
    .action(async (target: string, opts: { why?: string; reviewer?: string; json?: boolean }, command: Command) => {
      const io = ctx.io;
      const home = homeOf(command, ctx);
      for (const r of await recoverJournals(home)) io.err(`distill: ${r.message}\n`);
      const options = { reviewer: reviewerName(opts.reviewer, io.env), now: isoNow(io.env), why: opts.why };
      const plan = planRestore(home, target, options);
      // Planned again under the write lock: a later cleanup that landed meanwhile is named (restore that first).
      const result = await executeCleanup(plan, { replan: () => planRestore(home, target, options) });
      if (opts.json) printJson(io, { action_id: result.actionId, status: result.status, message: result.message, paths: result.paths });
      else {
        io.out(`${result.message}\n`);
        for (const file of result.paths) io.out(`  ${path.relative(home, file)}\n`);
      }
      if (result.status === 'rolled_back') ctx.exitCode = 3;
    });
}
