// `distill mcp [--home DIR]`: recall, neighbors, propose_lesson, gate and status for an agent, as an MCP server over
// stdio, answering from an index of the cards kept in memory and current (docs/MCP.md). The SDK and the server load
// only when this command runs.
import type { Command } from 'commander';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';

export function registerMcp(program: Command, ctx: Ctx): void {
  program
    .command('mcp')
    .description('serve recall, neighbors, propose_lesson, gate and status to an agent (MCP over stdio; docs/MCP.md)')
    .action(async (_opts: unknown, command: Command) => {
      const home = homeOf(command, ctx);
      const { runMcp } = await import('../mcp/run.js');
      await runMcp(home, ctx.io);
    });
}
