// `distill mcp`: the MCP server over stdio (@modelcontextprotocol/sdk). Each tool of tools.ts answers what the command's
// --json gives; an error is a tool error (isError) carrying the command's one-line message, and the server goes on.
// Requests are answered one at a time, each after the resident index has seen every change made before it. The server
// ends when its client closes stdin.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorLine } from '../program.js';
import { packageVersion } from '../version.js';
import { TOOLS, type ToolAnswer, type ToolContext } from './tools.js';

const INSTRUCTIONS =
  'distill keeps the lessons of past research runs (global memory cards). Call `recall` with the task\'s tags (or words) before planning a task, and ' +
  '`neighbors` to see whether a lesson is already known, and `mine` for patterns proposed across the runs. When a run taught something reusable, call `propose_lesson`: it writes a draft a person ' +
  'reviews; it never changes global memory. `gate` and `status` say which completed runs still lack a review.';

function result(answer: ToolAnswer): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: answer.text ?? JSON.stringify(answer.json, null, 2) }];
  const warnings = answer.warnings ?? [];
  if (warnings.length) content.push({ type: 'text', text: warnings.map((w) => `warning: ${w.file}: ${w.message}`).join('\n') });
  return { content, structuredContent: answer.json };
}

export function mcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'distill', version: packageVersion() }, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS) {
    server.registerTool(tool.name, { title: tool.title, description: tool.description, inputSchema: tool.input }, (args: Record<string, unknown>) => {
      return ctx.exclusive(async (): Promise<CallToolResult> => {
        try {
          return result(await tool.run(args, ctx));
        } catch (error) {
          return { isError: true, content: [{ type: 'text', text: `distill: ${errorLine(error).line}` }] };
        }
      });
    });
  }
  return server;
}

/** Serves until the client closes stdin (or the transport fails). */
export async function serveStdio(ctx: ToolContext): Promise<void> {
  const server = mcpServer(ctx);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
