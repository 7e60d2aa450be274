// `distill mine [--json] [--all] [--scope home|quest] [quest] [--min-support N] [--min-consistency X]`: lessons
// proposed from the runs of every quest (docs/MINING.md). Reads only; patterns are decided in the review (the home
// screen's "Mined patterns") or with `distill apply --mined <decisions.jsonl>`.
import type { Command } from 'commander';
import type { MineResult } from '../../core/index.js';
import { mineAnswer, mineJson } from '../answers/mine.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

interface MineCliOptions {
  json?: boolean;
  all?: boolean;
  scope?: string;
  minSupport?: string;
  minConsistency?: string;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

export function funnelLine(r: MineResult): string {
  const f = r.funnel;
  const g = r.gates;
  const quests = g.minQuests > 1 ? `, ≥${g.minQuests} quests` : '';
  return (
    `mine: ${f.episodes} episodes (${f.run_records} run records of ${f.quests} quest${f.quests === 1 ? '' : 's'}, ` +
    `${f.runner_turns} runner turns left out) → ${f.factors} factors → ${f.support} with support (≥${g.minSupport} runs${quests}) → ` +
    `${f.consistency} consistent (≥${pct(g.minConsistency)})${f.narrower ? ` + ${f.narrower} narrower` : ''} → ${f.proposed} proposed` +
    `${f.follow_ups ? ` (${f.follow_ups} follow-up${f.follow_ups === 1 ? '' : 's'} of written cards)` : ''}` +
    `${f.decided ? `, ${f.decided} decided` : ''}${f.suppressed ? `, ${f.suppressed} suppressed` : ''}`
  );
}

export function registerMine(program: Command, ctx: Ctx): void {
  program
    .command('mine [quest]')
    .description('patterns across the runs of every quest, proposed as lessons (nothing is written)')
    .option('--scope <scope>', 'home (every quest, the default) or quest (the quest given)')
    .option('--min-support <n>', 'runs with a known outcome a pattern needs (default 3)')
    .option('--min-consistency <x>', 'share of them that must agree (default 0.75)')
    .option('--all', 'list decided and suppressed patterns too')
    .option('--json', 'machine-readable output')
    .action((questArg: string | undefined, opts: MineCliOptions, command: Command) => {
      const home = homeOf(command, ctx);
      const result = mineAnswer(home, { quest: questArg, scope: opts.scope, all: opts.all, minSupport: opts.minSupport, minConsistency: opts.minConsistency });
      printWarnings(ctx.io, result.warnings);
      if (opts.json) {
        printJson(ctx.io, mineJson(result));
        return;
      }
      const out = ctx.io.out;
      out(`${funnelLine(result)}\n`);
      for (const p of result.patterns) {
        const f = p.followUp;
        const state = f ? `  [${f.turned ? 'turned' : 'follow-up'}: patch ${f.cardId ?? 'its card'}, ${f.newEvidence.length} new run${f.newEvidence.length === 1 ? '' : 's'}]` : p.state === 'proposed' ? '' : `  [${p.state}]`;
        out(`\n${p.id}  ${p.outcome}  ${p.evidence.length}/${p.support}  ${p.quests.length} quest${p.quests.length === 1 ? '' : 's'}${state}\n`);
        out(`  ${p.title}\n  ${p.claim}\n`);
      }
      if (result.funnel.proposed) out('\nReview them in distill (no quest): Mined patterns; or script it: distill apply --mined <decisions.jsonl>\n');
    });
}
