#!/usr/bin/env node
// The labeled duplicate set (fixtures/dups-eval/groups.json, scripts/bench/dups-eval.js) planted into the 10k bench
// home, measured for this engine, the previous one (built from git, --legacy <commit>) and plain fuse.js side by side:
// neighbor recall@5 (of the true partners of each duplicate, the share in its top 5), how often a look-alike outranks
// every true duplicate, and cluster pair precision / recall / F1 over the pairs that involve a planted card, with the
// clusters larger than their group. Figures only.
//
//   node scripts/bench-dups.js [--cards 10000] [--seed 1] [--legacy 302522b] [--out .bench] [--no-fuse]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fuse from 'fuse.js';
import { ensureHome } from './bench/generate.js';
import { evalGroups } from './bench/dups-eval.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function options(argv) {
  const o = { cards: 10000, seed: 1, legacy: '302522b', out: path.join(root, '.bench') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i];
    if (arg === '--cards') o.cards = Number(value());
    else if (arg === '--seed') o.seed = Number(value());
    else if (arg === '--legacy') o.legacy = value();
    else if (arg === '--out') o.out = path.resolve(value());
    else if (arg === '--no-fuse') continue;
    else throw new Error(`unknown option ${arg}`);
  }
  return o;
}

/** The previous engine: the source at `commit`, built once into .bench/legacy-<commit>/dist. */
function legacyDist(out, commit) {
  const dir = path.join(out, `legacy-${commit}`);
  const dist = path.join(dir, 'dist');
  if (fs.existsSync(path.join(dist, 'core', 'cleanup', 'find.js'))) return dist;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['-C', root, 'archive', commit, 'src', 'tsconfig.json', 'package.json'], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  return dist;
}

function evalCards(home, toCardMeta) {
  const cards = [];
  const groupOf = new Map();
  const dups = new Map();
  const looks = new Map();
  for (const g of evalGroups()) {
    dups.set(g.group, g.duplicates.map((c) => c.id));
    looks.set(g.group, g.lookalikes.map((c) => c.id));
    for (const c of [...g.duplicates, ...g.lookalikes]) {
      groupOf.set(c.id, g.group);
      const meta = { id: c.id, title: c.title, claim: c.claim, tags: c.tags, keywords: c.keywords, type: 'knowledge', scope: 'global' };
      const file = path.join(home, 'memory', 'knowledge', `${c.id}.md`);
      cards.push({ raw: c, meta: toCardMeta(file, 'knowledge', 'global', meta, c.body, { size: c.body.length, mtimeMs: 0 }) });
    }
  }
  return { cards, groupOf, dups, looks };
}

function neighborFigures(plant, rank) {
  let found = 0;
  let wanted = 0;
  let queries = 0;
  let lookAbove = 0;
  for (const [group, ids] of plant.dups) {
    for (const q of ids) {
      const top = rank(plant.cards.find((c) => c.raw.id === q).raw);
      const partners = ids.filter((id) => id !== q);
      wanted += partners.length;
      found += partners.filter((id) => top.slice(0, 5).includes(id)).length;
      queries++;
      const firstDup = Math.min(...partners.map((id) => (top.includes(id) ? top.indexOf(id) : Infinity)));
      const firstLook = Math.min(...plant.looks.get(group).map((id) => (top.includes(id) ? top.indexOf(id) : Infinity)));
      if (firstLook < firstDup) lookAbove++;
    }
  }
  return { recall: found / wanted, lookAbove: lookAbove / queries };
}

function clusterFigures(plant, clusterOf, sizeOf) {
  const evalIds = plant.cards.map((c) => c.raw.id);
  let tp = 0;
  let fn = 0;
  for (const ids of plant.dups.values()) {
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        if (clusterOf.get(ids[i]) !== undefined && clusterOf.get(ids[i]) === clusterOf.get(ids[j])) tp++;
        else fn++;
      }
    }
  }
  // Predicted pairs that involve a planted card: every other member of its cluster.
  let predicted = 0;
  const seen = new Set();
  let oversized = 0;
  for (const id of evalIds) {
    const c = clusterOf.get(id);
    if (c === undefined || seen.has(c)) continue;
    seen.add(c);
    const members = sizeOf(c);
    const planted = members.filter((m) => plant.groupOf.has(m)).length;
    const others = members.length - planted;
    predicted += (planted * (planted - 1)) / 2 + planted * others;
    const group = plant.groupOf.get(id);
    if (members.length > plant.dups.get(group).length) oversized++;
  }
  const precision = predicted ? tp / predicted : 1;
  const recall = tp / (tp + fn);
  return { precision, pairRecall: recall, f1: (2 * precision * recall) / (precision + recall || 1), oversized };
}

async function engineFigures(dist, home) {
  const load = (rel) => import(pathToFileURL(path.join(dist, rel)).href);
  const { openStoreSync } = await load('core/store/index.js');
  const { toCardMeta } = await load('core/store/cardMeta.js');
  const { findClusters } = await load('core/cleanup/find.js');
  const { buildNeighborIndex } = await load('core/neighbors/engine.js');
  const step = (what) => process.stderr.write(`  ${dist}: ${what}\n`);
  step('open');
  const store = openStoreSync(home, { cache: false });
  const plant = evalCards(home, toCardMeta);
  const all = [...store.cards, ...plant.cards.map((c) => c.meta)];
  step('neighbors');
  const index = buildNeighborIndex(all);
  const neighbors = neighborFigures(plant, (c) =>
    index.query({ title: c.title, claim: c.claim, body: c.body, tags: c.tags, keywords: c.keywords, excludeIds: [c.id] }, { limit: 10 }).map((n) => n.card.id),
  );
  step('cluster');
  const t = performance.now();
  const result = findClusters(all);
  const ms = performance.now() - t;
  const clusterOf = new Map();
  const members = new Map();
  for (const cl of result.clusters) {
    members.set(cl.id, cl.cards.map((c) => c.id));
    for (const card of cl.cards) clusterOf.set(card.id, cl.id);
  }
  return { ...neighbors, ...clusterFigures(plant, clusterOf, (c) => members.get(c)), ms, store, plant, toCardMeta };
}

function fuseFigures(base) {
  const { store, plant } = base;
  const all = [...store.cards, ...plant.cards.map((c) => c.meta)].filter((c) => c.kindDir === 'knowledge' && c.id);
  const fuse = new Fuse(all, { keys: ['title'], includeScore: true, ignoreLocation: true, threshold: 0.4 });
  const memo = new Map();
  const search = (c) => {
    if (!memo.has(c.id)) memo.set(c.id, fuse.search(c.title).filter((h) => h.item.id !== c.id).slice(0, 10));
    return memo.get(c.id);
  };
  const neighbors = neighborFigures(plant, (c) => search(c).map((h) => h.item.id));
  // Plain fuse.js as a clusterer: union of each planted card's top-5 hits scoring at most 0.2.
  const parent = new Map();
  const find = (x) => (parent.get(x) === undefined || parent.get(x) === x ? x : find(parent.get(x)));
  for (const { raw } of plant.cards) {
    for (const hit of search(raw).slice(0, 5)) if ((hit.score ?? 1) <= 0.2) parent.set(find(hit.item.id), find(raw.id));
  }
  const clusterOf = new Map();
  const members = new Map();
  for (const id of parent.keys()) {
    const r = find(id);
    clusterOf.set(id, r);
    if (!members.has(r)) members.set(r, [r]);
    if (id !== r) members.get(r).push(id);
  }
  for (const r of members.keys()) clusterOf.set(r, r);
  return { ...neighbors, ...clusterFigures(plant, clusterOf, (c) => members.get(c)), ms: NaN };
}

async function main() {
  const o = options(process.argv.slice(2));
  const { home } = ensureHome(path.join(o.out, `home-${o.cards}-s${o.seed}`), { cards: o.cards, seed: o.seed });
  const current = await engineFigures(path.join(root, 'dist'), home);
  const legacy = await engineFigures(legacyDist(o.out, o.legacy), home);
  const fuse = process.argv.includes('--no-fuse') ? { recall: NaN, lookAbove: NaN, precision: NaN, pairRecall: NaN, f1: NaN, oversized: NaN, ms: NaN } : fuseFigures(current);
  const groups = evalGroups();
  console.log(`duplicate evaluation: ${groups.length} groups, ${current.plant.cards.length} planted cards in a ${current.store.cards.length}-card home`);
  const row = (name, f) => [name, f.legacy, f.current, f.fuse].map((x, i) => (i === 0 ? x.padEnd(36) : String(x).padStart(12))).join('');
  const fmt = (x) => (Number.isNaN(x) ? '-' : x.toFixed(3));
  const col = (k, f = fmt) => ({ legacy: f(legacy[k]), current: f(current[k]), fuse: f(fuse[k]) });
  console.log(row('', { legacy: `previous(${o.legacy})`, current: 'this', fuse: 'fuse.js' }));
  console.log(row('neighbor recall@5', col('recall')));
  console.log(row('look-alike above every duplicate', col('lookAbove')));
  console.log(row('cluster pair precision', col('precision')));
  console.log(row('cluster pair recall', col('pairRecall')));
  console.log(row('cluster pair F1', col('f1')));
  console.log(row('clusters larger than their group', col('oversized', String)));
  console.log(row('clustering ms (whole home)', col('ms', (x) => (Number.isNaN(x) ? '-' : x.toFixed(0)))));
}

main().catch((error) => {
  console.error(`bench-dups: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
