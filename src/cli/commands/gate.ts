import type { Command } from 'commander';
import { UserError } from '../../core/index.js';
import { gate } from '../answers/gate.js';
import { listOption, questOf } from '../context.js';
import type { Ctx } from '../context.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';
import { runLines } from '../runs-view.js';
import { gateAll } from './gate-all.js';

export function registerGate(program: Command, ctx: Ctx): void {
  program
    .command('gate [quest]')
    .description('closure gate: exit 0 when every candidate run is covered, 1 with the pending runs otherwise')
    .option('--run-kinds <kinds>', 'comma-separated run kinds that count (default main_experiment,analysis.slice,experiment)')
    .option('--all', 'every quest of the home: exit 0 only when all are covered')
    .option('--json', 'machine-readable output')
    .action((questArg: string | undefined, opts: { runKinds?: string; json?: boolean; all?: boolean }, command: Command) => {
      if (opts.all) {
        if (questArg) throw new UserError(`gate --all takes no quest (got ${questArg})`);
        return gateAll(command, ctx, listOption(opts.runKinds), Boolean(opts.json));
      }
      const quest = questOf(command, ctx, questArg);
      // An interrupted write may have written cards but not the decision (or the reverse): never "closed" on that.
      noticeInterrupted(ctx.io, quest.home);
      const answer = gate(quest, listOption(opts.runKinds));
      ctx.exitCode = answer.exitCode;
      if (answer.interrupted) {
        if (opts.json) printJson(ctx.io, answer.json);
        else ctx.io.out(`gate ${quest.id}: open, ${answer.interrupted}\n`);
        return;
      }
      printWarnings(ctx.io, answer.warnings);
      if (opts.json) {
        printJson(ctx.io, answer.json);
        return;
      }
      const { pending, unreadable } = answer;
      const total = answer.report!.candidates.length;
      if (answer.ok) {
        ctx.io.out(`gate ${quest.id}: closed, all ${total} candidate runs are covered by a distill_review\n`);
        return;
      }
      if (unreadable.length) {
        const n = unreadable.length;
        ctx.io.out(
          `gate ${quest.id}: not closed, ${n} file${n === 1 ? '' : 's'} the gate cannot read:\n` +
            unreadable.map((w) => `  • ${w.file}: ${w.message}\n`).join('') +
            `fix ${n === 1 ? 'it' : 'them'}, then run the gate again\n`,
        );
        if (!pending.length) return;
      }
      const n = pending.length;
      ctx.io.out(
        `gate ${quest.id}: open, ${n} completed run${n === 1 ? '' : 's'} lack${n === 1 ? 's' : ''} a distill_review:\n` +
          runLines(pending) +
          `\nreview ${n === 1 ? 'it' : 'them'} with: distill review ${quest.id}\n`,
      );
    });
}
