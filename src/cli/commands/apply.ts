// `distill apply <quest> <decisions.jsonl> [--yes] [--reviewer NAME] [--json]`: the write protocol without the TUI.
// Without --yes it prints the plan and writes nothing.
import path from 'node:path';
import type { Command } from 'commander';
import { coverage } from '../../core/quest/coverage.js';
import { listDrafts } from '../../core/quest/drafts.js';
import { resolveQuest } from '../../core/quest/home.js';
import { reviewerName } from '../../core/review/reviewer.js';
import { openStoreSync } from '../../core/store/load.js';
import { parseDecisionsFile } from '../../core/review/decisions-file.js';
import { describePlan, planSummary } from '../../core/review/describe.js';
import { executePlan } from '../../core/review/execute.js';
import { isoNow } from '../../core/review/ids.js';
import { buildPlan } from '../../core/review/plan.js';
import { recoverJournals } from '../../core/journal/recover.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

export { reviewerName } from '../../core/review/reviewer.js';

export function registerApply(program: Command, ctx: Ctx): void {
  program
    .command('apply <quest> <decisions>')
    .description('write the decisions of a JSONL file (cards, the distill_review decision); prints the plan without --yes')
    .option('--yes', 'write (without it, only the plan is printed)')
    .option('--reviewer <name>', 'reviewer recorded in the decision (default $DISTILL_REVIEWER, $USER, $LOGNAME, the OS account)')
    .option('--json', 'machine-readable output')
    .action(async (questArg: string, decisionsArg: string, opts: { yes?: boolean; reviewer?: string; json?: boolean }, command: Command) => {
      const io = ctx.io;
      const home = homeOf(command, ctx);
      for (const r of await recoverJournals(home)) io.err(`distill: ${r.message}\n`);
      const quest = resolveQuest(home, questArg, io.cwd);
      const report = coverage(quest);
      const global = openStoreSync(home, { env: io.env });
      const { drafts, warnings } = listDrafts(quest, { runs: report.runs, global, includeReviewed: true });
      printWarnings(io, [...report.warnings, ...warnings]);
      const staged = parseDecisionsFile(path.resolve(io.cwd, decisionsArg), drafts, io.cwd);
      const plan = buildPlan({
        home, quest, drafts, global, runs: report.runs, staged,
        reviewer: reviewerName(opts.reviewer, io.env), now: isoNow(io.env),
      });
      if (!opts.yes) {
        if (opts.json) printJson(io, { written: false, plan: planSummary(plan) });
        else io.out(describePlan(plan) + (plan.status === 'ready' ? '\nNothing written; run again with --yes to write.\n' : ''));
        return;
      }
      const result = await executePlan(home, plan, { faultAt: io.env.DISTILL_FAULT_AT });
      for (const r of result.recovered) io.err(`distill: ${r.message}\n`);
      if (opts.json) printJson(io, { written: result.status === 'written', ...result });
      else {
        io.out(`${result.message}\n`);
        for (const f of result.created) io.out(`  created ${path.relative(home, f)}\n`);
        for (const f of result.revised) io.out(`  revised ${path.relative(home, f)}\n`);
        if (result.decisionPath) io.out(`  decision ${path.relative(home, result.decisionPath)}\n`);
      }
      if (result.status === 'rolled_back') ctx.exitCode = 3;
    });
}
