// `distill log`: the audit log of every write in this home (reviews and lesson cleanup): who, when, what, why.
import { Option, type Command } from 'commander';
import { auditText, readAudit } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { positiveInteger } from '../options.js';
import { printJson, printWarnings } from '../output.js';

export function registerLog(program: Command, ctx: Ctx): void {
  program
    .command('log')
    .description('the audit log: every review and cleanup action written in this home, newest last')
    .addOption(new Option('--limit <n>', 'only the last n entries').argParser(positiveInteger))
    .option('--json', 'machine-readable output')
    .action((opts: { limit?: number; json?: boolean }, command: Command) => {
      const home = homeOf(command, ctx);
      const limit = opts.limit ?? Infinity;
      const { entries, warnings } = readAudit(home);
      printWarnings(ctx.io, warnings);
      const shown = entries.slice(Math.max(0, entries.length - limit));
      if (opts.json) {
        printJson(ctx.io, { entries: shown.map(({ at, who, action, id, what, why, decisions }) => ({ at, who, action, id, what, why, decisions })) });
        return;
      }
      if (shown.length === 0) ctx.io.out('nothing written yet\n');
      for (const entry of shown) ctx.io.out(auditText(entry) + '\n');
    });
}
