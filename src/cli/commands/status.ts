// `distill status [--run-kinds K,K] [--json]`: every quest of the home with its coverage, drafts, notes and last
// activity, pending work first, and the quirks files' unreviewed entries. Read-only.
import path from 'node:path';
import type { Command } from 'commander';
import { homeStatus, openStoreIfUnmoved, openStoreSync, type HomeStatus, type QuestStatus } from '../../core/index.js';
import { homeOf, listOption } from '../context.js';
import type { Ctx } from '../context.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';

export function questStatusJson(q: QuestStatus): Record<string, unknown> {
  return {
    id: q.id,
    title: q.title,
    root: q.root,
    covered: q.covered,
    total: q.total,
    pending_runs: q.pending.map((c) => c.artifactId),
    drafts: q.drafts,
    notes: q.notes,
    last_activity: q.lastActivity,
    error: q.error,
  };
}

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
      // Metadata only: which quest cards are already promoted. From the cache alone while no card file came, went or
      // was renamed (the card store is not touched); else the store is opened (each file stat-ed, changed ones read).
      const global = openStoreIfUnmoved(home, { env: ctx.io.env }) ?? openStoreSync(home, { env: ctx.io.env });
      const status = homeStatus(home, { runKinds: listOption(opts.runKinds), global });
      printWarnings(ctx.io, [...global.warnings, ...status.warnings]);
      if (opts.json) {
        printJson(ctx.io, {
          home,
          quests: status.quests.map(questStatusJson),
          quirks: { unreviewed: status.quirks.unreviewed, files: status.quirks.files.map((f) => ({ kind: f.kind, path: f.path, exists: f.exists, entries: f.entries, unreviewed: f.unreviewed })) },
        });
        return;
      }
      ctx.io.out(statusText(status));
    });
}
