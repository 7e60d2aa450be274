// `distill quirks [--all] [--json]`: the entries of the home's quirks files not yet reviewed into global memory.
import path from 'node:path';
import type { Command } from 'commander';
import { listQuirkEntries, type QuirkDraft } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

export function quirkJson(q: QuirkDraft): Record<string, unknown> {
  return { id: q.id, kind: q.kind, file: q.file, line: q.line, title: q.title, tags: q.tags, reviewed: q.reviewed, text: q.card.raw };
}

export function registerQuirks(program: Command, ctx: Ctx): void {
  program
    .command('quirks')
    .description('entries of framework_quirks.md and system_quirks.md not yet reviewed into global memory')
    .option('--all', 'list reviewed entries too')
    .option('--json', 'machine-readable output')
    .action((opts: { all?: boolean; json?: boolean }, command: Command) => {
      const home = homeOf(command, ctx);
      const list = listQuirkEntries(home, { includeReviewed: opts.all });
      printWarnings(ctx.io, list.warnings);
      if (opts.json) {
        printJson(ctx.io, {
          home,
          files: list.files.map((f) => ({ kind: f.kind, path: f.path, exists: f.exists, entries: f.entries, unreviewed: f.unreviewed })),
          entries: list.entries.map(quirkJson),
        });
        return;
      }
      for (const f of list.files) {
        const name = path.basename(f.path);
        if (!f.exists) {
          ctx.io.out(`${name}: no file\n`);
          continue;
        }
        ctx.io.out(`${name}: ${f.entries} entr${f.entries === 1 ? 'y' : 'ies'}, ${f.unreviewed} not reviewed\n`);
        for (const q of list.entries.filter((e) => e.kind === f.kind)) {
          ctx.io.out(`  ${q.id}  line ${q.line}  ${q.title}${q.reviewed ? '  [reviewed]' : ''}\n`);
        }
      }
    });
}
