// The two JSONL files a person or a script hands in, `distill apply`'s decisions and `distill lessons apply`'s actions,
// are read by one reader (src/core/files/jsonl-input.ts): a line either refuses is refused the same way by the other,
// in one line naming the file and line, exit 2, nothing written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, run } from './helpers/home.js';
import { CARD, D, diffSnapshots, makeHome, runInProcess, snapshot } from './helpers/write-home.js';

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

function lineFile(dir: string, lines: string[]): string {
  const file = path.join(dir, `lines-${Math.random().toString(16).slice(2)}.jsonl`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

async function lessonsApply(lines: string[]) {
  const home = copyFixture('dup-home');
  const file = lineFile(path.dirname(home), lines);
  const before = snapshot(home);
  const r = await run(['--home', home, 'lessons', 'apply', file, '--yes'], { env: { HOME: os.tmpdir(), USER: 'bob' } });
  return { ...r, file, written: diffSnapshots(before, snapshot(home)) };
}

async function apply(lines: string[]) {
  const home = makeHome();
  const file = lineFile(path.dirname(home), lines);
  const before = snapshot(home);
  const r = await runInProcess(['--home', home, 'apply', '001', file, '--yes']);
  return { ...r, file, written: diffSnapshots(before, snapshot(home)) };
}

describe('a line nested thousands of levels deep', () => {
  it('lessons apply refuses it in one line, exit 2 (it overflowed the stack: exit 70)', async () => {
    const r = await lessonsApply([`{"action": ${deep(5000)}, "card": "knowledge-6c1d8e25"}`]);
    expect(r.err).toBe(`distill: ${r.file}:1: nested 5001 levels deep (at most 32)\n`);
    expect(r.code).toBe(2);
    expect(r.written).toEqual([]);
  });

  it('lessons apply: deep inside an edit\'s "set" too', async () => {
    const r = await lessonsApply([`{"action": "edit", "card": "idea-87267f10", "set": {"tags": ${deep(100000)}}}`]);
    expect(r.err).toBe(`distill: ${r.file}:1: nested 100002 levels deep (at most 32)\n`);
    expect(r.code).toBe(2);
  });

  it('apply refuses the same line the same way', async () => {
    const r = await apply([JSON.stringify({ draft: D.lora, decision: 'new', reason: 'x' }), `{"draft": ${deep(5000)}, "decision": "new"}`]);
    expect(r.err).toBe(`distill: ${r.file}:2: nested 5001 levels deep (at most 32)\n`);
    expect(r.code).toBe(2);
    expect(r.written).toEqual([]);
  });

  it('a line at the limit is read (and judged on its keys)', async () => {
    const r = await lessonsApply([`{"action": "archive", "card": "knowledge-6c1d8e25", "why": ${deep(31)}}`]);
    expect(r.err).toBe(`distill: ${r.file}:1: "why" must be a non-empty string\n`);
  });
});

describe('bad JSON reads the same in both files', () => {
  it('not JSON', async () => {
    const a = await apply(['{"draft": ']);
    const b = await lessonsApply(['{"action": ']);
    for (const r of [a, b]) {
      expect(r.err).toMatch(new RegExp(`^distill: ${r.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: not valid JSON \\(.+\\)\\n$`));
      expect(r.code).toBe(2);
    }
  });

  it('not an object', async () => {
    const a = await apply(['[1, 2]']);
    const b = await lessonsApply(['[1, 2]']);
    for (const r of [a, b]) expect(r.err).toBe(`distill: ${r.file}:1: not a JSON object\n`);
  });
});

describe('distill apply: a key a decision line does not take is refused, as lessons apply does', () => {
  const cases: [string, object, string][] = [
    ['a misspelt "claim " (ignored before: the card took the draft\'s claim)', { draft: D.lora, decision: 'new', 'claim ': 'Warmup matters.' },
      'unknown key "claim " for a draft decision (expected draft, decision, reason, neighbor, neighbors, claim, title, tags, run, text)'],
    ['"neighbour"', { draft: D.warmup, decision: 'patch', neighbour: CARD.warmup },
      'unknown key "neighbour" for a draft decision (expected draft, decision, reason, neighbor, neighbors, claim, title, tags, run, text)'],
    ['a key on a run line', { run: 'run-a400216f', decision: 'reject', reason: 'x', claim: 'y' },
      'unknown key "claim" for a line that rejects a run (expected run, decision, reason)'],
    ['a key of a neighbor entry', { draft: D.lora, decision: 'new', neighbors: [{ card_id: CARD.warmup, decison: 'new' }] },
      'unknown key "decison" for a neighbor (expected card_id, decision, reason)'],
    ['"entry" outside --quirks', { entry: D.lora, decision: 'new' },
      'unknown key "entry" for a draft decision (expected draft, decision, reason, neighbor, neighbors, claim, title, tags, run, text)'],
  ];
  for (const [name, row, message] of cases) {
    it(name, async () => {
      const r = await apply([JSON.stringify({ draft: D.todo, decision: 'reject', reason: 'x' }), JSON.stringify(row)]);
      expect(r.err).toBe(`distill: ${r.file}:2: ${message}\n`);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.written).toEqual([]);
    });
  }

  it('every key the README lists is still taken', async () => {
    const r = await apply([
      JSON.stringify({ draft: D.lora, decision: 'new', reason: 'r', claim: 'Warmup ratio matters for LoRA.', title: 'T', tags: ['topic:x'], run: 'run-a400216f', neighbors: [{ card_id: CARD.warmup, decision: 'new', reason: 'n' }] }),
      JSON.stringify({ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same' }),
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });
});
