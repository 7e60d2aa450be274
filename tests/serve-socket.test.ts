// `distill serve` and the socket of `distill mcp`: recall and neighbors of the same home ask the running server and
// print the same bytes as without it (tested both ways, the served path proved by DISTILL_DEBUG's line); a socket
// left by a killed server is passed over silently and replaced by the next server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { socketPath } from '../src/core/index.js';
import { copyFixture } from './helpers/home.js';
import { waitFor } from './helpers/wait.js';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'distill.js');

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'distill.mjs'))) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.js')], { stdio: 'ignore' });
}, 120_000);

const children: ChildProcess[] = [];
const temps: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function setup(): { home: string; env: NodeJS.ProcessEnv } {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-sock-'));
  temps.push(cache);
  return { home, env: { PATH: process.env.PATH, HOME: os.tmpdir(), TMPDIR: os.tmpdir(), DISTILL_CACHE_DIR: cache } };
}

function distill(args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The same, run without blocking this process (a fake server in it must answer). */
function distillAsync(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function serve(home: string, env: NodeJS.ProcessEnv, word = 'serve'): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, word, '--home', home], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const socket = socketPath(home, env)!;
  // Listening: a served recall says so under DISTILL_DEBUG.
  await waitFor(() => fs.existsSync(socket) && distill(['--home', home, 'recall'], { ...env, DISTILL_DEBUG: '1' }).err.includes('answered by the server'), {
    timeout: 20_000,
    message: () => `the server to listen (stderr: ${err})`,
  });
  return child;
}

const COMMANDS = [
  ['recall', '--tags', 'topic:calibration,domain:nlp', '--json'],
  ['recall', '--tags', 'topic:calibration', '--checklist'],
  ['recall', '--text', 'temperature scaling', '--limit', '3'],
  ['neighbors', 'knowledge-ac553f60', '--json'],
  ['neighbors', 'draft:001/main-001__lora-warmup', '--quest', '001'],
  ['neighbors', 'memory/knowledge/seed-variance-on-small-ner-sets-exceeds-most-reported-gains.md'],
  ['neighbors', 'knowledge-nope'],
  ['recall', '--limit', '0'],
  ['recall', '--kind', 'nope'],
  ['recall', '--scope', 'quest', '--quest', 'nope'],
  ['neighbors'],
  ['neighbors', 'knowledge-ac553f60', '--bogus'],
];

describe('the resident server over its socket', () => {
  test('recall and neighbors print the same bytes and exit codes with and without distill serve', async () => {
    const { home, env } = setup();
    // From inside the home (relative paths, quest ids) as well.
    const server = await serve(home, env);
    for (const args of COMMANDS) {
      const served = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env, cwd: home });
      const here = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...env, DISTILL_NO_SERVER: '1' }, cwd: home });
      expect({ out: served.stdout, err: served.stderr, code: served.status }, args.join(' ')).toEqual({ out: here.stdout, err: here.stderr, code: here.status });
      expect(distill(['--home', home, ...args], env), args.join(' ')).toEqual(distill(['--home', home, ...args], { ...env, DISTILL_NO_SERVER: '1' }));
    }
    const debug = distill(['--home', home, 'neighbors', 'knowledge-ac553f60'], { ...env, DISTILL_DEBUG: '1' });
    expect(debug.err).toBe(`distill: answered by the server at ${socketPath(home, env)}\n`);
    // A card written just before is in the served answer.
    const file = path.join(home, 'memory', 'knowledge', 'served-fresh.md');
    fs.writeFileSync(file, '---\nid: knowledge-served\ntitle: Served fresh\ntags:\n- topic:served\nscope: global\n---\nBody.\n');
    const fresh = distill(['--home', home, 'recall', '--tags', 'topic:served', '--json'], { ...env, DISTILL_DEBUG: '1' });
    expect(fresh.err).toContain('answered by the server');
    expect(JSON.parse(fresh.out).cards.map((c: { card_id: string }) => c.card_id)).toEqual(['knowledge-served']);
    // SIGTERM: the server ends and takes its socket file with it.
    server.kill('SIGTERM');
    await waitFor(() => server.exitCode !== null, { timeout: 10_000 });
    expect(server.exitCode).toBe(0);
    expect(fs.existsSync(socketPath(home, env)!)).toBe(false);
  }, 120_000);

  test('a socket left by a killed server: the CLI answers itself, silently; the next server replaces it', async () => {
    const { home, env } = setup();
    const first = await serve(home, env);
    first.kill('SIGKILL');
    await waitFor(() => first.signalCode !== null, { timeout: 10_000 });
    const socket = socketPath(home, env)!;
    expect(fs.existsSync(socket)).toBe(true);
    const stale = distill(['--home', home, 'recall', '--json'], { ...env, DISTILL_DEBUG: '1' });
    expect(stale.code).toBe(0);
    expect(stale.err).toBe('');
    expect(stale.out).toBe(distill(['--home', home, 'recall', '--json'], { ...env, DISTILL_NO_SERVER: '1' }).out);
    // distill mcp listens on the socket too, replacing the stale file.
    const mcp = await serve(home, env, 'mcp');
    mcp.stdin!.end(); // the MCP client goes: the server ends and removes its socket
    await waitFor(() => mcp.exitCode !== null, { timeout: 10_000 });
    expect(fs.existsSync(socket)).toBe(false);
  }, 60_000);

  test('a second server for the same home says so and leaves the socket to the first', async () => {
    const { home, env } = setup();
    await serve(home, env);
    const second = distill(['--home', home, 'serve'], env);
    expect(second.code).toBe(2);
    expect(second.err).toBe(`distill: another distill server answers recall and neighbors for this home (${socketPath(home, env)})\ndistill: ${home}: not serving (see above)\n`);
  }, 60_000);

  test('a server that goes away mid-request, answers half a line or refuses: the command answers itself, the same bytes', async () => {
    const { home, env } = setup();
    const socket = socketPath(home, env)!;
    fs.mkdirSync(path.dirname(socket), { recursive: true });
    const behaviours: ((conn: net.Socket) => void)[] = [
      (conn) => conn.destroy(),
      (conn) => conn.end('{"out":"half'),
      (conn) => conn.end(JSON.stringify({ refused: 'not this home' }) + '\n'),
    ];
    let behave = behaviours[0];
    let asked = 0;
    const fake = net.createServer((conn) => conn.once('data', () => (asked++, behave(conn))));
    await new Promise<void>((resolve) => fake.listen(socket, resolve));
    try {
      for (const b of behaviours) {
        behave = b;
        for (const args of [['recall', '--tags', 'topic:calibration', '--json'], ['neighbors', 'knowledge-ac553f60'], ['recall', '--limit', '0']]) {
          const asked = await distillAsync(['--home', home, ...args], { ...env, DISTILL_DEBUG: '1' });
          expect(asked, args.join(' ')).toEqual(distill(['--home', home, ...args], { ...env, DISTILL_NO_SERVER: '1', DISTILL_DEBUG: '1' }));
        }
      }
      expect(asked).toBe(9);
      // A home that is not there: the command says so, as without a socket.
      const gone = distill(['--home', path.join(home, 'nope'), 'recall'], env);
      expect(gone.code).toBe(2);
      expect(gone.err).toBe(`distill: ${path.join(home, 'nope')}: no DeepScientist home here (set --home, $DEEPSCIENTIST_HOME or $DS_HOME)\n`);
    } finally {
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  }, 60_000);
});
