// `distill apply <quest> <decisions.jsonl> [--yes] [--reviewer NAME] [--json]`: the write protocol without the TUI.
// `distill apply --quirks <decisions.jsonl>` decides the quirks files' entries instead (quest `:quirks`).
// `distill apply --mined <decisions.jsonl>` decides the patterns `distill mine` proposes (quest `:mined`).
// Without --yes it prints the plan and writes nothing.
import path from 'node:path';
import type { Command } from 'commander';
import { describePlan, executePlan, loadMinedPlanSource, loadPlanSource, loadQuirksPlanSource, openStoreSync, parseDecisionsFile, planReview, planSummary, recoverJournals, resolveQuest, UserError, withDecisionLine } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

interface ApplyOptions {
  yes?: boolean;
  reviewer?: string;
  json?: boolean;
  quirks?: string;
  mined?: string;
}

export function registerApply(program: Command, ctx: Ctx): void {
  program
    .command('apply [quest] [decisions]')
    .description('write the decisions of a JSONL file (cards, the distill_review decision); prints the plan without --yes')
    .option('--quirks <decisions>', "decide the quirks files' entries (framework_quirks.md, system_quirks.md) instead of a quest's drafts")
    .option('--mined <decisions>', 'decide the patterns distill mine proposes (lines name them by "pattern": <id>)')
    .option('--yes', 'write (without it, only the plan is printed)')
    .option('--reviewer <name>', 'reviewer recorded in the decision (default $DISTILL_REVIEWER, $USER, $LOGNAME, the OS account)')
    .option('--json', 'machine-readable output')
    .action(async (questArg: string | undefined, decisionsArg: string | undefined, opts: ApplyOptions, command: Command) => {
      const io = ctx.io;
      if (opts.quirks !== undefined && opts.mined !== undefined) throw new UserError('apply takes --quirks or --mined, not both');
      const pseudo = opts.quirks !== undefined ? '--quirks' : opts.mined !== undefined ? '--mined' : null;
      if (pseudo && questArg !== undefined) throw new UserError(`apply ${pseudo} <decisions> takes no quest`);
      if (!pseudo && (questArg === undefined || decisionsArg === undefined)) {
        throw new UserError('apply needs <quest> <decisions> (or --quirks <decisions>, or --mined <decisions>)');
      }
      const home = homeOf(command, ctx);
      for (const r of await recoverJournals(home)) io.err(`distill: ${r.message}\n`);
      const load = () => {
        const global = openStoreSync(home, { env: io.env });
        return opts.quirks !== undefined ? loadQuirksPlanSource(home, global)
          : opts.mined !== undefined ? loadMinedPlanSource(home, global)
            : loadPlanSource(resolveQuest(home, questArg!, io.cwd), global);
      };
      const source = load();
      printWarnings(io, source.warnings);
      const file = path.resolve(io.cwd, opts.quirks ?? opts.mined ?? decisionsArg!);
      const staged = parseDecisionsFile(file, source.drafts, io.cwd, { quirks: opts.quirks !== undefined, mined: opts.mined !== undefined, isRun: (id) => source.runs.has(id), notes: source.notes });
      let plan: ReturnType<typeof planReview>;
      try {
        plan = planReview(source, staged, { reviewer: opts.reviewer, env: io.env });
      } catch (error) {
        // A decision the plan refuses: named by its file and line, as a line that does not parse is.
        throw withDecisionLine(error, file, staged);
      }
      if (!opts.yes) {
        if (opts.json) printJson(io, { written: false, plan: planSummary(plan) });
        else io.out(describePlan(plan) + (plan.status === 'ready' ? '\nNothing written; run again with --yes to write.\n' : ''));
        return;
      }
      // Another review of the quest written meanwhile: the same decisions planned again, under the write lock.
      const replan = () => planReview(load(), staged, { reviewer: opts.reviewer, env: io.env });
      const result = await executePlan(home, plan, { faultAt: io.env.DISTILL_FAULT_AT, replan });
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
