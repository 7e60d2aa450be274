// YAML alias bombs: a few hundred bytes of anchors and aliases that expand into gigabytes once a card is written from
// them. Every YAML load (frontmatter of drafts and cards, an edited draft's text in a decisions file, quest.yaml) is held
// to an alias count and an expanded-size budget (core/format/yaml11.ts); over it, the file is refused (exit 2, named)
// and nothing is written. Time and memory of the refusal: npm run bench:yaml.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { MAX_YAML_ALIASES, YamlBudgetError, loadYaml } from '../src/core/format/yaml11.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { splitDraftMatter } from '../src/core/format/draft-matter.js';
import { sampleDraft, yamlBomb } from '../scripts/bench/yaml-bomb.js';
import { D, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const bomb = yamlBomb;
const DRAFT = sampleDraft;

describe('the YAML budget', () => {
  test('a 370-byte bomb (9^9 strings once expanded) is refused by every frontmatter reader', () => {
    const text = bomb(8);
    expect(text.length).toBeLessThan(400);
    expect(() => loadYaml(text)).toThrow(YamlBudgetError);
    expect(() => loadYaml(text)).toThrow(/^YAML aliases expand to over \d+ characters from \d+ \(an alias bomb\?\)$/);
    expect(parseCardText(DRAFT(text)).error).toMatch(/^YAML error in frontmatter: YAML aliases expand to over/);
    expect(() => splitDraftMatter(DRAFT(text))).toThrow(YamlBudgetError);
  });

  test('aliases as PyYAML writes them (a shared list) and a "*" in a long text still load', () => {
    expect(loadYaml('tags: &id001\n- a\n- b\nkeywords: *id001\n')).toEqual({ tags: ['a', 'b'], keywords: ['a', 'b'] });
    const long = `body: "${'x'.repeat(3 * 1024 * 1024)} *not an alias"\n`;
    expect((loadYaml(long) as { body: string }).body).toHaveLength(3 * 1024 * 1024 + 14);
    expect(loadYaml(bomb(3))).toBeTruthy(); // 9^4 strings: small enough
  });

  test(`more than ${MAX_YAML_ALIASES} aliases are refused before loading`, () => {
    const many = `a: &a x\nb: [${Array(MAX_YAML_ALIASES + 1).fill('*a').join(', ')}]\n`;
    expect(() => loadYaml(many)).toThrow(`${MAX_YAML_ALIASES + 1} YAML aliases, over the ${MAX_YAML_ALIASES} distill reads (an alias bomb?)`);
  });
});

describe('a bomb that would reach a write', () => {
  // 9^5 strings of 24 characters: over the budget, yet small enough that the unguarded code writes its card in seconds
  // (the 370-byte bomb of the issue ran a minute at 2.6 GB and wrote a 161 MB card).
  const payload = bomb(4, 'x'.repeat(24));

  test('in a draft file: apply refuses it (exit 2, the draft named), nothing written', async () => {
    const home = makeHome();
    const draft = path.join(home, 'drafts', 'experiences', '001', 'main-001__lora-warmup.md');
    fs.writeFileSync(draft, DRAFT(payload));
    const before = snapshot(home);
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.lora, decision: 'new', reason: 'x' }]), '--yes']);
    expect(r.err).toContain(draft);
    expect(r.err).toContain('YAML aliases expand to over');
    expect(r.code).toBe(2);
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    fs.rmSync(home, { recursive: true, force: true });
  });

  test("in a decision's edited text: apply refuses it (exit 2, the draft named), nothing written", async () => {
    const home = makeHome();
    const draft = path.join(home, 'drafts', 'experiences', '001', 'main-001__lora-warmup.md');
    const before = snapshot(home);
    const decisions = writeDecisions(path.dirname(home), [{ draft: D.lora, decision: 'new', reason: 'x', text: DRAFT(payload) }]);
    const r = await runInProcess(['--home', home, 'apply', '001', decisions, '--yes']);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(draft);
    expect(r.err).toContain('edited text: YAML error in frontmatter: YAML aliases expand to over');
    expect(r.code).toBe(2);
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    fs.rmSync(home, { recursive: true, force: true });
  });

  test('in quest.yaml: the gate refuses the quest, naming the file', async () => {
    const home = makeHome();
    const questYaml = path.join(home, 'quests', '001', 'quest.yaml');
    fs.appendFileSync(questYaml, payload);
    const r = await runInProcess(['--home', home, 'gate', '001']);
    expect(r.err).toContain(`${questYaml}: YAML error: YAML aliases expand to over`);
    expect(r.code).toBe(2);
    fs.rmSync(home, { recursive: true, force: true });
  });
});
