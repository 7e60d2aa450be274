// `distill status [--run-kinds K,K] [--json]`: every quest of the home with its coverage, drafts, notes and last
// activity, pending work first, and the quirks files' unreviewed entries. Read-only.
import path from 'node:path';
import type { Command } from 'commander';
import type { HomeStatus } from '../../core/index.js';
import { status as homeStatusAnswer } from '../answers/status.js';
import { homeOf, listOption } from '../context.js';
import { sourceOf } from '../answers/source.js';
import type { Ctx } from '../context.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd()).join('\n') + '\n';
}

export function statusText(status: HomeStatus): string {
  const rows = [['QUEST', 'COVERED', 'DRAFTS', 'NOTES', 'LAST ACTIVITY', 'TITLE']];
  for (const q of status.quests) {
    if (q.error) rows.push([q.id, '-', '-', '-', '-', `error: ${q.error}`]);
    else rows.push([q.id, `${q.covered}/${q.total}`, String(q.drafts ?? '-'), String(q.notes ?? '-'), q.lastActivity ?? '-', q.title ?? '']);
  }
  const files = status.quirks.files.filter((f) => f.exists).map((f) => path.basename(f.path));
  rows.push(['quirks', '-', String(status.quirks.unreviewed), '-', '-', files.length ? files.join(', ') : 'no quirks files']);
  return table(rows);
}

export function registerStatus(program: Command, ctx: Ctx): void {
  program
    .command('status')
    .description('every quest of the home: covered/total candidate runs, drafts and notes to review, last activity')
    .option('--run-kinds <kinds>', 'run kinds that count as candidates')
    .option('--json', 'machine-readable output')
    .action((opts: { runKinds?: string; json?: boolean }, command: Command) => {
      const home = homeOf(command, ctx);
      noticeInterrupted(ctx.io, home);
      const answer = homeStatusAnswer(home, ctx.io.env, listOption(opts.runKinds), sourceOf(ctx));
      printWarnings(ctx.io, answer.warnings);
      if (opts.json) {
        printJson(ctx.io, answer.json);
        return;
      }
      ctx.io.out(statusText(answer.status));
    });
}
