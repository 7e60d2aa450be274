#!/usr/bin/env node
// Duplicate clustering of a whole generated store (`distill lessons`): the time to cluster every card (target: at most
// 5 s at 10k cards), the longest stretch the event loop is blocked while the screen's async clustering runs (what
// decides whether the screen stays responsive), the clusters found, and how many of the generator's planted duplicate
// cards ended in the same cluster as their original; and what the body fingerprints cost of the cold open. Figures
// only: nothing here fails on a slow machine.
//
//   node scripts/bench-cluster.js [--cards 10000] [--seed 1] [--reps 3] [--threshold 0.6] [--dist dist] [--out .bench]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureHome } from './bench/generate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function options(argv) {
  const o = { cards: 10000, seed: 1, reps: 3, threshold: undefined, dist: path.join(root, 'dist'), out: path.join(root, '.bench') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--cards') o.cards = Number(value());
    else if (arg === '--seed') o.seed = Number(value());
    else if (arg === '--reps') o.reps = Number(value());
    else if (arg === '--threshold') o.threshold = Number(value());
    else if (arg === '--dist') o.dist = path.resolve(value());
    else if (arg === '--out') o.out = path.resolve(value());
    else throw new Error(`unknown option ${arg}`);
  }
  return o;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

async function main() {
  const o = options(process.argv.slice(2));
  const load = (rel) => import(pathToFileURL(path.join(o.dist, rel)).href);
  if (!fs.existsSync(path.join(o.dist, 'core', 'cleanup', 'find.js'))) throw new Error(`no build in ${o.dist} (npm run build, or --dist)`);
  const { openStoreSync } = await load('core/store/index.js');
  const { findClusters, findClustersAsync } = await load('core/cleanup/find.js');
  const { bodyPrint } = await load('core/neighbors/fingerprint.js');
  const { parseCardTextFast } = await load('core/store/index.js');

  const dir = path.join(o.out, `home-${o.cards}-s${o.seed}`);
  const { home, truth, reused } = ensureHome(dir, { cards: o.cards, seed: o.seed });
  let t = performance.now();
  const store = openStoreSync(home, { cache: false });
  const openMs = performance.now() - t;

  // What the body fingerprints cost of that open (issue 15: keep the cold open at most ~1.6x the open without them):
  // bodyPrint over every card's body, as the open makes them, apart from reading and parsing.
  const bodies = store.cards.map((c) => parseCardTextFast(fs.readFileSync(c.path, 'utf8'))?.body ?? '');
  const printTimes = [];
  for (let r = 0; r < o.reps; r++) {
    t = performance.now();
    for (const body of bodies) bodyPrint(body);
    printTimes.push(performance.now() - t);
  }
  const printMs = median(printTimes);

  const times = [];
  let result;
  for (let r = 0; r < o.reps; r++) {
    t = performance.now();
    result = findClusters(store.cards, { threshold: o.threshold });
    times.push(performance.now() - t);
  }

  // The screen's path: the same clustering in steps; the longest gap between steps is how long a key could wait.
  let longest = 0;
  let last = performance.now();
  const started = last;
  await findClustersAsync(store.cards, {
    threshold: o.threshold,
    onProgress: () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    },
  });
  longest = Math.max(longest, performance.now() - last);
  const asyncMs = performance.now() - started;

  const clusterOf = new Map();
  for (const c of result.clusters) for (const card of c.cards) clusterOf.set(card.id, c.id);
  const planted = truth.planted.filter((p) => p.type === 'dup-card');
  const found = planted.filter((p) => clusterOf.get(p.probe.id) && clusterOf.get(p.probe.id) === clusterOf.get(p.trueIds[0])).length;
  const sizes = result.clusters.map((c) => c.cards.length);

  console.log(`distill lessons clustering: ${store.cards.length} cards (${o.cards} generated, seed ${o.seed}${reused ? ', reused home' : ''})`);
  console.log(`  open store (no cache)        ${ms(openMs)}, of which body fingerprints ${ms(printMs)} (median of ${o.reps}): ${(openMs / Math.max(1, openMs - printMs)).toFixed(2)}x the open without them`);
  console.log(`  cluster whole store          ${ms(median(times))} median of ${o.reps} (${times.map(ms).join(', ')})`);
  console.log(`  async (screen) clustering    ${ms(asyncMs)}, longest event-loop block ${ms(longest)}`);
  const likely = result.clusters.filter((c) => c.confidence === 'likely').length;
  console.log(`  clusters                     ${result.clusters.length} (${sizes.reduce((a, b) => a + b, 0)} cards, largest ${sizes[0] ?? 0}), ${result.pairs} links; ${result.clusters.length - likely} same lesson, ${likely} likely`);
  console.log(`  planted duplicate cards      ${found}/${planted.length} clustered with their original`);
  console.log(`  ${median(times) <= 5000 ? 'ok  ' : 'MISS'} whole-store clustering at most 5 s`);
  console.log(`  ${longest <= 100 ? 'ok  ' : 'MISS'} no event-loop block over 100 ms while the screen clusters`);
}

main().catch((error) => {
  console.error(`bench-cluster: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
