// Issue 16's figures: whole processes as a user starts them (node + the bundled CLI + the work), paired rep by rep
// against the read floor process (node listing and reading every card file) and `--version` against `node -e 0`.
// Warm: every command runs once first, so the metadata cache exists. The review's first frame is timed in a pseudo
// terminal (util-linux `script`) until the neighbor pane is drawn.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KINDS = ['papers', 'ideas', 'decisions', 'episodes', 'knowledge', 'templates'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function readFloorScript(home, call = 'readFileSync') {
  return `const fs=require('fs');for(const k of ${JSON.stringify(KINDS)}){const d=${JSON.stringify(path.join(home, 'memory'))}+'/'+k;let n;try{n=fs.readdirSync(d)}catch{continue}n.sort();for(const f of n)if(f.endsWith('.md'))fs.${call}(d+'/'+f)}`;
}

function timedSync(argv, env) {
  const start = performance.now();
  const r = spawnSync(argv[0], argv.slice(1), { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - start;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${argv.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  return ms;
}

/** Peak resident set (bytes) of one run of argv, measured apart from the timed runs (GNU time's %M). */
function peakRss(argv, env) {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', ...argv], { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
  const kib = Number(r.stderr.trim().split('\n').at(-1));
  return Number.isFinite(kib) ? kib * 1024 : NaN;
}

/** The peak resident set (bytes) of a process and its descendants' largest, read from /proc while it runs. */
function vmHwm(pid) {
  let best = 0;
  try {
    const kib = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    best = kib * 1024;
    for (const child of fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) best = Math.max(best, vmHwm(Number(child)));
  } catch {
    /* gone */
  }
  return best;
}

/**
 * Time from start until the first frame that matches `drawn` (the review's neighbor pane), in a 140x40 pseudo
 * terminal; with `rss`, the peak resident set of the process at that moment instead.
 */
function firstFrame(bin, args, env, rss = false, drawn = /Neighbors \(\d+\)/) {
  return new Promise((resolve, reject) => {
    const command = `stty cols 140 rows 40; exec ${[process.execPath, bin, ...args].map((a) => `'${a}'`).join(' ')}`;
    const start = performance.now();
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...env, TERM: 'xterm-256color' }, stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`no first frame in 60 s: ${seen.slice(-300)}`)), 60_000);
    const finish = (error) => {
      clearTimeout(timer);
      const peak = rss ? vmHwm(child.pid) : 0;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      if (error) reject(error);
      else resolve(rss ? peak : performance.now() - start);
    };
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString('utf8');
      if (drawn.test(seen)) finish(null);
    });
  });
}

/**
 * The whole-process medians (ms) and their paired ratios. `home`: a bench home; `truth`: its planted queries;
 * `bin`: bin/distill.js; `cacheDir`: the CLI's metadata cache for this home.
 */
export async function wholeProcess({ home, truth, bin, cacheDir, reps, skipLessons = false }) {
  const env = { ...process.env, DISTILL_CACHE_DIR: cacheDir, HOME: path.dirname(home) };
  delete env.DEEPSCIENTIST_HOME;
  const cli = (...args) => [process.execPath, bin, '--home', home, ...args];
  const recent = JSON.parse(spawnSync(process.execPath, [bin, '--home', home, 'recall', '--json', '--limit', '1'], { env, encoding: 'utf8' }).stdout);
  const tags = recent.cards[0]?.tags.slice(0, 2).join(',') || 'none';
  const card = truth.planted.find((p) => p.probe.kind === 'card')?.probe.id;
  const quest = truth.planted.find((p) => p.probe.kind === 'draft')?.probe.questId;
  const runs = {
    readFloor: [process.execPath, '-e', readFloorScript(home)],
    // What any command that sees a changed card must do at least: list and stat every card (no target; the floor of
    // the warm targets).
    statFloor: [process.execPath, '-e', readFloorScript(home, 'statSync')],
    recall: cli('recall', '--tags', tags, '--json'),
    neighbors: cli('neighbors', card, '--json'),
    ...(skipLessons ? {} : { lessonsJson: cli('lessons', '--json') }),
    // Issue 33: mining reads every quest's runs, ideas and reports; the gate over every quest reads runs and decisions.
    gateAll: cli('gate', '--all', '--json'),
    mine: cli('mine', '--json'),
    nodeE0: [process.execPath, '-e', '0'],
    version: [process.execPath, bin, '--version'],
  };
  const reviewArgs = ['--home', home, 'review', quest];
  const lessonsArgs = ['--home', home, 'lessons'];
  // The home screen (plain `distill`): with the mined count kept in the cache, its first frame has the count; with the
  // kept count removed, the first frame says "counting…" and the count follows (mined once the frame is drawn).
  const homeArgs = ['--home', home];
  const HOME_FRAME = /mined\s+\d+ patterns?/;
  const HOME_ANY_FRAME = /distill · \d+ quest/;
  const minedCache = path.join(cacheDir, crypto.createHash('sha1').update(home).digest('hex').slice(0, 12), 'mined-v1.json');
  const LESSONS_FRAME = /Clusters \(\d+\)/;
  for (const argv of Object.values(runs)) timedSync(argv, env); // warm: the cache is written, the OS caches filled
  await firstFrame(bin, reviewArgs, env);
  await firstFrame(bin, homeArgs, env, false, HOME_FRAME);
  if (!skipLessons) await firstFrame(bin, lessonsArgs, env, false, LESSONS_FRAME);
  const lessonsRows = skipLessons ? [] : ['lessonsFirstFrame', 'lessonsJsonCold', 'readFloorCold'];
  const times = Object.fromEntries([...Object.keys(runs), 'reviewFirstFrame', 'homeFirstFrame', 'homeFirstFrameNotKept', 'homeFirstFrameMined', ...lessonsRows].map((k) => [k, []]));
  const lessonsRss = { lessonsJson: [], lessonsJsonCold: [] };
  for (let i = 0; i < reps; i++) {
    for (const [name, argv] of Object.entries(runs)) times[name].push(timedSync(argv, env));
    times.reviewFirstFrame.push(await firstFrame(bin, reviewArgs, env));
    times.homeFirstFrame.push(await firstFrame(bin, homeArgs, env, false, HOME_FRAME));
    fs.rmSync(minedCache, { force: true });
    times.homeFirstFrameNotKept.push(await firstFrame(bin, homeArgs, env, false, HOME_ANY_FRAME));
    fs.rmSync(minedCache, { force: true });
    times.homeFirstFrameMined.push(await firstFrame(bin, homeArgs, env, false, HOME_FRAME));
    if (skipLessons) continue;
    times.lessonsFirstFrame.push(await firstFrame(bin, lessonsArgs, env, false, LESSONS_FRAME));
    // Cold: no cache of distill's at all (metadata and pair set made anew), the OS page cache warm; paired with a
    // read floor run next to it.
    const cold = { ...env, DISTILL_CACHE_DIR: `${cacheDir}-cold` };
    fs.rmSync(cold.DISTILL_CACHE_DIR, { recursive: true, force: true });
    times.readFloorCold.push(timedSync(runs.readFloor, env));
    times.lessonsJsonCold.push(timedSync(runs.lessonsJson, cold));
    fs.rmSync(cold.DISTILL_CACHE_DIR, { recursive: true, force: true });
    lessonsRss.lessonsJsonCold.push(peakRss(runs.lessonsJson, cold));
    fs.rmSync(cold.DISTILL_CACHE_DIR, { recursive: true, force: true });
    lessonsRss.lessonsJson.push(peakRss(runs.lessonsJson, env));
  }
  const peak = (xs) => (xs.length ? Math.max(...xs) : NaN);
  const rss = {
    neighbors: peakRss(runs.neighbors, env),
    reviewFirstFrame: await firstFrame(bin, reviewArgs, env, true),
    lessonsJson: peak(lessonsRss.lessonsJson),
    lessonsJsonCold: peak(lessonsRss.lessonsJsonCold),
  };
  const paired = (name, floor) => (times[name]?.length ? median(times[name].map((t, i) => t / times[floor][i])) : NaN);
  // Issue 36: each warm command also against the least a warm command takes (stat floor + the CLI's start), paired.
  const least = (i) => times.statFloor[i] + times.version[i] - times.nodeE0[i];
  const overLeast = (name) => (times[name]?.length ? median(times[name].map((t, i) => t / least(i))) : NaN);
  const ms = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  return {
    ms,
    rss,
    ratios: {
      statFloor: paired('statFloor', 'readFloor'),
      // The least a warm command can take: the stat floor plus what starting the CLI adds to node's own start.
      warmLeast: median(times.statFloor.map((t, i) => (t + times.version[i] - times.nodeE0[i]) / times.readFloor[i])),
      recall: paired('recall', 'readFloor'),
      neighbors: paired('neighbors', 'readFloor'),
      lessonsJson: paired('lessonsJson', 'readFloor'),
      lessonsJsonCold: paired('lessonsJsonCold', 'readFloorCold'),
      lessonsFirstFrame: paired('lessonsFirstFrame', 'readFloor'),
      reviewFirstFrame: paired('reviewFirstFrame', 'readFloor'),
      homeFirstFrame: paired('homeFirstFrame', 'readFloor'),
      homeFirstFrameNotKept: paired('homeFirstFrameNotKept', 'readFloor'),
      homeFirstFrameMined: paired('homeFirstFrameMined', 'readFloor'),
      version: paired('version', 'nodeE0'),
      gateAll: paired('gateAll', 'readFloor'),
      mineToGate: paired('mine', 'gateAll'),
    },
    overLeast: { recall: overLeast('recall'), neighbors: overLeast('neighbors'), reviewFirstFrame: overLeast('reviewFirstFrame') },
  };
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1)) + ' ms';

const mib = (b) => (Number.isFinite(b) ? `${(b / 1048576).toFixed(0)} MiB` : 'n/a');

/**
 * The section bench.js prints, with the targets: issue 36's at 10k (recall 1.3x, neighbors 1.5x, the review's first
 * frame 2.5x the read floor, no server), issue 16's at 100k (neighbors, first frame, peak RSS) and issue 20's for
 * `lessons` (10k warm; 100k warm, cold, first frame, peak RSS). Warm commands also say their ratio to the least a warm
 * command takes.
 */
export function wholeProcessReport(size, w) {
  const at10k = size >= 10000 && size < 100000;
  const at100k = size >= 100000;
  const rows = [
    ['read floor process (node, list + read every card)', fmt(w.ms.readFloor), null, null],
    ['stat floor process (node, list + stat every card)', fmt(w.ms.statFloor), w.ratios.statFloor, null],
    ['stat floor + the CLI\'s start: the least a warm command takes', fmt(w.ratios.warmLeast * w.ms.readFloor), w.ratios.warmLeast, null],
    [`distill recall --tags … --json (${w.overLeast.recall.toFixed(2)}x the least)`, fmt(w.ms.recall), w.ratios.recall, at10k ? 1.3 : null],
    [`distill neighbors <card> --json (${w.overLeast.neighbors.toFixed(2)}x the least)`, fmt(w.ms.neighbors), w.ratios.neighbors, at10k ? 1.5 : at100k ? 1.0 : null],
    ...(Number.isNaN(w.ratios.lessonsJson) ? [] : [
      [`distill lessons --json (peak RSS ${mib(w.rss.lessonsJson)})`, fmt(w.ms.lessonsJson), w.ratios.lessonsJson, at10k ? 2.0 : at100k ? 3.0 : null],
      [`distill lessons --json, cold: no cache (peak RSS ${mib(w.rss.lessonsJsonCold)})`, fmt(w.ms.lessonsJsonCold), w.ratios.lessonsJsonCold, at100k ? 6.0 : null],
      ['distill lessons: first frame with clusters', fmt(w.ms.lessonsFirstFrame), w.ratios.lessonsFirstFrame, at100k ? 2.0 : null],
    ]),
    [`distill review: first frame with neighbors (${w.overLeast.reviewFirstFrame.toFixed(2)}x the least)`, fmt(w.ms.reviewFirstFrame), w.ratios.reviewFirstFrame, at10k ? 2.5 : at100k ? 2.0 : null],
    ['distill (home screen): first frame, mined count kept', fmt(w.ms.homeFirstFrame), w.ratios.homeFirstFrame, null],
    ['distill (home screen): first frame, count not kept (counting…)', fmt(w.ms.homeFirstFrameNotKept), w.ratios.homeFirstFrameNotKept, null],
    ['distill (home screen): the count drawn, not kept (mined)', fmt(w.ms.homeFirstFrameMined), w.ratios.homeFirstFrameMined, null],
    ['distill gate --all --json', fmt(w.ms.gateAll), w.ratios.gateAll, null],
    ['distill mine --json (ratio to gate --all)', fmt(w.ms.mine), w.ratios.mineToGate, at10k ? 2.0 : null],
    ['node -e 0', fmt(w.ms.nodeE0), null, null],
    ['distill --version (ratio to node -e 0)', fmt(w.ms.version), w.ratios.version, at10k ? 1.5 : null],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, v, ratio, target]) => {
    let line = `  ${k.padEnd(width)}  ${v.padStart(8)}`;
    if (ratio !== null) line += `  ${ratio.toFixed(2)}x`;
    if (target !== null) line += `  ${ratio <= target ? 'ok  ' : 'MISS'} (<= ${target.toFixed(1)}x)`;
    return line;
  });
  if (w.rss) {
    const peak = Math.max(w.rss.neighbors, w.rss.reviewFirstFrame, ...[w.rss.lessonsJson, w.rss.lessonsJsonCold].filter(Number.isFinite));
    let line = `  ${'peak RSS: neighbors / review first frame (all, with lessons)'.padEnd(width)}  ${mib(w.rss.neighbors)} / ${mib(w.rss.reviewFirstFrame)} (${mib(peak)})`;
    if (at100k) line += `  ${peak <= 1024 * 1048576 ? 'ok  ' : 'MISS'} (<= 1024 MiB)`;
    lines.push(line);
  }
  return [`-- ${size} cards, whole processes, warm unless said (medians; ratios paired per rep)`, ...lines].join('\n');
}

export function binReady(root) {
  return fs.existsSync(path.join(root, 'dist', 'distill.mjs'));
}
