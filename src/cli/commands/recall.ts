import { InvalidArgumentError, Option, type Command } from 'commander';
import { MEMORY_KINDS, singularKind, UserError, type MemoryKind } from '../../core/index.js';
import { checklist, recall, recallJson, type RecallScope } from '../answers/recall.js';
import { homeOf, listOption } from '../context.js';
import { sourceOf } from '../answers/source.js';
import type { Ctx } from '../context.js';
import { positiveInteger } from '../options.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';

/** `--kind`: a memory kind, plural or singular (`knowledge`, `papers` or `paper`, …). */
function memoryKind(value: string): MemoryKind {
  const match = MEMORY_KINDS.find((k) => k === value || singularKind(k) === value);
  if (!match) throw new InvalidArgumentError(`not a memory kind (one of ${MEMORY_KINDS.join(', ')})`);
  return match;
}

export function registerRecall(program: Command, ctx: Ctx): void {
  program
    .command('recall')
    .description('what do we already know: cards ranked by tag overlap, then most recently updated')
    .option('--tags <tags>', 'comma-separated tags (exact strings, e.g. domain:nlp,topic:calibration)')
    .addOption(new Option('--kind <kind>', 'only this memory kind (knowledge, papers, ideas, decisions, episodes, templates)').argParser(memoryKind))
    .addOption(new Option('--limit <n>', 'at most n cards').argParser(positiveInteger).default(10))
    .addOption(new Option('--scope <scope>', 'where the cards come from').choices(['global', 'quest', 'both']).default('global'))
    .option('--quest <quest>', 'the quest for --scope quest|both (default: the quest around the current directory)')
    .option('--text <words>', 'rank global cards by these words too (shared words weighted by rarity, title similarity), as neighbors does')
    .option('--checklist', 'print the lessons as a pre-task checklist block for an agent prompt')
    .option('--include-state', 'also recall state cards (checkpoints, resume packets tagged type:checkpoint-memory ...), left out by default')
    .option('--json', 'machine-readable output')
    .action(async (opts: { tags?: string; kind?: MemoryKind; limit: number; scope: RecallScope; quest?: string; text?: string; checklist?: boolean; includeState?: boolean; json?: boolean }, command: Command) => {
      // --json promises JSON alone on stdout; the checklist is Markdown.
      if (opts.checklist && opts.json) throw new UserError('--checklist prints Markdown for a prompt and --json prints JSON: give one of them');
      const home = homeOf(command, ctx);
      noticeInterrupted(ctx.io, home);
      const ask = { home, env: ctx.io.env, cwd: ctx.io.cwd, tags: listOption(opts.tags) ?? [], kind: opts.kind, limit: opts.limit, scope: opts.scope, quest: opts.quest, text: opts.text, includeState: opts.includeState === true };
      const { hits, warnings } = await recall(ask, sourceOf(ctx));
      const tags = ask.tags;
      printWarnings(ctx.io, warnings);
      if (opts.checklist) {
        ctx.io.out(checklist(hits, tags));
        return;
      }
      if (opts.json) {
        printJson(ctx.io, recallJson(ask, hits));
        return;
      }
      if (hits.length === 0) {
        ctx.io.out('no cards match\n');
        return;
      }
      for (const { card, sharedTags } of hits) {
        const overlap = tags.length ? `${sharedTags.length}/${tags.length}  ` : '';
        ctx.io.out(`${overlap}${card.id ?? '-'}  ${card.title}  (${card.updatedAt ?? 'no date'})\n`);
        if (sharedTags.length) ctx.io.out(`    shared tags: ${sharedTags.join(', ')}\n`);
      }
    });
}
