// `distill recover [--discard <id>]`: finish interrupted writes now (every write command does this first anyway), or
// drop a journal that cannot run so the home is unblocked. Locks no process can hold are cleared first.
import path from 'node:path';
import type { Command } from 'commander';
import { clearDeadLocks, discardJournal, isoNow, recoverJournals, removeTempLeftovers } from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson } from '../output.js';

export function registerRecover(program: Command, ctx: Ctx): void {
  program
    .command('recover')
    .description('finish interrupted writes (roll forward, or back if the disk changed), clear locks no one holds; --discard drops one journal')
    .option('--discard <id>', 'move the journal <id> to .distill/discarded/ without running it; what it wrote stays')
    .option('--json', 'machine-readable output')
    .action(async (opts: { discard?: string; json?: boolean }, command: Command) => {
      const io = ctx.io;
      const home = homeOf(command, ctx);
      // A lock no process can hold (its holder died, or it is not a lock distill writes) would stop the recovery too.
      const cleared = clearDeadLocks(home);
      if (!opts.json) for (const c of cleared) io.out(`cleared ${c.file} (${c.why})\n`);
      if (opts.discard) {
        const kept = await discardJournal(home, opts.discard, isoNow(io.env));
        if (opts.json) printJson(io, { discarded: opts.discard, kept, cleared_locks: cleared });
        else {
          io.out(`discarded interrupted write ${opts.discard} (kept as ${kept}); files it already wrote stay as they are:` +
            ' check them with distill log and distill gate\n');
        }
        return;
      }
      const reports = await recoverJournals(home);
      // Once no write is pending: temp files of distill's own naming that interrupted writes left (a minute old).
      const temps = removeTempLeftovers(home);
      if (opts.json) printJson(io, { recovered: reports, cleared_locks: cleared, removed_temps: temps });
      else if (reports.length === 0 && cleared.length === 0 && temps.length === 0) io.out('nothing to recover\n');
      else {
        for (const r of reports) io.out(`${r.message}\n`);
        for (const t of temps) io.out(`removed ${path.relative(home, t)} (a temp file an interrupted write left)\n`);
      }
      if (reports.some((r) => r.outcome === 'rolled_back')) ctx.exitCode = 3;
    });
}
