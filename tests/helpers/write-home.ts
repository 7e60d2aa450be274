// Fixture homes for the write-protocol tests: a temp copy of fixtures/ds-sample plus PR #60 drafts for quest 001,
// tree snapshots (every file's bytes) and the CLI bundled once into a private dir for subprocess tests.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPlanSource, openStoreSync, planReview, resolveQuest, type Plan, type StagedDecision } from '../../src/core/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SAMPLE = path.join(ROOT, 'fixtures', 'ds-sample');
export const NOW = '2026-06-01T12:00:00+00:00';
export const RUN = 'run-a400216f';

export const DRAFTS: Record<string, string> = {
  'main-001__lora-warmup.md': `---
subtype: experience
title: LoRA r=8 with 6% warmup beats full fine-tuning on CoNLL-1k
claim: On a 1k-sentence CoNLL subset, LoRA rank 8 with warmup_ratio 0.06 reaches F1 0.802 against 0.781.
confidence: 0.6
keywords:
- lora
- warmup
lineage:
- quest: 001
  run: run-a400216f
  direction: main
  note: main-001 f1=0.802 vs baseline 0.781
tags:
- domain:nlp
- task:ner
- method:lora
---
Evidence: experiments/main/main-001/RESULT.json (f1 0.802, baseline 0.781).
`,
  'main-001__warmup-divergence.md': `---
subtype: experience
title: Adapters diverge with warmup below 3% on CoNLL-1k too
claim: Adapter runs with warmup_ratio below 0.03 diverged within the first epoch on CoNLL-1k.
confidence: 0.5
keywords:
- warmup
- divergence
lineage:
- quest: 001
  run: run-a400216f
  direction: main
  note: two pilot runs at warmup 0.01 diverged
tags:
- domain:nlp
- topic:peft
- topic:stability
---
Seen again in quest 001: warmup 0.01 diverged at step ~40.
`,
  'main-001__bottleneck-vs-rank.md': `---
subtype: experience
title: LoRA rank 8 matches adapter bottleneck 64 on CoNLL-1k
claim: On CoNLL-1k, LoRA rank 8 matches the F1 of adapter bottleneck 64 with fewer parameters.
keywords:
- lora
- adapter bottleneck
lineage:
- quest: 001
  run: run-a400216f
  direction: main
  note: compared against the earlier adapter sweep
tags:
- domain:nlp
- topic:peft
---
A different knob, a similar outcome.
`,
  'main-001__seed-noise.md': `---
subtype: experience
title: Single-seed gain of 0.021 F1 on CoNLL-1k
claim: TODO
keywords:
- seeds
lineage:
- quest: 001
  run: run-a400216f
  direction: main
  note: single seed only
tags:
- domain:nlp
- topic:evaluation
---
TODO: write the lesson.
`,
};

export const D = {
  lora: 'draft:001/main-001__lora-warmup',
  warmup: 'draft:001/main-001__warmup-divergence',
  bottleneck: 'draft:001/main-001__bottleneck-vs-rank',
  todo: 'draft:001/main-001__seed-noise',
};

/** Global cards of the sample: warmup (no lineage: same-quest rules), temperature (rag-calib lineage: cross-quest). */
export const CARD = {
  warmup: 'knowledge-05abb9e0',
  temperature: 'knowledge-ac553f60',
  adapter: 'knowledge-edbc526f',
};

/** Two reviews that each decide half of run-a400216f's four drafts: A one new card and one patch, B one patch and one
 * reject; together they decide the run (the stale-plan and shown-plan tests race them). */
export const HALF_A: StagedDecision[] = [
  { draftId: D.lora, decision: 'new', reason: 'a', neighbors: [] },
  { draftId: D.bottleneck, decision: 'patch', neighborId: CARD.adapter, reason: 'same sweep', neighbors: [] },
];
export const HALF_B: StagedDecision[] = [
  { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'b', neighbors: [] },
  { draftId: D.todo, decision: 'reject', reason: 'not a lesson', neighbors: [] },
];

export function makeHome(dir?: string): string {
  const home = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'distill-write-'));
  fs.rmSync(home, { recursive: true, force: true });
  fs.cpSync(SAMPLE, home, { recursive: true });
  const drafts = path.join(home, 'drafts', 'experiences', '001');
  fs.mkdirSync(drafts, { recursive: true });
  for (const [name, text] of Object.entries(DRAFTS)) fs.writeFileSync(path.join(drafts, name), text);
  return fs.realpathSync(home);
}

/** Gives the sample's cross-quest card (temperature, no claim) a claim, so PR #60 would accept patching it. */
export function giveTemperatureClaim(home: string): void {
  const file = path.join(home, 'memory', 'knowledge', 'temperature-scaling-fixes-in-domain-reader-overconfidence.md');
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, text.replace('lineage:\n', 'claim: A scalar temperature fitted on dev removes in-domain reader over-confidence.\nlineage:\n'));
}

/** Every file under `dir` (relative path -> bytes as latin1 text); empty directories are not part of it. */
export function snapshot(dir: string, skip: (rel: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) out.set(rel, `symlink:${fs.readlinkSync(path.join(dir, rel))}`);
      else if (entry.isDirectory()) walk(rel);
      else if (!skip(rel)) out.set(rel, fs.readFileSync(path.join(dir, rel)).toString('latin1'));
    }
  };
  walk('');
  return out;
}

export function diffSnapshots(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of a) if (!b.has(k)) out.push(`- ${k}`);
  else if (b.get(k) !== v) out.push(`~ ${k}`);
  for (const k of b.keys()) if (!a.has(k)) out.push(`+ ${k}`);
  return out.sort();
}

/**
 * The plan `distill apply` builds for these decisions on quest 001 of `home`, through the review flow it uses
 * (loadPlanSource, planReview): reviewer alice, at NOW.
 */
export function planFor(home: string, staged: StagedDecision[]): Plan {
  const source = loadPlanSource(resolveQuest(home, '001'), openStoreSync(home));
  return planReview(source, staged, { reviewer: 'alice', env: { DISTILL_NOW: NOW } });
}

export function writeDecisions(dir: string, rows: unknown[]): string {
  const file = path.join(dir, `decisions-${Math.random().toString(16).slice(2)}.jsonl`);
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

let built: string | null = null;

/**
 * Bundles a CLI with only the writing commands (apply, revert) once per test file into a private dir (dist/ belongs
 * to others). The full CLI loads the TUI too (~1 s a start); the crash tests start it dozens of times.
 */
export async function buildCli(): Promise<string> {
  if (built) return built;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-write-cli-'));
  const entry = path.join(out, 'entry.ts');
  const src = (p: string) => JSON.stringify(path.join(ROOT, 'src', p));
  // The real program (src/cli/program.ts: options, error mapping, exit codes) with only the writing commands.
  fs.writeFileSync(
    entry,
    `import { runProgram } from ${src('cli/program.ts')};
import { processIo } from ${src('cli/output.ts')};
import { registerApply } from ${src('cli/commands/apply.ts')};
import { registerRevert } from ${src('cli/commands/revert.ts')};
runProgram(process.argv.slice(2), processIo(), [registerApply, registerRevert]).then((code) => { process.exitCode = code; });
`,
  );
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [entry],
    outfile: path.join(out, 'cli.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    absWorkingDir: ROOT,
    logLevel: 'silent',
    // As scripts/bundle.js does: a bundle has no package.json two folders up to read the version from.
    define: { DISTILL_VERSION: JSON.stringify((JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version) },
  });
  // Bare imports resolve from the project's node_modules.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(out, 'node_modules'));
  built = path.join(out, 'cli.mjs');
  return built;
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DISTILL_NOW: NOW, USER: 'alice', ...extra };
  delete env.DEEPSCIENTIST_HOME;
  delete env.DS_HOME;
  delete env.DISTILL_FAULT_AT;
  Object.assign(env, extra);
  return env;
}

export function runCliSync(cli: string, args: string[], env: NodeJS.ProcessEnv = cliEnv(), cwd = ROOT): CliResult {
  const r = spawnSync(process.execPath, [cli, ...args], { env, cwd, encoding: 'utf8' });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

export function runCli(cli: string, args: string[], env: NodeJS.ProcessEnv = cliEnv(), cwd = ROOT): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The CLI in-process (fast): exit code and captured output. */
export async function runInProcess(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const { main } = await import('../../src/cli/main.js');
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (t: string) => void (out += t),
    err: (t: string) => void (err += t),
    isTTY: false,
    env: cliEnv(extraEnv),
    cwd: ROOT,
  });
  return { code, out, err };
}
