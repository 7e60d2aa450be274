import type { Command } from 'commander';
import path from 'node:path';
import { coverage, listDrafts, openStoreSync, type Draft } from '../../core/index.js';
import { listOption, questOf } from '../context.js';
import type { Ctx } from '../context.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';

const SOURCE_LABEL: Record<Draft['source'], string> = {
  pr60_draft: 'distill draft',
  quest_knowledge: 'quest knowledge',
  auto_card: 'auto card',
  quirk: 'quirks entry',
  mined: 'mined pattern',
};

export function draftJson(draft: Draft): Record<string, unknown> {
  return {
    id: draft.id,
    source: draft.source,
    path: draft.path,
    title: draft.title,
    claim: draft.claim,
    needs_edit: draft.needsEdit,
    tags: draft.tags,
    keywords: draft.keywords,
    run_ids: draft.runIds,
  };
}

export function registerDrafts(program: Command, ctx: Ctx): void {
  program
    .command('drafts [quest]')
    .description('draft lessons of the quest not yet in global memory, with their source')
    .option('--run-kinds <kinds>', 'run kinds that count as candidates')
    .option('--json', 'machine-readable output')
    .action((questArg: string | undefined, opts: { json?: boolean; runKinds?: string }, command: Command) => {
      const quest = questOf(command, ctx, questArg);
      noticeInterrupted(ctx.io, quest.home);
      const report = coverage(quest, { runKinds: listOption(opts.runKinds) });
      const global = openStoreSync(quest.home, { env: ctx.io.env });
      const { drafts, warnings } = listDrafts(quest, { runs: report.runs, global });
      printWarnings(ctx.io, [...report.warnings, ...warnings]);
      if (opts.json) {
        printJson(ctx.io, { quest: { id: quest.id, root: quest.root }, drafts: drafts.map(draftJson) });
        return;
      }
      ctx.io.out(`quest ${quest.id}: ${drafts.length} draft${drafts.length === 1 ? '' : 's'}\n`);
      for (const d of drafts) {
        const runs = d.runIds.length ? d.runIds.join(',') : 'quest-level';
        const flag = d.needsEdit ? '  [claim needs editing]' : '';
        ctx.io.out(`  ${d.id}  (${SOURCE_LABEL[d.source]}, ${runs})  ${d.title}${flag}\n`);
        ctx.io.out(`      ${path.relative(quest.home, d.path)}\n`);
      }
    });
}
