// `distill neighbors <draft-or-card>`: the global cards that resemble a card or a draft, ranked, with the reasons.
import { Option, type Command } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import { isInside, openNeighborIndex, openStoreSync, parseCardTextFast, probeFromCard, probeFromMeta, readProblem, readRegularText, singularKind, UserError, type CardMeta, type Store } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Target } from './neighbors-draft.js';
import type { Ctx } from '../context.js';
import { positiveInteger } from '../options.js';
import { noticeInterrupted, printJson, printWarnings } from '../output.js';

function fromCard(card: CardMeta): Target {
  return { kind: 'card', id: card.id, title: card.title, path: card.path, tags: card.tags, probe: probeFromCard(card) };
}

function fromFile(file: string): Target {
  let text: string;
  try {
    text = readRegularText(file);
  } catch (error) {
    throw new UserError(`${file}: cannot read (${readProblem(error)})`);
  }
  const parsed = parseCardTextFast(text);
  if (parsed.error) throw new UserError(`${file}: ${parsed.error}`);
  const probe = probeFromMeta(parsed.meta, parsed.body, path.basename(file, '.md'), file);
  const id = typeof parsed.meta.id === 'string' ? parsed.meta.id : null;
  return { kind: 'file', id, title: probe.title, path: file, tags: [...probe.tags], probe };
}

/** A card id, a card or draft file path, or a draft id of the quest (--quest, else the quest around the cwd). */
async function resolveTarget(arg: string, store: Store, ctx: Ctx, quest: string | undefined): Promise<Target> {
  const card = store.byId(arg);
  if (card) return fromCard(card);
  if (arg.includes('/') || arg.endsWith('.md')) {
    const file = path.resolve(ctx.io.cwd, arg);
    const inStore = store.byPath(file);
    if (inStore) return fromCard(inStore);
    if (fs.existsSync(file)) {
      // Reading only, but the rule writes follow: the file, through symlinks, must be inside the home.
      if (!isInside(fs.realpathSync(store.home), fs.realpathSync(file))) {
        throw new UserError(`${file}: outside the home ${store.home}; distill reads card files only inside it`);
      }
      if (!file.endsWith('.md') || !fs.statSync(file).isFile()) throw new UserError(`${file}: not a card or draft file (a .md file)`);
      return fromFile(file);
    }
    if (!arg.startsWith('draft:')) throw new UserError(`${file}: no such card or draft file`);
  }
  // A draft id: the quest's drafts are read by their own module (and the state files' schemas with them), loaded only
  // for this.
  const { draftTarget } = await import('./neighbors-draft.js');
  return draftTarget(arg, store, ctx, quest);
}

export function registerNeighbors(program: Command, ctx: Ctx): void {
  program
    .command('neighbors')
    .description('global cards that resemble a draft or a card, ranked, with the reasons each matched')
    .argument('<draft-or-card>', 'a card id, a card or draft file, or a draft id of the quest')
    .option('--quest <quest>', 'the quest of a draft id (default: the quest around the current directory)')
    .addOption(new Option('--limit <n>', 'at most n neighbors').argParser(positiveInteger).default(10))
    .option('--json', 'machine-readable output')
    .action(async (arg: string, opts: { quest?: string; limit: number; json?: boolean }, command: Command) => {
      const { limit } = opts;
      const home = homeOf(command, ctx);
      noticeInterrupted(ctx.io, home);
      const store = openStoreSync(home, { env: ctx.io.env });
      printWarnings(ctx.io, store.warnings);
      const target = await resolveTarget(arg, store, ctx, opts.quest);
      const neighbors = openNeighborIndex(store).index.query(target.probe, { limit });
      if (opts.json) {
        printJson(ctx.io, {
          query: { kind: target.kind, id: target.id, title: target.title, path: target.path, tags: target.tags },
          neighbors: neighbors.map((n) => ({
            card_id: n.card.id,
            title: n.card.title,
            path: n.card.path,
            kind: singularKind(n.card.kindDir),
            score: n.score,
            reasons: n.reasons,
            tags: n.card.tags,
          })),
        });
        return;
      }
      ctx.io.out(`Neighbors of ${target.kind} ${target.id ?? target.path}: ${target.title}\n`);
      if (neighbors.length === 0) ctx.io.out('  (no global card shares a tag, a word or the title)\n');
      for (const n of neighbors) {
        ctx.io.out(`  ${n.score.toFixed(2)}  ${n.card.id ?? n.card.path}  ${n.card.title}\n`);
        ctx.io.out(`        ${n.reasons.join('; ')}\n`);
      }
    });
}
