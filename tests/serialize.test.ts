import { describe, expect, test } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { PyFloat, pyJsonLine, pyJsonPretty, pythonFloatRepr } from '../src/core/format/pyjson.js';
import { dumpYaml } from '../src/core/format/pyyaml.js';
import {
  cardRoundTrips,
  cardWriteProblem,
  deepScientistReadsFrontmatter,
  pyRstrip,
  pyStrip,
  serializeCard,
} from '../src/core/format/serialize.js';
import { PINNED_YAML } from './helpers/pyyaml-pinned.js';

const SAMPLE = path.resolve(__dirname, '../fixtures/ds-sample');

/** Every file under the sample, hidden directories (.ds/worktrees/...) included, in path order. */
function sampleFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(SAMPLE);
  return out.sort();
}

const files = sampleFiles();
const rel = (file: string): string => path.relative(SAMPLE, file);
const cardFiles = files.filter((f) => f.endsWith('.md') && rel(f).split(path.sep).includes('memory'));
const jsonFiles = files.filter((f) => f.endsWith('.json'));
const indexFiles = files.filter((f) => f.endsWith('.jsonl'));
// Cards DeepScientist keeps without frontmatter (written by other code, not write_card).
const BODY_ONLY = new Set(['active-user-requirements.md']);

describe('sample cards are rewritten byte for byte', () => {
  test('the sample has the cards we expect to cover', () => {
    expect(cardFiles.length).toBe(23);
    expect(cardFiles.some((f) => f.endsWith(path.join('ideas', 'idea-7a9ceaa1', 'idea.md')))).toBe(true);
    expect(cardFiles.some((f) => f.endsWith(path.join('ideas', 'idea-7a9ceaa1', 'draft.md')))).toBe(true);
    expect(cardFiles.some((f) => rel(f).includes(path.join('.ds', 'worktrees')))).toBe(true);
  });

  test.each(cardFiles.map((f) => [rel(f), f]))('%s', (_name, file) => {
    const raw = fs.readFileSync(file, 'utf8');
    const parsed = parseCardText(raw);
    if (BODY_ONLY.has(path.basename(file))) {
      // No frontmatter: DeepScientist's dump would add "---\n{}\n---\n", so it cannot round-trip.
      expect(parsed.hasFrontmatter).toBe(false);
      expect(cardRoundTrips(raw)).toBe(false);
      expect(serializeCard({}, raw)).toBe(`---\n{}\n---\n${pyRstrip(raw)}\n`);
      return;
    }
    expect(parsed.error).toBeNull();
    expect(serializeCard(parsed.meta, parsed.body)).toBe(raw);
    expect(cardRoundTrips(raw)).toBe(true);
    expect(cardWriteProblem(parsed.meta, parsed.body)).toBeNull();
    expect(deepScientistReadsFrontmatter(raw)).toBe(true);
  });
});

describe('sample JSON is rewritten byte for byte', () => {
  test('the sample has artifacts and index files', () => {
    expect(jsonFiles.length).toBe(37);
    expect(indexFiles.filter((f) => f.endsWith('_index.jsonl')).length).toBe(14);
  });

  // No sample file holds an integral float such as 1.0 (checked with Python), so JSON.parse loses nothing here.
  test.each(jsonFiles.map((f) => [rel(f), f]))('%s', (_name, file) => {
    const raw = fs.readFileSync(file, 'utf8');
    expect(pyJsonPretty(JSON.parse(raw))).toBe(raw);
  });

  test.each(indexFiles.map((f) => [rel(f), f]))('%s lines', (_name, file) => {
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(pyJsonLine(JSON.parse(line))).toBe(line);
  });
});

describe('dumpYaml matches PyYAML on tricky scalars (expected strings from PyYAML 6.0.3)', () => {
  test.each(PINNED_YAML)('%s', (_name, value, expected) => {
    expect(dumpYaml(value)).toBe(expected);
  });

  test('top-level scalars and empty collections', () => {
    // safe_dump('abc') ends an open plain scalar document with '...'; quoted ones do not.
    expect(dumpYaml('abc')).toBe('abc\n...\n');
    expect(dumpYaml(null)).toBe('null\n...\n');
    expect(dumpYaml('001')).toBe("'001'\n");
    expect(dumpYaml({})).toBe('{}\n');
    expect(dumpYaml([])).toBe('[]\n');
    expect(dumpYaml(['a', { b: [] }])).toBe('- a\n- b: []\n');
  });

  test('undefined object values are left out; unknown objects and cycles are errors', () => {
    expect(dumpYaml({ a: undefined, b: 1 })).toBe('b: 1\n');
    expect(() => dumpYaml({ when: new Date(0) })).toThrow(/cannot represent an object: Date/);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => dumpYaml(loop)).toThrow(/contains itself/);
  });
});

describe('serializeCard', () => {
  test('is the DeepScientist layout: strip()ed dump, rstrip()ed body, one final newline', () => {
    expect(serializeCard({}, '')).toBe('---\n{}\n---\n\n');
    expect(serializeCard({ id: 'x' }, '\n\nbody\n\n\n')).toBe('---\nid: x\n---\n\n\nbody\n');
    expect(serializeCard({ tags: ['a'], quest_id: '001' }, 'b')).toBe("---\ntags:\n- a\nquest_id: '001'\n---\nb\n");
  });

  test("uses Python's whitespace, not JavaScript's trim (expected from Python)", () => {
    // Python strips \x1c-\x1f, \x85 and \u3000; it keeps \uFEFF and \u200B.
    expect(serializeCard({ id: 'x' }, 'b \x1c\x1d\x85\u3000\n')).toBe('---\nid: x\n---\nb\n');
    expect(serializeCard({ id: 'x' }, 'b\uFEFF')).toBe('---\nid: x\n---\nb\uFEFF\n');
    expect(serializeCard({ id: 'x' }, 'b\u200B \t')).toBe('---\nid: x\n---\nb\u200B\n');
    expect(pyStrip('\x1f a \uFEFF')).toBe('a \uFEFF');
    expect(pyRstrip('a\x85')).toBe('a');
  });

  test('a hand-edited card does not round-trip; CRLF and BOM never do', () => {
    expect(cardRoundTrips('---\nid: x\ntags: [a]\n---\nbody\n')).toBe(false);
    expect(cardRoundTrips('---\nid: x\ntags:\n- a\n---\nbody\n')).toBe(true);
    expect(cardRoundTrips('---\r\nid: x\r\n---\r\nbody\r\n')).toBe(false);
    expect(cardRoundTrips('\uFEFF---\nid: x\n---\nbody\n')).toBe(false);
    expect(cardRoundTrips('---\nid: [x\n---\nbody\n')).toBe(false);
  });

  test('cardWriteProblem names what DeepScientist would not read back', () => {
    expect(cardWriteProblem({ id: 'k', title: 'Pitfall ---' }, 'b')).toMatch(/end the frontmatter there/);
    expect(deepScientistReadsFrontmatter(serializeCard({ title: 'Pitfall ---', id: 'k' }, 'b'))).toBe(false);
    expect(deepScientistReadsFrontmatter(serializeCard({ title: 'fine', id: 'k' }, '---\nb'))).toBe(true);
    // Python's .strip() of the dump eats a trailing no-break space: DeepScientist itself writes `note:` (null).
    expect(serializeCard({ id: 'k', note: 'x\xa0' }, 'b')).toBe('---\nid: k\nnote: x\n---\nb\n');
    expect(cardWriteProblem({ id: 'k', note: 'x\xa0' }, 'b')).toBe('field "note" would not read back as written');
    expect(cardWriteProblem({ note: 'x\xa0', id: 'k' }, 'b')).toBeNull();
    expect(cardWriteProblem({ id: 'k', note: 'a\x85b' }, 'b')).toMatch(/"note"/);
    expect(cardWriteProblem({ id: 'k', body: 'fine ---x', n: [1, 2.5, null], d: { e: [] } }, '---\nb')).toBeNull();
  });
});

describe('pyJsonPretty / pyJsonLine (expected strings from Python json.dumps)', () => {
  const value = {
    s: 'q"\\/\x00\x1f\x7f\b\f\n\r\t é😀\u2028',
    e: [],
    d: {},
    n: [1, 2.5, null, true, 1e-5, new PyFloat(1e16), new PyFloat(1e22), 123456789.125, -0.0001],
    nest: { a: [{}] },
  };
  const s = '"q\\"\\\\/\\u0000\\u001f\x7f\\b\\f\\n\\r\\t é😀\u2028"';

  test('pretty: indent 2, [] and {} for empties, control characters as lowercase \\u00xx', () => {
    expect(pyJsonPretty(value)).toBe(
      `{\n  "s": ${s},\n  "e": [],\n  "d": {},\n  "n": [\n    1,\n    2.5,\n    null,\n    true,\n    1e-05,\n` +
        `    1e+16,\n    1e+22,\n    123456789.125,\n    -0.0001\n  ],\n  "nest": {\n    "a": [\n      {}\n    ]\n  }\n}\n`,
    );
  });

  test('line: ", " and ": " separators, no newline', () => {
    expect(pyJsonLine(value)).toBe(
      `{"s": ${s}, "e": [], "d": {}, "n": [1, 2.5, null, true, 1e-05, 1e+16, 1e+22, 123456789.125, -0.0001], ` +
        `"nest": {"a": [{}]}}`,
    );
    expect(pyJsonLine([NaN, Infinity, -Infinity])).toBe('[NaN, Infinity, -Infinity]');
    expect(pyJsonLine({ a: undefined, b: 12345678901234567890n, c: 1e21 })).toBe(
      '{"b": 12345678901234567890, "c": 1e+21}',
    );
  });

  test("float repr follows Python's repr", () => {
    const cases: Array<[number, string]> = [
      [0.1, '0.1'],
      [1e-4, '0.0001'],
      [1e-5, '1e-05'],
      [1.5e-7, '1.5e-07'],
      [1e15, '1000000000000000.0'],
      [1e16, '1e+16'],
      [1.2345e20, '1.2345e+20'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [-2.5, '-2.5'],
      [0, '0.0'],
      [-0, '-0.0'],
    ];
    for (const [n, text] of cases) expect(pythonFloatRepr(n)).toBe(text);
  });
});

describe('editCard: the minimal frontmatter edit', () => {
  test('a comment line at column 0 under a rewritten key stays where it was', async () => {
    const { editCard } = await import('../src/core/review/fm-edit.js');
    const { parseCardText } = await import('../src/core/format/frontmatter.js');
    const raw = "---\nid: knowledge-aaaa0001\ntitle: A lesson\ntags: [a, b]\n# a hand comment about the tags\nscope: global\n---\nBody.\n";
    const before = parseCardText(raw).meta;
    const after = { ...before, tags: ['a', 'b', 'c'] };
    const edited = editCard(raw, before, after, 'Body.\n');
    expect(edited).toBe("---\nid: knowledge-aaaa0001\ntitle: A lesson\ntags:\n- a\n- b\n- c\n# a hand comment about the tags\nscope: global\n---\nBody.\n");
    expect(parseCardText(edited).meta).toEqual(after);
  });
});
