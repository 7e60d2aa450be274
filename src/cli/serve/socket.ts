// The resident server's Unix socket (`distill serve`, and `distill mcp` beside its stdio): `distill recall` and
// `distill neighbors` of the same home send their command line (client.ts); it is run here over the resident index,
// after a sync, with the output captured and sent back (protocol.ts). The socket lives outside the home
// (socketPath), readable by its user alone; a socket file whose server is gone is replaced, one whose server answers
// is left to it.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { socketPath, type ResidentIndex } from '../../core/index.js';
import { residentSource } from '../answers/source.js';
import type { Io } from '../output.js';
import { commandWord } from '../command-word.js';
import { runProgram, type Register } from '../program.js';
import { SERVED_COMMANDS, type SocketReply, type SocketRequest } from './protocol.js';

/** The commands answered here (protocol.ts SERVED_COMMANDS), each loaded as commands/index.ts loads it. */
const SERVED: Record<string, () => Promise<Register>> = {
  recall: async () => (await import('../commands/recall.js')).registerRecall,
  neighbors: async () => (await import('../commands/neighbors.js')).registerNeighbors,
};

export interface Listening {
  path: string;
  close(): Promise<void>;
}

/** Whether a server answers on `file` (false: none, or the file is a socket left behind). */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = net.createConnection(file);
    conn.on('connect', () => {
      conn.destroy();
      resolve(true);
    });
    conn.on('error', () => resolve(false));
  });
}

async function answer(resident: ResidentIndex, io: Io, request: SocketRequest): Promise<SocketReply> {
  if (request.home !== resident.home) return { refused: `this server answers for ${resident.home}` };
  const argv = request.argv.map(String);
  const word = commandWord(argv);
  if (!word || !SERVED_COMMANDS.includes(word) || !SERVED[word]) return { refused: `not a command this server answers: ${word ?? '(none)'}` };
  return resident.exclusive(async () => {
    await resident.sync();
    let out = '';
    let err = '';
    const captured: Io = { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env: io.env, cwd: String(request.cwd) };
    const code = await runProgram(['--home', resident.home, ...argv], captured, [await SERVED[word]()], residentSource(resident));
    return { out, err, code };
  });
}

function serveConnection(conn: net.Socket, resident: ResidentIndex, io: Io): void {
  let data = '';
  conn.setEncoding('utf8');
  conn.on('error', () => conn.destroy());
  conn.on('data', (chunk: string) => {
    data += chunk;
    const end = data.indexOf('\n');
    if (end < 0) {
      if (data.length > 1 << 20) conn.destroy();
      return;
    }
    let request: SocketRequest;
    try {
      request = JSON.parse(data.slice(0, end)) as SocketRequest;
      if (!Array.isArray(request.argv)) throw new Error('no argv');
    } catch {
      conn.end(JSON.stringify({ refused: 'not a request' }) + '\n');
      return;
    }
    answer(resident, io, request).then(
      (reply) => conn.end(JSON.stringify(reply) + '\n'),
      (error: unknown) => conn.end(JSON.stringify({ refused: String(error) }) + '\n'),
    );
  });
}

/**
 * Listens on the home's socket; null (said on stderr) when there is no usable path or another server answers there.
 * `notice`: where that line goes.
 */
export async function listenSocket(resident: ResidentIndex, io: Io): Promise<Listening | null> {
  const file = socketPath(resident.home, io.env);
  if (!file) {
    io.err('distill: no socket for this home (its path would be too long); recall and neighbors do not use this server\n');
    return null;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (fs.existsSync(file)) {
    if (await answers(file)) {
      io.err(`distill: another distill server answers recall and neighbors for this home (${file})\n`);
      return null;
    }
    fs.rmSync(file, { force: true }); // its server is gone
  }
  const server = net.createServer((conn) => serveConnection(conn, resident, io));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    path: file,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}
