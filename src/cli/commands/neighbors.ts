// `distill neighbors <draft-or-card>`: the global cards that resemble a card or a draft, ranked, with the reasons.
import { Option, type Command } from 'commander';
import { neighbors, neighborsJson } from '../answers/neighbors.js';
import { homeOf } from '../context.js';
import { sourceOf } from '../answers/source.js';
import type { Ctx } from '../context.js';
import { positiveInteger } from '../options.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';

export function registerNeighbors(program: Command, ctx: Ctx): void {
  program
    .command('neighbors')
    .description('global cards that resemble a draft or a card, ranked, with the reasons each matched')
    .argument('<draft-or-card>', 'a card id, a card or draft file, or a draft id of the quest')
    .option('--quest <quest>', 'the quest of a draft id (default: the quest around the current directory)')
    .addOption(new Option('--limit <n>', 'at most n neighbors').argParser(positiveInteger).default(10))
    .option('--json', 'machine-readable output')
    .action(async (arg: string, opts: { quest?: string; limit: number; json?: boolean }, command: Command) => {
      const home = homeOf(command, ctx);
      noticeInterrupted(ctx.io, home);
      const ask = { home, env: ctx.io.env, cwd: ctx.io.cwd, target: arg, quest: opts.quest, limit: opts.limit };
      const answer = await neighbors(ask, sourceOf(ctx), { warn: (warnings) => printWarnings(ctx.io, warnings) });
      if (opts.json) {
        printJson(ctx.io, neighborsJson(answer));
        return;
      }
      const { target } = answer;
      ctx.io.out(`Neighbors of ${target.kind} ${target.id ?? target.path}: ${target.title}\n`);
      if (answer.neighbors.length === 0) ctx.io.out('  (no global card shares a tag, a word or the title)\n');
      for (const n of answer.neighbors) {
        ctx.io.out(`  ${n.score.toFixed(2)}  ${n.card.id ?? n.card.path}  ${n.card.title}\n`);
        ctx.io.out(`        ${n.reasons.join('; ')}\n`);
      }
    });
}
