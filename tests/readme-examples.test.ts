// README.md's examples as a newcomer runs them: every ```console block is run from the package folder, after the
// set-up the README gives (the demo home copied to a fresh $DEEPSCIENTIST_HOME; `distill` is bin/distill.js, what
// `npx distill` runs), each block on its own fresh copy. Every block must exit 0 and print what the README shows:
// a line `…` stands for any lines, `/…/` inside a line for any path. A block the README marks
// `<!-- example not run: why -->` is skipped, and the test lists those, so the exceptions stay few and visible.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

interface Step {
  command: string;
  shown: string[];
}

interface Example {
  line: number;
  steps: Step[];
  notRun: string | null;
}

/** The console blocks of a markdown text: `$ ` commands (a heredoc runs to its end marker) and the lines shown. */
export function consoleExamples(markdown: string): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```console') continue;
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = /^<!-- example not run: (.+) -->$/.exec(lines[before] ?? '');
    const example: Example = { line: i + 1, steps: [], notRun: marker ? marker[1] : null };
    for (i++; i < lines.length && lines[i] !== '```'; i++) {
      const line = lines[i];
      if (line.startsWith('$ ')) {
        let command = line.slice(2);
        const heredoc = /<<-?'?(\w+)'?/.exec(command);
        if (heredoc) {
          for (i++; i < lines.length && lines[i] !== heredoc[1]; i++) command += '\n' + lines[i];
          command += '\n' + heredoc[1];
        }
        example.steps.push({ command, shown: [] });
      } else example.steps.at(-1)?.shown.push(line);
    }
    examples.push(example);
  }
  return examples;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether printed lines are what the README shows (`…` lines and `/…/` path parts are wildcards). */
export function matchesShown(shown: string[], printed: string[]): boolean {
  const want = [...shown];
  while (want.length && want.at(-1)!.trim() === '') want.pop();
  const got = [...printed];
  while (got.length && got.at(-1)!.trim() === '') got.pop();
  const lineRe = (line: string) => new RegExp(`^${line.split('/…/').map(escape).join('/(?:.*/)?')}$`);
  const match = (w: number, g: number): boolean => {
    if (w === want.length) return g === got.length;
    if (want[w].trim() === '…') {
      for (let k = g; k <= got.length; k++) if (match(w + 1, k)) return true;
      return false;
    }
    return g < got.length && lineRe(want[w]).test(got[g]) && match(w + 1, g + 1);
  };
  return match(0, 0);
}

let tmp: string;
let bin: string;
beforeAll(() => {
  // `npm test` builds first; a bare `npx vitest` may not have. The bin runs the bundle (dist/distill.mjs).
  if (!fs.existsSync(path.join(ROOT, 'dist', 'distill.mjs'))) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.js')], { stdio: 'ignore' });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-readme-'));
  bin = path.join(tmp, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'distill'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(ROOT, 'bin', 'distill.js'))} "$@"\n`, { mode: 0o755 });
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const examples = consoleExamples(README);

test('the README has console examples, and only a few are not run (each says why)', () => {
  expect(examples.length).toBeGreaterThanOrEqual(10);
  const skipped = examples.filter((e) => e.notRun).map((e) => `README.md:${e.line}: ${e.notRun}`);
  expect(skipped.length).toBeLessThanOrEqual(2);
});

describe.each(examples.filter((e) => !e.notRun).map((e) => ({ ...e, name: `README.md:${e.line} ${e.steps[0]?.command.split('\n')[0]}` })))('$name', (example) => {
  test('runs as written, exit 0, printing what the README shows', () => {
    const run = fs.mkdtempSync(path.join(tmp, 'run-'));
    // The README's set-up: a copy of the demo home as $DEEPSCIENTIST_HOME; a HOME and cache of the test's own.
    const home = path.join(run, 'home');
    fs.cpSync(path.join(ROOT, 'fixtures', 'demo-home'), home, { recursive: true });
    const env = {
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      HOME: run,
      DEEPSCIENTIST_HOME: home,
      DISTILL_CACHE_DIR: path.join(run, 'cache'),
      TMPDIR: run,
      LANG: 'C.UTF-8',
    };
    for (const step of example.steps) {
      const r = spawnSync('/bin/sh', ['-c', step.command], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
      const printed = r.stdout.split('\n');
      const context = `README.md:${example.line}: $ ${step.command}\n--- printed (exit ${r.status}) ---\n${r.stdout}${r.stderr}--- README shows ---\n${step.shown.join('\n')}`;
      expect(r.status, context).toBe(0);
      expect(matchesShown(step.shown, printed), context).toBe(true);
    }
  });
});

test('the matching rules: `…` lines are any lines, `/…/` any path, everything else literal', () => {
  expect(matchesShown(['a', '…', 'd'], ['a', 'b', 'c', 'd'])).toBe(true);
  expect(matchesShown(['a', '  …'], ['a'])).toBe(true);
  expect(matchesShown(['/…/x/y.md: bad'], ['/tmp/q/x/y.md: bad'])).toBe(true);
  expect(matchesShown(['a', 'b'], ['a', 'c'])).toBe(false);
  expect(matchesShown(['a'], ['a', 'extra'])).toBe(false);
  expect(matchesShown(['f1=0.8 (Δ 0.02…'], ['f1=0.8 (Δ 0.02…'])).toBe(true);
  expect(matchesShown(['f1=0.8 (Δ 0.02…'], ['f1=0.8 (Δ 0.021)'])).toBe(false);
});

/** The lines of the first fenced block of `lang` after a heading that starts with `heading`. */
function blockAfter(heading: string, lang: string): string {
  const from = README.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const open = README.indexOf('```' + lang + '\n', from);
  return README.slice(open + lang.length + 4, README.indexOf('\n```', open)) + '\n';
}

// The files the README shows for `distill apply` and `distill lessons apply`: accepted as they are, run from the home
// (where their `drafts/…` and `memory/…` paths are, as the README says), on the home whose ids they use.
test.each([
  ['### `distill apply <QUEST>', 'json', 'demo-home', ['apply', '001']],
  ['### `distill lessons apply', 'jsonl', 'dup-home', ['lessons', 'apply']],
])('the example file under %s (%s) is accepted on a copy of fixtures/%s, run from the home', (heading, lang, fixture, args) => {
  const run = fs.mkdtempSync(path.join(tmp, 'file-'));
  const home = path.join(run, 'home');
  fs.cpSync(path.join(ROOT, 'fixtures', fixture), home, { recursive: true });
  const file = path.join(run, 'example.jsonl');
  fs.writeFileSync(file, blockAfter(heading, lang));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'distill.js'), ...args, file], {
    cwd: home,
    env: { PATH: process.env.PATH, HOME: run, DEEPSCIENTIST_HOME: home, DISTILL_CACHE_DIR: path.join(run, 'cache') },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('Nothing written; run again with --yes to write.');
  expect(r.stdout).not.toMatch(/^line \d+: .*refused/m);
});
