// `distill serve [--home DIR]`: the resident index of `distill mcp` without MCP, for people who want `recall` and
// `neighbors` answered from memory: they ask it over a Unix socket (docs/MCP.md) and answer themselves when it is not
// running. Runs until interrupted.
import type { Command } from 'commander';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';

export function registerServe(program: Command, ctx: Ctx): void {
  program
    .command('serve')
    .description('keep the card index in memory for recall and neighbors of this home (a Unix socket), until interrupted')
    .action(async (_opts: unknown, command: Command) => {
      const home = homeOf(command, ctx);
      const { runServe } = await import('../serve/run.js');
      ctx.exitCode = await runServe(home, ctx.io);
    });
}
