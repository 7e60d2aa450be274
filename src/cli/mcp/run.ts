// Starting a resident server for a home: the resident index (core/resident), the MCP tools' context over it, and the
// stdio MCP server (`distill mcp`).
import fs from 'node:fs';
import { ResidentIndex } from '../../core/index.js';
import { residentSource } from '../answers/source.js';
import type { Io } from '../output.js';
import type { ToolContext } from './tools.js';

/** The home's resident index; its notices (why it rescans per request) go to stderr, as stdout may carry a protocol. */
export function openResident(home: string, io: Io): ResidentIndex {
  return new ResidentIndex(home, { env: io.env, notice: (line) => io.err(line + '\n') });
}

/** The tools' context: each request that reads cards first syncs the index with every change made before it. */
export function residentContext(resident: ResidentIndex, io: Io): ToolContext {
  const source = residentSource(resident);
  return {
    home: resident.home,
    env: io.env,
    cwd: io.cwd,
    cards: async () => {
      await resident.sync();
      return source;
    },
    exclusive: (task) => resident.exclusive(task),
  };
}

/** Serves MCP on stdio until the client closes it, and recall and neighbors of the CLI on the home's socket. */
export async function runMcp(home: string, io: Io): Promise<void> {
  const { serveStdio } = await import('./server.js');
  const { listenSocket } = await import('../serve/socket.js');
  const resident = openResident(home, io);
  const listening = await listenSocket(resident, io);
  // A client that ends the server by a signal: the socket file goes with it.
  const stop = () => {
    if (listening) fs.rmSync(listening.path, { force: true });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    await serveStdio(residentContext(resident, io));
  } finally {
    await listening?.close();
    resident.close();
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  }
}
