import { InvalidArgumentError, Option, type Command } from 'commander';
import path from 'node:path';
import { buildTagIndex, buildTagIndexOfView, MEMORY_KINDS, openStoreSync, readScope, recallCards, resolveQuest, singularKind, toCardMeta, UserError, type CardMeta, type FileWarning, type MemoryKind, type Recalled, type TagIndex } from '../../core/index.js';
import { homeOf, listOption } from '../context.js';
import type { Ctx } from '../context.js';
import { positiveInteger } from '../options.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';

/** `--kind`: a memory kind, plural or singular (`knowledge`, `papers` or `paper`, …). */
function memoryKind(value: string): MemoryKind {
  const match = MEMORY_KINDS.find((k) => k === value || singularKind(k) === value);
  if (!match) throw new InvalidArgumentError(`not a memory kind (one of ${MEMORY_KINDS.join(', ')})`);
  return match;
}

function claimOf(card: CardMeta): string {
  return card.claim ?? card.title;
}

export function checklist(hits: readonly Recalled[], tags: readonly string[]): string {
  const head = tags.length ? `tags ${tags.join(', ')}` : 'most recent';
  const lines = [`## What we already know (distill recall, ${head})`, ''];
  if (hits.length === 0) lines.push('- (no lessons recorded yet for these tags)');
  for (const { card, sharedTags } of hits) {
    const why = sharedTags.length ? `; tags: ${sharedTags.join(', ')}` : '';
    lines.push(`- [ ] ${claimOf(card).replace(/\s+/g, ' ')} (${card.id ?? path.basename(card.path)}${why})`);
  }
  lines.push('', 'Check each lesson against the plan before starting; say which ones you relied on.');
  return lines.join('\n') + '\n';
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
    .option('--checklist', 'print the lessons as a pre-task checklist block for an agent prompt')
    .option('--include-state', 'also recall state cards (checkpoints, resume packets tagged type:checkpoint-memory ...), left out by default')
    .option('--json', 'machine-readable output')
    .action((opts: { tags?: string; kind?: MemoryKind; limit: number; scope: 'global' | 'quest' | 'both'; quest?: string; checklist?: boolean; includeState?: boolean; json?: boolean }, command: Command) => {
      // --json promises JSON alone on stdout; the checklist is Markdown.
      if (opts.checklist && opts.json) throw new UserError('--checklist prints Markdown for a prompt and --json prints JSON: give one of them');
      const home = homeOf(command, ctx);
      noticeInterrupted(ctx.io, home);
      const tags = listOption(opts.tags) ?? [];
      const { kind, limit } = opts;
      // Global cards through the store (metadata cache, never written into the home) and a tag index of their
      // metadata alone (no neighbor index: nothing is tokenized); quest cards, few, read directly.
      // Global alone: tags come from the cache's light section and only the cards ranked are decoded.
      const cards: CardMeta[] = [];
      const warnings: FileWarning[] = [];
      let index: TagIndex | null = null;
      if (opts.scope !== 'quest') {
        const store = openStoreSync(home, { env: ctx.io.env, kinds: kind ? [kind] : undefined });
        if (opts.scope === 'global') index = buildTagIndexOfView(store.view());
        else cards.push(...store.cards);
        warnings.push(...store.warnings);
      }
      if (opts.scope !== 'global') {
        const quest = resolveQuest(home, opts.quest, ctx.io.cwd);
        const read = readScope(path.join(quest.root, 'memory'), 'quest', quest.id, kind ? [kind] : undefined);
        for (const c of read.cards) if (c.hasFrontmatter) cards.push(toCardMeta(c.path, c.kindDir, 'quest', c.meta, c.body, c.stat, quest.id));
        warnings.push(...read.warnings);
      }
      printWarnings(ctx.io, warnings);
      const hits = recallCards(index ?? buildTagIndex(cards), { tags, kind, limit, includeState: opts.includeState === true });
      if (opts.checklist) {
        ctx.io.out(checklist(hits, tags));
        return;
      }
      if (opts.json) {
        printJson(ctx.io, {
          tags,
          kind: kind ?? null,
          scope: opts.scope,
          cards: hits.map(({ card, sharedTags }) => ({
            card_id: card.id,
            title: card.title,
            kind: card.kindDir,
            scope: card.scope,
            path: card.path,
            tags: card.tags,
            overlap: sharedTags.length,
            shared_tags: sharedTags,
            updated_at: card.updatedAt,
            claim: card.claim,
          })),
        });
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
