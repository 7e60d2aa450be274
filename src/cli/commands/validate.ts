import type { Command } from 'commander';
import { validatePath } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

export function registerValidate(program: Command, ctx: Ctx): void {
  program
    .command('validate [path]')
    .description('check cards and distill_review decisions against the PR #60 contracts (exit 1 on violations)')
    .option('--json', 'machine-readable output')
    .action((target: string | undefined, opts: { json?: boolean }, command: Command) => {
      const home = homeOf(command, ctx);
      const report = validatePath(home, target ? (target.startsWith('/') ? target : `${ctx.io.cwd}/${target}`) : home);
      ctx.exitCode = report.violations.length ? 1 : 0;
      if (opts.json) {
        printJson(ctx.io, {
          checked: { cards: report.cards, decisions: report.decisions },
          ok: report.violations.length === 0,
          violations: report.violations,
          warnings: report.warnings,
        });
        return;
      }
      printWarnings(ctx.io, report.warnings);
      for (const v of report.violations) ctx.io.out(`${v.file}: ${v.field}: ${v.message}\n`);
      const n = report.violations.length;
      ctx.io.out(
        `checked ${report.cards} card${report.cards === 1 ? '' : 's'} and ${report.decisions} distill_review decision${report.decisions === 1 ? '' : 's'}: ` +
          (n ? `${n} violation${n === 1 ? '' : 's'}\n` : 'no violations\n'),
      );
    });
}
