import type { Command } from 'commander';
import { coverage } from '../../core/index.js';
import { listOption, questOf } from '../context.js';
import type { Ctx } from '../context.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';
import { runJson, runLines } from '../runs-view.js';

export function registerCandidates(program: Command, ctx: Ctx): void {
  program
    .command('candidates [quest]')
    .description('completed runs that no distill_review covers yet')
    .option('--all', 'also list the covered candidates')
    .option('--run-kinds <kinds>', 'comma-separated run kinds that count (default main_experiment,analysis.slice,experiment)')
    .option('--json', 'machine-readable output')
    .action((questArg: string | undefined, opts: { all?: boolean; runKinds?: string; json?: boolean }, command: Command) => {
      const quest = questOf(command, ctx, questArg);
      noticeInterrupted(ctx.io, quest.home);
      const report = coverage(quest, { runKinds: listOption(opts.runKinds) });
      printWarnings(ctx.io, report.warnings);
      const pending = report.candidates.filter((c) => !c.covered);
      const covered = report.candidates.length - pending.length;
      if (opts.json) {
        printJson(ctx.io, {
          quest: { id: quest.id, root: quest.root },
          run_kinds: report.runKinds,
          covered,
          total: report.candidates.length,
          pending: pending.map(runJson),
          candidates: (opts.all ? report.candidates : pending).map(runJson),
          broken_lines: report.brokenLines,
        });
        return;
      }
      const shown = opts.all ? report.candidates : pending;
      ctx.io.out(`quest ${quest.id}: ${covered}/${report.candidates.length} candidate runs covered\n`);
      if (shown.length) ctx.io.out(runLines(shown) + '\n');
      else if (!opts.all) ctx.io.out('  nothing to review\n');
    });
}
