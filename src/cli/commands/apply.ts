// `distill apply <quest> <decisions.jsonl> [--yes] [--reviewer NAME] [--json]`: the write protocol without the TUI.
// `distill apply --quirks <decisions.jsonl>` decides the quirks files' entries instead (quest `:quirks`).
// `distill apply --mined <decisions.jsonl>` decides the patterns `distill mine` proposes (quest `:mined`).
// Without --yes it prints the plan and writes nothing.
import path from 'node:path';
import type { Command } from 'commander';
import { describePlan, digestDifference, executePlan, loadMinedPlanSource, loadPlanSource, loadQuirksPlanSource, openStoreSync, parseDecisionsFile, planDigest, planReview, planSummary, recoverJournals, resolveQuest, ConflictError, UserError, withDecisionLine } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

interface ApplyOptions {
  yes?: boolean;
  reviewer?: string;
  json?: boolean;
  quirks?: string;
  mined?: string;
  expectPlan?: string;
}

export function registerApply(program: Command, ctx: Ctx): void {
  program
    .command('apply [quest] [decisions]')
    .description('write the decisions of a JSONL file (cards, the distill_review decision); prints the plan without --yes')
    .option('--quirks <decisions>', "decide the quirks files' entries (framework_quirks.md, system_quirks.md) instead of a quest's drafts")
    .option('--mined <decisions>', 'decide the patterns distill mine proposes (lines name them by "pattern": <id>)')
    .option('--yes', 'write (without it, only the plan is printed)')
    .option('--expect-plan <digest>', 'with --yes: write only if the plan is still the one a dry run printed (its digest); else exit 3')
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
      const digest = planDigest(plan);
      if (!opts.yes) {
        if (opts.expectPlan !== undefined) throw new UserError('--expect-plan goes with --yes (a dry run prints the digest)');
        if (opts.json) printJson(io, { written: false, plan_digest: digest, plan: planSummary(plan) });
        else {
          const ready = plan.status === 'ready';
          io.out(describePlan(plan) + (ready ? `\nPlan digest ${digest}: --yes --expect-plan ${digest} writes this plan and nothing else.\nNothing written; run again with --yes to write.\n` : ''));
        }
        return;
      }
      // The plan the dry run printed, or nothing: which part of it changed is named (the runs covered, the cards' bytes…).
      if (opts.expectPlan !== undefined && opts.expectPlan !== digest) {
        const parts = digestDifference(opts.expectPlan, digest);
        if (!parts) throw new UserError(`--expect-plan ${opts.expectPlan}: not a plan digest (a dry run prints one, like ${digest})`);
        throw new ConflictError(`the plan changed since the dry run (${parts.join(', ')} differ: plan ${digest}, expected ${opts.expectPlan}); nothing written (run the dry run again)`);
      }
      // Another review of the quest written meanwhile: the same decisions planned again, under the write lock.
      const replan = (shown: { now: string }) => planReview(load(), staged, { reviewer: opts.reviewer, env: io.env, now: shown.now });
      // With --expect-plan the plan checked above is the one confirmed: a replan under the lock that differs is refused.
      const result = await executePlan(home, plan, { faultAt: io.env.DISTILL_FAULT_AT, replan, asShown: opts.expectPlan !== undefined });
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
