import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { readScope } from '../src/core/cards.js';
import { parseCardText } from '../src/core/format/frontmatter.js';

const SAMPLE = path.resolve(__dirname, '../fixtures/ds-sample');

describe('parseCardText', () => {
  test('reads every sample card with timestamps as strings', () => {
    const { cards, warnings } = readScope(path.join(SAMPLE, 'memory'), 'global');
    expect(warnings).toEqual([]);
    expect(cards).toHaveLength(13);
    for (const card of cards) {
      expect(typeof card.meta.updated_at).toBe('string');
      expect(card.id).toMatch(/^[a-z]+-[0-9a-f]{8}$/);
    }
    const exp = cards.find((c) => c.id === 'knowledge-37199b1a')!;
    expect(Object.keys(exp.meta).slice(0, 4)).toEqual(['subtype', 'claim', 'keywords', 'lineage']);
    expect(exp.meta.claim).toBe(
      'A retrieval-entropy-conditioned temperature fitted on one corpus over-corrects on another because entropy scale is corpus-specific.',
    );
    expect(cards.find((c) => c.id === 'knowledge-edbc526f')!.meta.quest_id).toBe('001');
  });

  test('resolves plain scalars like PyYAML (YAML 1.1): 001 is 1, on is true, timestamps stay strings', () => {
    const parsed = parseCardText('---\na: 001\nb: 010\nc: on\nd: 2026-05-10 22:01:19\ne: 1e5\nf: 1.5\ng: ._\nh: .5\n---\nbody\n');
    expect(parsed.meta).toEqual({ a: 1, b: 8, c: true, d: '2026-05-10 22:01:19', e: '1e5', f: 1.5, g: '._', h: 0.5 });
    expect(parsed.body).toBe('body\n');
  });

  test('never evaluates ---js frontmatter', () => {
    (globalThis as Record<string, unknown>).pwned = false;
    const parsed = parseCardText('---js\n{ title: (globalThis.pwned = true) }\n---\nbody\n');
    expect((globalThis as Record<string, unknown>).pwned).toBe(false);
    expect(parsed.hasFrontmatter).toBe(false);
    expect(parsed.warnings[0]).toMatch(/not supported/);
  });

  test('warns where DeepScientist would cut the frontmatter at a --- inside a value', () => {
    const parsed = parseCardText('---\ntitle: Pitfall ---\nid: knowledge-00000001\n---\nbody\n');
    expect(parsed.meta).toEqual({ title: 'Pitfall ---', id: 'knowledge-00000001' });
    expect(parsed.warnings.join()).toMatch(/DeepScientist ends the frontmatter there/);
  });

  test('BOM, CRLF, empty and YAML errors are warnings, not crashes', () => {
    expect(parseCardText('\uFEFF---\nid: x\n---\nb\n').meta).toEqual({ id: 'x' });
    expect(parseCardText('---\r\nid: x\r\n---\r\nb\r\n').meta).toEqual({ id: 'x' });
    expect(parseCardText('').warnings).toEqual(['empty file']);
    expect(parseCardText('---\nid: [unclosed\n---\nb\n').error).toMatch(/YAML error/);
    expect(parseCardText('no frontmatter at all\n')).toMatchObject({ hasFrontmatter: false, body: 'no frontmatter at all\n' });
  });
});
