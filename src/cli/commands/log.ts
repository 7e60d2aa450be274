// `distill log`: the audit log of every write in this home (reviews and lesson cleanup): who, when, what, why.
import type { Command } from 'commander';
import { auditText, readAudit, UserError } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

export function registerLog(program: Command, ctx: Ctx): void {
  program
    .command('log')
    .description('the audit log: every review and cleanup action written in this home, newest last')
    .option('--limit <n>', 'only the last n entries')
    .option('--json', 'machine-readable output')
    .action((opts: { limit?: string; json?: boolean }, command: Command) => {
      const home = homeOf(command, ctx);
      let limit = Infinity;
      if (opts.limit !== undefined) {
        limit = Number(opts.limit);
        if (!Number.isInteger(limit) || limit < 1) throw new UserError(`--limit ${opts.limit}: not a positive whole number`);
      }
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
