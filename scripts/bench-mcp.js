#!/usr/bin/env node
// `npm run bench:mcp`: `distill mcp` on the seeded bench homes (scripts/bench/generate.js, under .bench/, shared with
// `npm run bench`), driven by the MCP SDK's client over stdio as an agent's client drives it. Per size: the server's
// start (spawn to initialized) and first neighbors request (the index built), then request-to-response p50 / p95 of
// `recall` and `neighbors` with the index warm, and with a card written in place before each request (the cookie sync
// and re-read of the changed card included), the server's peak RSS, and `distill recall --json` as a whole process
// and `distill neighbors --json` with and without the server running (its socket), and `node -e 0`, as ratios to the read
// floor process, paired rep by rep. Figures only.
//
//   node scripts/bench-mcp.js [--sizes 10000,100000] [--reps 200] [--seed 1] [--out .bench]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ensureHome, rng } from './bench/generate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'distill.js');
const KINDS = ['papers', 'ideas', 'decisions', 'episodes', 'knowledge', 'templates'];

function options(argv) {
  const o = { sizes: [10000], reps: 200, seed: 1, out: path.join(root, '.bench') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? (() => { throw new Error(`${arg} needs a value`); })();
    if (arg === '--sizes') o.sizes = value().split(',').map((s) => Number(s.trim()));
    else if (arg === '--reps') o.reps = Number(value());
    else if (arg === '--seed') o.seed = Number(value());
    else if (arg === '--out') o.out = path.resolve(value());
    else throw new Error(`unknown option ${arg}`);
  }
  return o;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const median = (xs) => pct(xs, 50);
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)) + ' ms';
const mib = (b) => (b / 1048576).toFixed(0) + ' MiB';

function vmHwm(pid) {
  const kib = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kib * 1024;
}

/** CPU time (ms) the process has used, from /proc (clock ticks of 10 ms): a figure a loaded machine moves less. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function timed(fn) {
  const start = performance.now();
  const result = await fn();
  return { ms: performance.now() - start, result };
}

function readFloorMs(home) {
  const script = `const fs=require('fs');for(const k of ${JSON.stringify(KINDS)}){const d=${JSON.stringify(path.join(home, 'memory'))}+'/'+k;let n;try{n=fs.readdirSync(d)}catch{continue}n.sort();for(const f of n)if(f.endsWith('.md'))fs.readFileSync(d+'/'+f)}`;
  const start = performance.now();
  spawnSync(process.execPath, ['-e', script], { stdio: 'ignore' });
  return performance.now() - start;
}

function cliMs(args, env) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`distill ${args.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  return { ms: performance.now() - start, out: r.stdout, err: r.stderr };
}

async function benchSize(size, o) {
  const dir = path.join(o.out, `home-${size}-s${o.seed}`);
  const made = Date.now();
  const { home, truth, reused } = ensureHome(dir, { cards: size, seed: o.seed });
  console.error(`${reused ? 'reusing' : 'generated'} ${dir} (${truth.total} cards) in ${Date.now() - made} ms`);
  const cacheDir = path.join(dir, 'cache-mcp');
  const env = { PATH: process.env.PATH, HOME: os.homedir(), DISTILL_CACHE_DIR: cacheDir };
  // A warm metadata cache and features file, as after any earlier command.
  cliMs(['--home', home, 'neighbors', truth.planted.find((p) => p.probe.kind === 'card').probe.id, '--json'], { ...env, DISTILL_NO_SERVER: '1' });

  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--home', home], env, stderr: 'inherit' });
  const client = new Client({ name: 'bench-mcp', version: '1' });
  const start = await timed(() => client.connect(transport));
  const call = (name, args) => client.callTool({ name, arguments: args });
  const first = await timed(() => call('neighbors', { card: truth.planted[0].probe.id ?? path.join(home, truth.planted[0].probe.path), limit: 10 }));
  const firstRecall = await timed(() => call('recall', { limit: 200 }));
  const tags = [...new Set(firstRecall.result.structuredContent.cards.flatMap((c) => c.tags))];
  const r = rng(o.seed);
  const pick = (list) => list[r.int(list.length)];
  const recallArgs = () => ({ tags: [pick(tags), pick(tags)], limit: 10 });
  const neighborArgs = () => {
    const p = pick(truth.planted).probe;
    return { card: p.id ?? path.join(home, p.path), limit: 10 };
  };
  const changed = path.join(home, 'memory', 'knowledge', 'zz-bench-mcp-changed.md');
  let n = 0;
  const change = () =>
    fs.writeFileSync(changed, `---\nid: knowledge-bench-mcp\ntitle: Bench card ${++n}\ntags:\n- ${pick(tags)}\nscope: global\nupdated_at: '2026-06-01T10:00:00+00:00'\n---\nChanged ${n} times.\n`);
  const phases = {};
  try {
    for (const [name, tool, args, before] of [
      ['recall warm', 'recall', recallArgs, null],
      ['neighbors warm', 'neighbors', neighborArgs, null],
      ['recall, a card changed before', 'recall', recallArgs, change],
      ['neighbors, a card changed before', 'neighbors', neighborArgs, change],
    ]) {
      const times = [];
      const cpu0 = cpuMs(transport.pid);
      for (let i = 0; i < o.reps; i++) {
        before?.();
        const t = await timed(() => call(tool, args()));
        if (t.result.isError) throw new Error(`${tool}: ${t.result.content[0].text}`);
        times.push(t.ms);
      }
      phases[name] = { p50: median(times), p95: pct(times, 95), cpu: (cpuMs(transport.pid) - cpu0) / o.reps };
    }
    // Whole processes of the CLI with the server running (its socket) and without, against the read floor and
    // against `node -e 0` (the least any node process takes), interleaved rep by rep and paired to the floor.
    const reps = size >= 100000 ? 3 : 7;
    const recallArgv = ['--home', home, 'recall', '--tags', tags.slice(0, 2).join(','), '--json'];
    const probe = truth.planted.find((p) => p.probe.kind === 'card').probe.id;
    const neighborsArgv = ['--home', home, 'neighbors', probe, '--json'];
    const whole = { floor: [], node: [], recallServed: [], recallAlone: [], neighborsServed: [], neighborsAlone: [] };
    const spawnMs = (args) => {
      const start = performance.now();
      spawnSync(process.execPath, args, { stdio: 'ignore' });
      return performance.now() - start;
    };
    for (let i = 0; i < reps; i++) {
      whole.floor.push(readFloorMs(home));
      whole.node.push(spawnMs(['-e', '0']));
      for (const [argv, served, alone] of [[recallArgv, 'recallServed', 'recallAlone'], [neighborsArgv, 'neighborsServed', 'neighborsAlone']]) {
        const a = cliMs(argv, env);
        const b = cliMs(argv, { ...env, DISTILL_NO_SERVER: '1' });
        if (a.out !== b.out) throw new Error(`${argv[2]} printed other bytes through the server`);
        whole[served].push(a.ms);
        whole[alone].push(b.ms);
      }
    }
    const paired = (xs) => median(xs.map((x, i) => x / whole.floor[i]));
    const rss = vmHwm(transport.pid);
    return { size, startMs: start.ms, firstNeighborsMs: first.ms, phases, rss, floorMs: median(whole.floor), whole: Object.fromEntries(Object.entries(whole).map(([k, xs]) => [k, { ms: median(xs), ratio: paired(xs) }])) };
  } finally {
    fs.rmSync(changed, { force: true });
    await client.close();
  }
}

const o = options(process.argv.slice(2));
console.log(`distill mcp on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load ${os.loadavg()[0].toFixed(1)}, node ${process.version}, ${o.reps} requests per row`);
for (const size of o.sizes) {
  const r = await benchSize(size, o);
  const aims = size >= 100000;
  const aim = (ok) => (aims ? (ok ? '  ok' : '  MISS') : '');
  const rows = [
    ['server start (spawn to initialized)', ms(r.startMs)],
    ['first neighbors (index built)', ms(r.firstNeighborsMs)],
    ...Object.entries(r.phases).map(([name, { p50, p95, cpu }]) => {
      const limit = name.includes('changed') ? 100 : 50;
      return [name, `p50 ${ms(p50)}  p95 ${ms(p95)}  server CPU ${ms(cpu)}/request${aim(p95 <= limit && (name.includes('changed') || p50 <= 20))}`];
    }),
    ['server peak RSS', `${mib(r.rss)}${aim(r.rss <= 1024 * 1048576)}`],
    ['read floor process', ms(r.floorMs)],
    ...[
      ['node -e 0', 'node'],
      ['distill recall --json, no server', 'recallAlone'],
      ['distill recall --json, server running', 'recallServed'],
      ['distill neighbors --json, no server', 'neighborsAlone'],
      ['distill neighbors --json, server running', 'neighborsServed'],
    ].map(([label, key]) => [label, `${ms(r.whole[key].ms)} = ${r.whole[key].ratio.toFixed(2)}x read floor (paired)`]),
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${size} cards${aims ? ' (aims: p50 <= 20 ms, p95 <= 50 ms, changed p95 <= 100 ms, RSS <= 1 GiB)' : ''}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}
