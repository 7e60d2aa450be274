// `distill gate --all [--run-kinds K,K] [--json]`: the closure gate over every quest of the home, for a lab's CI.
// Exit 0 only when every quest's candidate runs are covered; 1 with the pending runs per quest; 2 when a quest
// cannot be read (its quest.yaml is broken), after listing the others.
import type { Command } from 'commander';
import { gateAll as gateAllAnswer } from '../answers/gate.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';
import { runLines } from '../runs-view.js';

export function gateAll(command: Command, ctx: Ctx, runKinds: string[] | undefined, json: boolean): void {
  const home = homeOf(command, ctx);
  // An interrupted write may have written cards but not the decision (or the reverse): never "closed" on that.
  noticeInterrupted(ctx.io, home);
  const answer = gateAllAnswer(home, runKinds);
  const { quests, open, broken, interrupted, ok } = answer;
  printWarnings(ctx.io, answer.warnings);
  ctx.exitCode = answer.exitCode;
  if (json) {
    printJson(ctx.io, answer.json);
    return;
  }
  for (const q of broken) ctx.io.err(`distill: ${q.error}\n`);
  if (ok) {
    const runs = quests.reduce((n, q) => n + q.total, 0);
    ctx.io.out(`gate --all: closed, all ${runs} candidate runs of ${quests.length} quest${quests.length === 1 ? '' : 's'} are covered\n`);
    return;
  }
  if (interrupted) ctx.io.out(`gate --all: open, ${interrupted}\n`);
  if (!open.length) return;
  ctx.io.out(`gate --all: open, ${open.length} of ${quests.length} quest${quests.length === 1 ? '' : 's'} ha${open.length === 1 ? 's' : 've'} runs that lack a distill_review:\n`);
  for (const q of open) {
    ctx.io.out(`quest ${q.id}: ${q.pending.length} pending (${q.covered}/${q.total} covered)\n${runLines(q.pending)}\n`);
  }
}
