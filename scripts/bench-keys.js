#!/usr/bin/env node
// Keystroke-to-frame latency of the review TUI on a generated home with 10k global cards and a quest with 1k
// candidate runs: each key is written to a fake terminal's stdin and timed until Ink writes the next frame.
// Prints the median, p95 and max; `ok` when both the median and the p95 are at most 16 ms. Usage: node scripts/bench-keys.js [--dist dist] [--cards 10000] [--runs 1000]
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureHome } from './bench/generate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const dist = path.resolve(args.dist ?? path.join(root, 'dist'));
const cards = Number(args.cards ?? 10000);
const runCount = Number(args.runs ?? 1000);
const keyCount = Number(args.keys ?? 300);
const load = (rel) => import(pathToFileURL(path.join(dist, rel)).href);

// 1. The home: the shared generator's store, plus runs and drafts for quest 001.
const dir = path.join(os.tmpdir(), `distill-bench-keys-${cards}`);
const { home } = ensureHome(dir, { cards, seed: 7 });
const questRoot = path.join(home, 'quests', '001');
const marker = path.join(questRoot, `.bench-runs-v2-${runCount}`);
if (!fs.existsSync(marker)) {
  const lines = [];
  for (let i = 0; i < runCount; i++) {
    const id = `run-${(0x10000000 + i).toString(16)}`;
    const file = path.join(questRoot, 'artifacts', 'runs', `${id}.json`);
    const record = {
      kind: 'run', schema_version: 1, artifact_id: id, id, quest_id: '001', created_at: '2026-01-01T00:00:00+00:00',
      updated_at: '2026-01-01T00:00:00+00:00', status: 'completed', run_id: `bench-${i}`, run_kind: 'main_experiment',
      summary: `Bench run ${i}`,
    };
    fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
    lines.push(JSON.stringify({ artifact_id: id, kind: 'run', status: 'completed', quest_id: '001', path: file, summary: record.summary, updated_at: record.updated_at }));
    // Every fourth run gets two draft lessons.
    for (let n = 0; i % 4 === 0 && n < 2; n++) {
      const drafts = path.join(home, 'drafts', 'experiences', '001');
      fs.mkdirSync(drafts, { recursive: true });
      fs.writeFileSync(
        path.join(drafts, `bench__run-${i}-${n}.md`),
        `---\ntitle: Warmup ratio and temperature scaling lesson ${i}\nclaim: Warmup ratio 0.06 stabilises adapter training on small NER sets (${i}).\n` +
          `lineage:\n- quest: '001'\n  run: ${id}\n  direction: main\n  note: bench\ntags:\n- domain:nlp\n- task:ner\n- topic:peft\n---\nBench draft ${i}.\n`,
      );
    }
  }
  fs.appendFileSync(path.join(questRoot, 'artifacts', '_index.jsonl'), lines.join('\n') + '\n');
  fs.writeFileSync(marker, '');
}

// 2. The app, on fake terminal streams, with React's production build as `distill review` loads it.
process.env.NODE_ENV ??= 'production';
const React = (await import('react')).default;
const { render } = await import('ink');
const { resolveQuest } = await load('core/quest/home.js');
const { createCoreFacade } = await load('ui/review/core-facade.js');
const { createReviewStore } = await load('ui/review/store.js');
const { ReviewApp } = await load('ui/review/app.js');

class Stdout extends EventEmitter {
  isTTY = true;
  columns = 140;
  rows = 45;
  onWrite = null;
  write(chunk) {
    this.onWrite?.(chunk);
    return true;
  }
}
class Stdin extends EventEmitter {
  isTTY = true;
  data = null;
  write(data) {
    this.data = data;
    this.emit('readable');
  }
  read() {
    const d = this.data;
    this.data = null;
    return d;
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

const t0 = performance.now();
const quest = resolveQuest(home, '001');
const env = { ...process.env, DISTILL_CACHE_DIR: path.join(dir, 'cache') };
const facade = createCoreFacade({ quest, env });
facade.clearStaging();
const store = createReviewStore({ facade });
const loadMs = performance.now() - t0;
const s0 = store.getState();
const stdout = new Stdout();
const stdin = new Stdin();
// Ink reports how long each frame took to lay out and draw into text (the part of a key's latency that is Ink's).
const renderTimes = [];
const instance = render(React.createElement(ReviewApp, { store, env }), {
  stdout, stdin, stderr: new Stdout(), patchConsole: false, exitOnCtrlC: false, maxFps: 60,
  onRender: ({ renderTime }) => renderTimes.push(renderTime),
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await sleep(200);

// 3. A review-like key sequence: runs, drafts, neighbors, the diff, filters, marks, undo.
const pattern = ['j', 'j', 'j', 'j', 'k', 'j', 'l', 'j', 'k', 'l', 'j', 'k', 'd', 'j', 'd', 'h', 'c', 'u', 'h', 'G', 'g', 'j', 'j', 'j'];
const latencies = [];
for (let i = 0; i < keyCount; i++) {
  const key = pattern[i % pattern.length];
  const frame = new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 250);
    stdout.onWrite = () => {
      clearTimeout(timer);
      stdout.onWrite = null;
      resolve(performance.now());
    };
  });
  const start = performance.now();
  stdin.write(key);
  const end = await frame;
  if (end !== null) latencies.push(end - start);
  if (process.env.BENCH_DEBUG) console.error(key, store.getState().focus, end === null ? "no frame" : (end - start).toFixed(1));
  await sleep(40);
}
instance.unmount();
facade.clearStaging();

latencies.sort((a, b) => a - b);
const quantile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
const median = q(0.5);
console.log(
  JSON.stringify(
    {
      cards,
      runs: s0.data.runs.length,
      drafts: s0.data.drafts.length,
      load_ms: Math.round(loadMs),
      keys: keyCount,
      frames: latencies.length,
      // Keys that change nothing on screen (j at the end of a list) draw no frame and are not timed.
      no_frame: keyCount - latencies.length,
      median_ms: +median.toFixed(2),
      p95_ms: +q(0.95).toFixed(2),
      max_ms: +latencies[latencies.length - 1].toFixed(2),
      ink_renders: renderTimes.length,
      ink_render_median_ms: +quantile(renderTimes, 0.5).toFixed(2),
      ink_render_p95_ms: +quantile(renderTimes, 0.95).toFixed(2),
      target_median_ms: 16,
      target_p95_ms: 16,
      ok: median <= 16 && q(0.95) <= 16,
    },
    null,
    2,
  ),
);
