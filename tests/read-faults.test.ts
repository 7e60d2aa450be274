// Issue 18 (read side): a FIFO, a device or a huge file where a card, a run record, an index, the decisions file or a
// state file should be is refused or skipped with one line naming it, never read. The CLI runs as a child process
// killed with SIGKILL after a timeout: a blocked read ignores SIGTERM, and a regression must fail, not hang the suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { tagList } from '../src/core/cards.js';
import { copyFixture, run } from './helpers/home.js';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'distill.js');
const LIMIT_MS = 20_000; // generous on a loaded machine; a hang is minutes, and the kill makes it a failure

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) spawnSync('npx', ['tsc', '-p', ROOT], { stdio: 'ignore' });
}, 120_000);

function distill(home: string, args: string[]) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [BIN, '--home', home, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: LIMIT_MS,
    killSignal: 'SIGKILL',
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-rf-cache-')) },
  });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr, ms: Date.now() - started };
}

function fifo(file: string): void {
  fs.rmSync(file, { force: true });
  const r = spawnSync('mkfifo', [file]);
  if (r.status !== 0) throw new Error(`mkfifo ${file} failed`);
}

describe('non-regular files are never read', { timeout: 120_000 }, () => {
  test('a FIFO card is skipped with a warning naming it; the other cards still answer', () => {
    const home = copyFixture('ds-sample');
    const card = path.join(home, 'memory', 'knowledge', 'fifo-card.md');
    fifo(card);
    const r = distill(home, ['recall', '--tags', 'warmup']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.err).toContain(`${card}: cannot read: not a regular file (a FIFO); skipped`);
    const v = distill(home, ['validate']);
    expect(v.signal).toBeNull();
    expect(v.code).not.toBe(70);
  });

  test('a FIFO run record and a FIFO index file are skipped with a warning naming them', () => {
    const home = copyFixture('ds-sample');
    const record = path.join(home, 'quests', '001', 'artifacts', 'runs', 'run-1522ac47.json');
    fifo(record);
    const r = distill(home, ['candidates', '001']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.err).toContain(record);
    expect(r.err).toContain('not a regular file (a FIFO)');
    const index = path.join(home, 'quests', '001', 'artifacts', '_index.jsonl');
    fifo(index);
    const i = distill(home, ['candidates', '001']);
    expect(i.signal).toBeNull();
    expect(i.code).toBe(0);
    expect(i.err).toContain(`${index}: cannot read it (not a regular file (a FIFO)); DeepScientist's gate fails on it too`);
    const g = distill(home, ['gate', '001']);
    expect(g.signal).toBeNull();
    expect(g.code).toBe(2); // an index that cannot be read may name completed runs: never "closed"
    expect(g.out).toContain('gate 001: not closed, 1 file the gate cannot read:');
  });

  test('a FIFO, /dev/zero or an oversized decisions file: exit 2, one line, nothing written', () => {
    const home = copyFixture('ds-sample');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-rf-'));
    const pipe = path.join(dir, 'decisions.jsonl');
    fifo(pipe);
    const big = path.join(dir, 'big.jsonl');
    fs.writeFileSync(big, Buffer.alloc(9 * 1024 * 1024, 0x0a));
    const cases: [string, string][] = [
      [pipe, `distill: ${pipe}: cannot read (not a regular file (a FIFO))\n`],
      ['/dev/zero', 'distill: /dev/zero: cannot read (not a regular file (a character device))\n'],
      [big, `distill: ${big}: cannot read (9 MiB, over the 8 MiB distill reads)\n`],
    ];
    for (const [file, message] of cases) {
      const r = distill(home, ['apply', '001', file, '--yes']);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(2);
      expect(r.err).toBe(message);
    }
    expect(fs.existsSync(path.join(home, '.distill', 'reviews'))).toBe(false);
  });

  test('a FIFO state file (a review record, the reviewed ledger) is exit 2 naming it', () => {
    const home = copyFixture('ds-sample');
    const record = path.join(home, '.distill', 'reviews', 'decision-0000abcd.json');
    fs.mkdirSync(path.dirname(record), { recursive: true });
    fifo(record);
    const r = distill(home, ['revert', 'decision-0000abcd']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${record}: cannot read review record (not a regular file (a FIFO))\n`);
    const ledger = path.join(home, '.distill', 'reviewed.jsonl');
    fifo(ledger);
    const d = distill(home, ['drafts', '001']);
    expect(d.signal).toBeNull();
    expect(d.code).toBe(2);
    expect(d.err).toBe(`distill: ${ledger}: cannot read the reviewed ledger (not a regular file (a FIFO))\n`);
  });
});

describe('a FIFO where the write protocol reads a pre-image', { timeout: 120_000 }, () => {
  test('readBytesOrNull refuses it with a one-line user error instead of blocking (built module, child process)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-rf-'));
    const pipe = path.join(dir, 'card.md');
    fifo(pipe);
    const module = path.join(ROOT, 'dist', 'core', 'journal', 'atomic.js');
    const script = `import { readBytesOrNull } from ${JSON.stringify(module)};
try { readBytesOrNull(${JSON.stringify(pipe)}); console.log('read'); } catch (e) { console.log(e.name + ': ' + e.message); }
console.log(readBytesOrNull(${JSON.stringify(path.join(dir, 'missing.md'))}));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: LIMIT_MS, killSignal: 'SIGKILL' });
    expect(r.signal).toBeNull();
    expect(r.stdout).toBe(`UserError: ${pipe}: not a regular file (a FIFO)\nnull\n`);
  });
});

describe('huge flow lists', { timeout: 120_000 }, () => {
  test('tag lists are linear: 600k tags in well under a second', () => {
    const tags = Array.from({ length: 600_000 }, (_, i) => `t${i}`);
    const started = Date.now();
    expect(tagList([...tags, 't0', ' t1 '])).toHaveLength(600_000);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('a card with a 5 MB single-line flow list is skipped with a warning naming it, in seconds', () => {
    const home = copyFixture('ds-sample');
    const card = path.join(home, 'memory', 'knowledge', 'huge-tags.md');
    const tags = Array.from({ length: 600_000 }, (_, i) => `t${i}`).join(', ');
    fs.writeFileSync(card, `---\nid: knowledge-0000beef\ntitle: huge\ntype: knowledge\ntags: [${tags}]\n---\nbody\n`);
    const r = distill(home, ['recall', '--tags', 't5']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.err).toMatch(new RegExp(`${card}: frontmatter is \\d+ KiB, over the 256 KiB distill reads; skipped`));
    expect(r.ms).toBeLessThan(LIMIT_MS);
  });

  test('a card with a large flow list under the limit (20k tags) is read, and fast', () => {
    const home = copyFixture('ds-sample');
    const tags = Array.from({ length: 20_000 }, (_, i) => `t${i}`).join(', ');
    fs.writeFileSync(path.join(home, 'memory', 'knowledge', 'many-tags.md'), `---\nid: knowledge-0000bee0\ntitle: many\ntype: knowledge\ntags: [${tags}]\n---\nbody\n`);
    const r = distill(home, ['recall', '--tags', 't19999']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('knowledge-0000bee0');
  });
});

describe('neighbors reads only inside the home', () => {
  test('a card file outside the home, or a symlink in the home pointing out, is refused with exit 2', async () => {
    const home = copyFixture('ds-sample');
    const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-outside-'));
    const outside = path.join(outsideDir, 'card.md');
    fs.writeFileSync(outside, '---\ntitle: outside\ntags: [warmup]\n---\nbody\n');
    const r = await run(['--home', home, 'neighbors', outside]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${outside}: outside the home ${home}; distill reads card files only inside it\n`);
    const link = path.join(home, 'link.md');
    fs.symlinkSync(outside, link);
    const l = await run(['--home', home, 'neighbors', link]);
    expect(l.code).toBe(2);
    expect(l.err).toContain('outside the home');
    // Inside the home it is read.
    const inside = path.join(home, 'inside.md');
    fs.copyFileSync(outside, inside);
    const ok = await run(['--home', home, 'neighbors', inside]);
    expect(ok.code).toBe(0);
  });
});
