#!/usr/bin/env node
// `npm run bench`: generates seeded synthetic DeepScientist homes (1k, 10k, 100k cards by default) under .bench/ and
// measures, per size and on the same store: the read and stat floors, cold and warm open, the neighbor index build,
// neighbor query median and p95, recall median, peak RSS, recall@5 of the planted neighbors, and plain fuse.js over
// every card as a ratio. Each size runs in its own process. Figures only: nothing here fails on a slow machine.
//
//   node scripts/bench.js [--sizes 1000,10000,100000] [--quick] [--seed 1] [--reps 5] [--runs 1]
//                         [--dist dist] [--out .bench] [--json] [--whole-only] [--skip-lessons]
//
// Then, per size, whole processes of the bundled CLI as ratios to the read floor (scripts/bench/whole-process.js), and
// `distill mine --json` as a ratio to `distill gate --all --json` on the same home (issue 33: 20 quests x 50 runs at
// 10k cards); --whole-only measures only those.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHome } from './bench/generate.js';
import { wholeProcess, wholeProcessReport } from './bench/whole-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function options(argv) {
  const o = { sizes: [1000, 10000, 100000], seed: 1, reps: 5, runs: 1, dist: path.join(root, 'dist'), out: path.join(root, '.bench'), json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--sizes') o.sizes = value().split(',').map((s) => Number(s.trim()));
    else if (arg === '--quick') o.sizes = [1000, 10000];
    else if (arg === '--seed') o.seed = Number(value());
    else if (arg === '--reps') o.reps = Number(value());
    else if (arg === '--runs') o.runs = Number(value());
    else if (arg === '--dist') o.dist = path.resolve(value());
    else if (arg === '--out') o.out = path.resolve(value());
    else if (arg === '--json') o.json = true;
    else if (arg === '--whole-only') o.wholeOnly = true;
    else if (arg === '--skip-lessons') o.skipLessons = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (o.sizes.some((n) => !Number.isInteger(n) || n < 10)) throw new Error('--sizes: whole numbers of at least 10');
  return o;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Median of every numeric field over runs (nested one level for `fuse` and `recallAt5ByType`). */
function medianOf(results) {
  const out = {};
  for (const key of Object.keys(results[0])) {
    const v = results[0][key];
    if (typeof v === 'number') out[key] = median(results.map((r) => r[key]));
    else if (v && typeof v === 'object') out[key] = medianOf(results.map((r) => r[key]));
    else out[key] = v;
  }
  return out;
}

const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)) + ' ms';
const mib = (b) => (b / 1048576).toFixed(0) + ' MiB';

function report(size, r) {
  const checks = [];
  const check = (label, ok) => checks.push(`${ok ? 'ok  ' : 'MISS'} ${label}`);
  if (size >= 10000 && size < 100000) {
    check(`cold open ${r.coldOpenRatio.toFixed(2)}x read floor (<= 3)`, r.coldOpenRatio <= 3);
    check(`warm open ${(r.warmOpenMs / r.statFloorMs).toFixed(2)}x stat floor (<= 1.5)`, r.warmOpenMs <= 1.5 * r.statFloorMs);
    check(`neighbor query median ${ms(r.queryMedianMs)} (<= 10 ms)`, r.queryMedianMs <= 10);
    check(`fuse.js / engine ${r.fuse.ratio.toFixed(0)}x (>= 10)`, r.fuse.ratio >= 10);
    check(`recall@5 ${r.recallAt5.toFixed(3)} (>= 0.95)`, r.recallAt5 >= 0.95);
  }
  if (size >= 100000) {
    check(`neighbor query median ${ms(r.queryMedianMs)} (<= 50 ms)`, r.queryMedianMs <= 50);
    check(`peak RSS ${mib(r.peakRssBytes)} (<= 1024 MiB)`, r.peakRssBytes <= 1024 * 1048576);
  }
  const rows = [
    ['cards (files)', `${r.cards} (${r.files})`],
    ['read floor (list + readFileSync all)', ms(r.readFloorMs)],
    ['stat floor (list + statSync all)', ms(r.statFloorMs)],
    ['cold open (no cache; paired with a floor run)', `${r.coldOpenRatio.toFixed(2)}x read floor`],
    ['warm open (cache)', `${ms(r.warmOpenMs)}  = ${(r.warmOpenMs / r.statFloorMs).toFixed(2)}x stat floor`],
    ['warm open + first use of the cards', `${ms(r.warmDecodeMs)}  (rows are decoded on first use, not by the open)`],
    ['neighbor index build', ms(r.indexBuildMs)],
    ['neighbor query median / p95', `${ms(r.queryMedianMs)} / ${ms(r.queryP95Ms)}  (${r.queries} queries)`],
    ['recall median (tags) / most recent', `${ms(r.recallMedianMs)} / ${ms(r.recentMedianMs)}`],
    ['refresh one card + re-index', ms(r.refreshOneMs)],
    ['peak RSS (before fuse.js baseline)', mib(r.peakRssBytes)],
    ['recall@5 of planted neighbors', `${r.recallAt5.toFixed(3)}  ${Object.entries(r.recallAt5ByType).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`],
    ['plain fuse.js over every card', `${ms(r.fuse.medianMs)} median (${r.fuse.queries} queries), ${r.fuse.ratio.toFixed(0)}x the engine on the same queries (${ms(r.fuse.engineMedianSameMs)}); recall@5 ${r.fuse.recallAt5.toFixed(3)}; build ${ms(r.fuse.buildMs)}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return [`== ${size} cards`, ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`), ...checks.map((c) => `  ${c}`)].join('\n');
}

const o = options(process.argv.slice(2));
if (!fs.existsSync(path.join(o.dist, 'core', 'neighbors', 'engine.js'))) {
  console.error(`bench: no built engine in ${o.dist} (run npm run build, or pass --dist)`);
  process.exit(2);
}
const all = {};
for (const size of o.sizes) {
  const dir = path.join(o.out, `home-${size}-s${o.seed}`);
  const started = Date.now();
  const { reused, truth } = ensureHome(dir, { cards: size, seed: o.seed });
  if (!o.json) console.error(`${reused ? 'reusing' : 'generated'} ${dir} (${truth.total} cards, ${truth.planted.length} planted queries) in ${Date.now() - started} ms`);
  const results = [];
  for (let run = 0; run < (o.wholeOnly ? 0 : o.runs); run++) {
    const reps = size >= 100000 ? Math.min(o.reps, 3) : o.reps;
    const fuseQueries = size >= 100000 ? 3 : size >= 10000 ? 20 : 50;
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', path.join(here, 'bench', 'run-size.js'), '--dir', dir, '--dist', o.dist, '--reps', String(reps), '--fuse-queries', String(fuseQueries)],
      { encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    results.push(JSON.parse(out));
  }
  if (results.length) all[size] = medianOf(results);
  if (!o.json && results.length) console.log(report(size, all[size]) + '\n');
  const whole = await wholeProcess({ home: path.join(dir, 'home'), truth, bin: path.join(root, 'bin', 'distill.js'), cacheDir: path.join(dir, 'cache-cli'), reps: size >= 100000 ? Math.min(o.reps, 3) : o.reps, skipLessons: o.skipLessons });
  all[size] = { ...all[size], wholeProcess: whole };
  if (!o.json) console.log(wholeProcessReport(size, whole) + '\n');
}
if (o.json) console.log(JSON.stringify(all, null, 2));
