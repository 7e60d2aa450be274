#!/usr/bin/env node
// `npm run bench:quirks`: rejecting every entry of a large quirks file, through the bundled CLI as a user runs it.
// A copy of fixtures/ds-sample gets a framework_quirks.md of --entries entries (a `## ` heading and a line each);
// then, --reps times on a fresh copy of distill's state: the plan (`apply --quirks`, no --yes), the write (`--yes`)
// `quirks --json` over the decided file, and the revert of that review. The decisions file closes the file in one line (`--mode file`, the
// review screen's `x`) or rejects each entry by id (`--mode each`). Prints medians and the time per entry. Figures only.
//
//   node scripts/bench-quirks.js [--entries 50000] [--mode file|each] [--reps 3] [--dist dist]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const entries = Number(args.entries ?? 50000);
const mode = args.mode ?? 'file';
const reps = Number(args.reps ?? 3);
const cli = path.join(path.resolve(args.dist ?? path.join(root, 'dist')), 'distill.mjs');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-bench-quirks-'));
const home = path.join(dir, 'home');
const env = { ...process.env, HOME: dir, USER: 'bench', DISTILL_CACHE_DIR: path.join(dir, 'cache'), DISTILL_NOW: '2026-06-01T12:00:00+00:00' };
delete env.DEEPSCIENTIST_HOME;
delete env.DS_HOME;

function distill(argv) {
  const t0 = process.hrtime.bigint();
  const out = execFileSync(process.execPath, [cli, '--home', home, ...argv], { env, encoding: 'utf8', maxBuffer: 1 << 30 });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, out };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  fs.cpSync(path.join(root, 'fixtures', 'ds-sample'), home, { recursive: true });
  const lines = ['# Framework Quirks', ''];
  for (let i = 0; i < entries; i++) lines.push(`## Quirk ${i}: validator path ${i}`, `Surface s${i}; symptom: it fails; workaround: pass ${i}.`, '');
  fs.writeFileSync(path.join(home, 'framework_quirks.md'), lines.join('\n'));
  const decisions = path.join(dir, 'decisions.jsonl');
  if (mode === 'file') {
    fs.writeFileSync(decisions, JSON.stringify({ run: 'framework_quirks.md', decision: 'reject', reason: 'bench' }) + '\n');
  } else {
    const ids = JSON.parse(distill(['quirks', '--json']).out).entries.map((e) => e.id);
    fs.writeFileSync(decisions, ids.map((id) => JSON.stringify({ draft: id, decision: 'reject', reason: 'bench' })).join('\n') + '\n');
  }
  const times = { plan: [], write: [], list: [], revert: [] };
  for (let r = 0; r < reps; r++) {
    fs.rmSync(path.join(home, '.distill'), { recursive: true, force: true });
    times.plan.push(distill(['apply', '--quirks', decisions]).ms);
    times.write.push(distill(['apply', '--quirks', decisions, '--yes']).ms);
    times.list.push(distill(['quirks', '--json']).ms);
    const review = fs.readdirSync(path.join(home, '.distill', 'reviews'))[0].replace(/\.json$/, '');
    times.revert.push(distill(['revert', review]).ms);
  }
  const decided = fs.readFileSync(path.join(home, '.distill', 'reviewed.jsonl'), 'utf8').trim().split('\n').length / 2;
  console.log(`quirks bench: ${entries} entries, mode ${mode}, ${reps} reps, ${decided} decided, node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0].toFixed(1)}`);
  for (const [what, xs] of Object.entries(times)) {
    const m = median(xs);
    console.log(`  ${what.padEnd(6)} median ${Math.round(m)} ms (${((m * 1000) / entries).toFixed(1)} us per entry)`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
