// One store size of the benchmark, in its own process (so peak RSS is this size's): floors, opens, index build,
// neighbor and recall queries, recall@5 of the planted neighbors, then the same queries through plain fuse.js.
// Prints one JSON object on stdout.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const dir = path.resolve(args.dir);
const dist = path.resolve(args.dist);
const reps = Number(args.reps ?? 5);
const fuseQueries = Number(args['fuse-queries'] ?? 30);
const load = (rel) => import(pathToFileURL(path.join(dist, rel)).href);
const { openStoreSync } = await load('core/store/load.js');
const { buildNeighborIndex } = await load('core/neighbors/engine.js');
const { recallCards } = await load('core/neighbors/recall.js');
const { probeFromCard, probeFromMeta } = await load('core/neighbors/probe.js');
const { parseCardText } = await load('core/format/frontmatter.js');
const { default: Fuse } = await import('fuse.js');

const home = path.join(dir, 'home');
const truth = JSON.parse(fs.readFileSync(path.join(dir, 'truth.json'), 'utf8'));
const env = { DISTILL_CACHE_DIR: path.join(dir, 'cache') };
const KINDS = ['papers', 'ideas', 'decisions', 'episodes', 'knowledge', 'templates'];

const now = () => performance.now();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
function timed(fn) {
  const start = now();
  const value = fn();
  return [now() - start, value];
}
// Between repetitions, drop the previous repetition's store so peak RSS is one session's, not the sum of the reps'.
const collect = () => globalThis.gc?.();
function repeat(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    collect();
    times.push(timed(fn)[0]);
  }
  return median(times);
}

function listFiles() {
  const out = [];
  for (const kind of KINDS) {
    const d = path.join(home, 'memory', kind);
    let names;
    try {
      names = fs.readdirSync(d);
    } catch {
      continue;
    }
    names.sort();
    for (const name of names) if (name.endsWith('.md')) out.push(`${d}/${name}`);
  }
  return out;
}

// Floors: the least any reader must do. Listing the kind folders, then reading (or stat-ing) every file in path order.
const readFloor = repeat(reps, () => {
  for (const f of listFiles()) fs.readFileSync(f);
});
const statFloor = repeat(reps, () => {
  for (const f of listFiles()) fs.statSync(f);
});
// Cold: no cache, as a user's first run, each rep paired with a read floor run right before it.
const coldTimes = [];
for (let i = 0; i < reps; i++) {
  fs.rmSync(env.DISTILL_CACHE_DIR, { recursive: true, force: true });
  collect();
  const floor = timed(() => {
    for (const f of listFiles()) fs.readFileSync(f);
  })[0];
  collect();
  coldTimes.push(timed(() => openStoreSync(home, { env }))[0] / floor);
}
const warmOpen = repeat(reps, () => openStoreSync(home, { env }));
// The open decodes no cache row; the first use of `cards` decodes them all (lists, neighbors and recall need them).
const warmDecode = repeat(reps, () => openStoreSync(home, { env }).cards);
collect();
const store = openStoreSync(home, { env });
if (store.stats.parsed !== 0) throw new Error('warm open parsed files: the cache was not used');
const buildTimes = [];
let index;
for (let i = 0; i < Math.max(1, Math.min(reps, 3)); i++) {
  index = undefined;
  collect();
  const [ms, built] = timed(() => buildNeighborIndex(store.cards));
  buildTimes.push(ms);
  index = built;
}

// Probes: every planted query (drafts are read the way the CLI reads a draft file).
const probes = truth.planted.map((p) => {
  if (p.probe.kind === 'card') return probeFromCard(store.byId(p.probe.id));
  const file = path.join(home, p.probe.path);
  const parsed = parseCardText(fs.readFileSync(file, 'utf8'));
  return probeFromMeta(parsed.meta, parsed.body, path.basename(file, '.md'), file);
});
for (const probe of probes.slice(0, 20)) index.query(probe, { limit: 10 }); // warm the JIT as a session would
const queryTimes = [];
const hitsByType = {};
let hits = 0;
probes.forEach((probe, i) => {
  const [ms, found] = timed(() => index.query(probe, { limit: 10 }));
  queryTimes.push(ms);
  const top5 = new Set(found.slice(0, 5).map((n) => n.card.id));
  const planted = truth.planted[i];
  const ok = planted.trueIds.every((id) => top5.has(id));
  hits += ok ? 1 : 0;
  const t = (hitsByType[planted.type] ??= { n: 0, hit: 0 });
  t.n++;
  t.hit += ok ? 1 : 0;
});
const recallTimes = probes.map((probe) => timed(() => recallCards(index, { tags: probe.tags, limit: 10 }))[0]);
const recentTimes = [0, 1, 2, 3, 4].map(() => timed(() => recallCards(index, { limit: 10 }))[0]);

// Incremental update: rewrite one card, refresh it, re-index it.
const sample = store.cards.find((c) => c.kindDir === 'knowledge');
const original = fs.readFileSync(sample.path, 'utf8');
fs.writeFileSync(sample.path, original.replace(/\n*$/, '\n\nPatched by the benchmark.\n'));
const [refreshMs] = timed(() => index.apply(store.refresh([sample.path])));
fs.writeFileSync(sample.path, original);
index.apply(store.refresh([sample.path]));
const engineRss = process.resourceUsage().maxRSS * 1024;

// Plain fuse.js over every card with its default options, the same probes (a sample of them: it is slow). Defaults
// read only ~60 characters of each field; with ignoreLocation it would see whole claims but cost ~50x more.
const fuseSample = probes.slice(0, Math.min(fuseQueries, probes.length));
const [fuseBuild, fuse] = timed(
  () => new Fuse(store.cards, { keys: ['title', 'claim', 'tags', 'keywords'], includeScore: true }),
);
const fuseTimes = [];
const engineSameTimes = [];
let fuseHits = 0;
fuseSample.forEach((probe, i) => {
  const [ms, found] = timed(() => fuse.search(probe.title, { limit: 10 }));
  fuseTimes.push(ms);
  engineSameTimes.push(timed(() => index.query(probe, { limit: 10 }))[0]);
  const top5 = new Set(found.filter((r) => !probe.excludePaths?.includes(r.item.path)).slice(0, 5).map((r) => r.item.id));
  fuseHits += truth.planted[i].trueIds.every((id) => top5.has(id)) ? 1 : 0;
});

process.stdout.write(
  JSON.stringify({
    cards: store.cards.length,
    files: store.stats.files,
    readFloorMs: readFloor,
    statFloorMs: statFloor,
    coldOpenRatio: median(coldTimes),
    warmOpenMs: warmOpen,
    warmDecodeMs: warmDecode,
    indexBuildMs: median(buildTimes),
    queryMedianMs: median(queryTimes),
    queryP95Ms: pct(queryTimes, 0.95),
    queries: queryTimes.length,
    recallMedianMs: median(recallTimes),
    recentMedianMs: median(recentTimes),
    refreshOneMs: refreshMs,
    recallAt5: hits / probes.length,
    recallAt5ByType: Object.fromEntries(Object.entries(hitsByType).map(([k, v]) => [k, v.hit / v.n])),
    peakRssBytes: engineRss,
    fuse: {
      queries: fuseSample.length,
      buildMs: fuseBuild,
      medianMs: median(fuseTimes),
      engineMedianSameMs: median(engineSameTimes),
      ratio: median(fuseTimes) / median(engineSameTimes),
      recallAt5: fuseHits / fuseSample.length,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    },
  }) + '\n',
);
