#!/usr/bin/env node
// A YAML alias bomb in a draft's frontmatter, refused: whole processes of the built CLI running `apply … --yes` on a
// copy of fixtures/ds-sample whose draft carries the 342-byte bomb (9^9 strings once expanded), against the same
// command on the plain draft without --yes (the plan only). Prints each one's median wall time and peak RSS, and the
// exit code and message of the refusal. Figures only. Usage: node scripts/bench-yaml.js [--reps 5]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sampleDraft, yamlBomb } from './bench/yaml-bomb.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reps = Number(process.argv[process.argv.indexOf('--reps') + 1] || 5) || 5;
const bin = path.join(root, 'bin', 'distill.js');

const bomb = yamlBomb(8);
const draft = sampleDraft;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-bench-yaml-'));
try {
  // Peak RSS of the child, written by a preload as it exits.
  const preload = path.join(dir, 'rss.mjs');
  fs.writeFileSync(preload, "import fs from 'node:fs';\nprocess.on('exit', () => fs.writeSync(2, `\\nMAXRSS_KB ${process.resourceUsage().maxRSS}\\n`));\n");
  const decisions = path.join(dir, 'decisions.jsonl');
  fs.writeFileSync(decisions, JSON.stringify({ draft: 'draft:001/main-001__lora-warmup', decision: 'new', reason: 'bench' }) + '\n');

  const measure = (label, extra, args) => {
    const times = [];
    const rss = [];
    let last = null;
    for (let r = 0; r < reps; r++) {
      const home = path.join(dir, `home-${label}-${r}`);
      fs.cpSync(path.join(root, 'fixtures', 'ds-sample'), home, { recursive: true });
      const drafts = path.join(home, 'drafts', 'experiences', '001');
      fs.mkdirSync(drafts, { recursive: true });
      fs.writeFileSync(path.join(drafts, 'main-001__lora-warmup.md'), draft(extra));
      const start = process.hrtime.bigint();
      last = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, bin, '--home', home, ...args], {
        encoding: 'utf8',
        env: { ...process.env, DISTILL_CACHE_DIR: path.join(dir, 'cache'), DISTILL_NOW: '2026-06-01T12:00:00+00:00' },
      });
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      rss.push(Number(/MAXRSS_KB (\d+)/.exec(last.stderr)?.[1] ?? NaN) / 1024);
      fs.rmSync(home, { recursive: true, force: true });
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`${label.padEnd(34)} median ${median(times).toFixed(0).padStart(5)} ms   peak RSS ${Math.max(...rss).toFixed(0).padStart(4)} MB   exit ${last.status}`);
    return last;
  };

  console.log(`node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${reps} runs each; bomb ${bomb.length} bytes`);
  measure('plain draft, apply (plan only)', '', ['apply', '001', decisions]);
  const refused = measure('bomb draft, apply --yes (refused)', bomb, ['apply', '001', decisions, '--yes']);
  console.log(`refusal: ${refused.stderr.split('\n').find((l) => l.startsWith('distill:')) ?? refused.stderr.trim()}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
