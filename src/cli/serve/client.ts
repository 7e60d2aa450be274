// `distill recall` and `distill neighbors` ask a resident server for the same home when one is running (its socket,
// core/files/paths.ts socketPath) and fall back silently to answering themselves when none is, it refuses, or it
// does not answer in time. Loaded by bin.ts (before the CLI: this chunk holds only what finding the socket takes,
// node:net and the home's path) and by main.ts, only for those two commands.
import fs from 'node:fs';
import net from 'node:net';
import { resolveHome, socketPath } from '../../core/index.js';
import type { Io } from '../process-io.js';
import { homeArgument, type SocketReply, type SocketRequest } from './protocol.js';

/** Long enough for a first neighbors request that builds the index of 100k cards on a busy machine. */
const ANSWER_MS = 20_000;

/**
 * Asks a running server of the home and prints its answer as this command's own: the exit code, or null when there is
 * none to ask, it refuses or does not answer (nothing printed: the command answers itself).
 */
export async function answerFromServer(argv: string[], io: Io): Promise<number | null> {
  const served = await askServer(argv, io);
  if (!served) return null;
  if (io.env.DISTILL_DEBUG) io.err(`distill: answered by the server at ${served.socket}\n`);
  io.out(served.out);
  io.err(served.err);
  return served.code;
}

/** The server's answer to this command line, or null: answer it here. */
export async function askServer(argv: string[], io: Io): Promise<{ out: string; err: string; code: number; socket: string } | null> {
  if (io.env.DISTILL_NO_SERVER) return null;
  let home: string;
  try {
    home = resolveHome({ home: homeArgument(argv), env: io.env, cwd: io.cwd });
  } catch {
    return null; // the command says why
  }
  const socket = socketPath(home, io.env);
  if (!socket || !fs.existsSync(socket)) return null;
  const request: SocketRequest = { argv, home, cwd: io.cwd };
  const reply = await exchange(socket, request);
  return reply && 'out' in reply ? { ...reply, socket } : null;
}

function exchange(socket: string, request: SocketRequest): Promise<SocketReply | null> {
  return new Promise((resolve) => {
    let data = '';
    let done = false;
    const finish = (reply: SocketReply | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      conn.destroy();
      resolve(reply);
    };
    const conn = net.createConnection(socket);
    const timer = setTimeout(() => finish(null), ANSWER_MS);
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(JSON.stringify(request) + '\n'));
    conn.on('data', (chunk: string) => {
      data += chunk;
      const end = data.indexOf('\n');
      if (end < 0) return;
      try {
        finish(JSON.parse(data.slice(0, end)) as SocketReply);
      } catch {
        finish(null);
      }
    });
    // A socket file left by a server that is gone (ECONNREFUSED), or any other failure: answer here.
    conn.on('error', () => finish(null));
    conn.on('close', () => finish(null));
  });
}
