// README.md's and docs/*.md's examples as a newcomer runs them: every ```console block is run from the package folder, after the
// set-up the README gives (the demo home copied to a fresh $DEEPSCIENTIST_HOME; `distill` is bin/distill.js, what
// `npx distill` runs), each block on its own fresh copy. Every block must exit 0 and print what the page shows:
// a line `…` stands for any lines, `/…/` inside a line for any path. A block the README marks
// `<!-- example not run: why -->` is skipped, and the test lists those, so the exceptions stay few and visible.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The pages whose examples run: the README and every page under docs/, by their path from the package folder. */
const PAGES: [string, string][] = [
  ['README.md', README],
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f): [string, string] => [`docs/${f}`, fs.readFileSync(path.join(ROOT, 'docs', f), 'utf8')]),
];

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

const examples = PAGES.flatMap(([page, text]) => consoleExamples(text).map((e) => ({ ...e, page })));

test('the README and docs have console examples, and only a few are not run (each says why)', () => {
  expect(examples.filter((e) => e.page === 'README.md').length).toBeGreaterThanOrEqual(6);
  expect(examples.length).toBeGreaterThanOrEqual(12);
  const skipped = examples.filter((e) => e.notRun).map((e) => `${e.page}:${e.line}: ${e.notRun}`);
  expect(skipped.length).toBeLessThanOrEqual(3);
});

describe.each(examples.filter((e) => !e.notRun).map((e) => ({ ...e, name: `${e.page}:${e.line} ${e.steps[0]?.command.split('\n')[0]}` })))('$name', (example) => {
  test('runs as written, exit 0, printing what the page shows', () => {
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
      const context = `${example.page}:${example.line}: $ ${step.command}\n--- printed (exit ${r.status}) ---\n${r.stdout}${r.stderr}--- the page shows ---\n${step.shown.join('\n')}`;
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

/** The lines of the first fenced block of `lang` after a heading that starts with `heading`, in the page `page`. */
function blockAfter(page: string, heading: string, lang: string): string {
  const text = PAGES.find(([p]) => p === page)![1];
  const from = text.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const open = text.indexOf('```' + lang + '\n', from);
  return text.slice(open + lang.length + 4, text.indexOf('\n```', open)) + '\n';
}

// The files the docs show for `distill apply` and `distill lessons apply`: accepted as they are, run from the home
// (where their `drafts/…` and `memory/…` paths are, as the README says), on the home whose ids they use.
test.each([
  ['docs/WRITES.md', '## `distill apply <QUEST>', 'json', 'demo-home', ['apply', '001']],
  ['docs/LESSONS.md', '## `distill lessons apply', 'jsonl', 'dup-home', ['lessons', 'apply']],
])('the example file in %s under %s (%s) is accepted on a copy of fixtures/%s, run from the home', (page, heading, lang, fixture, args) => {
  const run = fs.mkdtempSync(path.join(tmp, 'file-'));
  const home = path.join(run, 'home');
  fs.cpSync(path.join(ROOT, 'fixtures', fixture), home, { recursive: true });
  const file = path.join(run, 'example.jsonl');
  fs.writeFileSync(file, blockAfter(page, heading, lang));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'distill.js'), ...args, file], {
    cwd: home,
    env: { PATH: process.env.PATH, HOME: run, DEEPSCIENTIST_HOME: home, DISTILL_CACHE_DIR: path.join(run, 'cache') },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('Nothing written; run again with --yes to write.');
  expect(r.stdout).not.toMatch(/^line \d+: .*refused/m);
});
