// A home's own abbreviations (`<home>/.distill/abbreviations.json`) merged over the shipped table: they link cards the
// shipped table cannot, `null` drops a shipped entry, the metadata cache follows the table, and a bad file is one line
// naming the file and the problem, exit 2, nothing written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findClusters } from '../src/core/cleanup/find.js';
import { expandedAbbreviations, SHIPPED, selectVocabulary, vocabularyHash } from '../src/core/neighbors/expand.js';
import { findingOf } from '../src/core/neighbors/finding.js';
import { openStoreSync } from '../src/core/store/index.js';
import { copyFixture, run, snapshot } from './helpers/home.js';

afterEach(() => selectVocabulary(SHIPPED));

const cacheEnv = () => ({ HOME: os.tmpdir(), DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) });

function card(home: string, id: string, title: string, claim: string, body: string): void {
  const text = ['---', `id: ${id}`, 'type: knowledge', 'kind: knowledge', `title: '${title}'`, 'tags:', '- topic:quantization',
    `claim: '${claim}'`, "created_at: '2026-06-01T00:00:00+00:00'", 'scope: global', '---', body].join('\n');
  fs.writeFileSync(path.join(home, 'memory/knowledge', `${id}.md`), text);
}

/** Two cards that say one thing, one in abbreviations the shipped table does not know (QAT, PTQ). */
function homeWithQat(): string {
  const home = copyFixture('dup-home');
  card(home, 'knowledge-0a7c0001', 'QAT beats PTQ at 4 bits', 'QAT beats PTQ at 4 bits.',
    'We trained with fake quantization from the start and compared against rounding the trained weights.\n');
  card(home, 'knowledge-0a7c0002', 'Quantization-aware training beats post-training quantization at 4 bits',
    'Quantization-aware training beats post-training quantization at 4 bits.',
    'Rounding after training lost two points; training with simulated rounding lost none.\n');
  return home;
}

function writeVocabulary(home: string, text: string): string {
  const file = path.join(home, '.distill', 'abbreviations.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const linked = (clusters: ReturnType<typeof findClusters>['clusters']) =>
  clusters.find((c) => c.cards.some((x) => x.id === 'knowledge-0a7c0001') && c.cards.some((x) => x.id === 'knowledge-0a7c0002'));

describe('home abbreviations', () => {
  it('a home abbreviation links cards the shipped table leaves apart, and the link says what was expanded', async () => {
    const home = homeWithQat();
    // Without the home's table the two are at most each other's nearest neighbors: a `likely` cluster (graded since
    // issue 34; it found none before), never `same lesson`.
    expect(linked(findClusters(openStoreSync(home, { cache: false }).cards).clusters)?.confidence ?? 'none').not.toBe('same lesson');
    writeVocabulary(home, JSON.stringify({
      abbreviations: { qat: 'quantization aware training', ptq: 'post training quantization' },
      variants: { 'quantization-aware': 'quantization aware', 'post-training': 'post training' },
    }));
    const result = await run(['--home', home, 'lessons', '--json'], { env: cacheEnv() });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out) as { clusters: { confidence: string; cards: { card_id: string }[]; links: { reasons: string[] }[] }[] };
    const cluster = json.clusters.find((c) => c.cards.some((x) => x.card_id === 'knowledge-0a7c0001'))!;
    expect(cluster.cards.map((x) => x.card_id).sort()).toEqual(['knowledge-0a7c0001', 'knowledge-0a7c0002']);
    expect(cluster.confidence).toBe('same lesson');
    expect(cluster.links[0].reasons).toContain('abbreviation expanded: qat → quantization aware training, ptq → post training quantization');
  });

  it('null drops a shipped entry; other shipped entries stay', () => {
    const home = copyFixture('dup-home');
    writeVocabulary(home, JSON.stringify({ abbreviations: { rl: null } }));
    openStoreSync(home, { cache: false });
    expect(expandedAbbreviations('RL on ROUGE-L with a higher LR')).toEqual(['lr → learning rate']);
    selectVocabulary(SHIPPED);
    expect(expandedAbbreviations('RL on ROUGE-L with a higher LR')).toEqual(['rl → reinforcement learning', 'lr → learning rate']);
  });

  it('the metadata cache of another table is not used: fingerprints are computed again', () => {
    const home = homeWithQat();
    const env = cacheEnv();
    const first = openStoreSync(home, { env });
    expect(first.stats.cacheWritten).toBe(true);
    expect(openStoreSync(home, { env }).stats.parsed).toBe(0);
    writeVocabulary(home, JSON.stringify({ abbreviations: { qat: 'quantization aware training' } }));
    const changed = openStoreSync(home, { env });
    expect(changed.stats.parsed).toBe(changed.stats.files);
    const uncached = openStoreSync(home, { cache: false });
    expect(changed.cards.map((c) => c.body)).toEqual(uncached.cards.map((c) => c.body));
    expect(openStoreSync(home, { env }).stats.parsed).toBe(0);
  });

  const BAD: [string, string, RegExp][] = [
    ['not JSON', '{"abbreviations": {"qat": ', /: not valid JSON \(/],
    ['a list', '["qat"]', /: expected a JSON object with "abbreviations", "variants", "quantities" and\/or "settings"$/],
    ['an unknown key', '{"abbrevs": {}}', /: unknown key "abbrevs" \(expected "abbreviations", "variants", "quantities" and\/or "settings"\)$/],
    ['an upper-case key', '{"abbreviations": {"QAT": "quantization aware training"}}', /: abbreviations\."QAT": a key is a word or short phrase in lower case/],
    ['a number as long form', '{"variants": {"warm-up": 3}}', /: variants\."warm-up": the long form must be lower-case words \(e\.g\. "exact match"\) or null, not 3$/],
    ['a section that is no object', '{"abbreviations": "qat"}', /: "abbreviations" must be an object/],
    ['a quantity that is no words', '{"quantities": {"tool-call failures": "Hallucinations!"}}', /: quantities\."tool-call failures": the quantity it names must be lower-case words \(e\.g\. "memory"\) or null, not "Hallucinations!"$/],
    ['quantities as a list', '{"quantities": ["memory"]}', /: "quantities" must be an object of "name": "quantity" entries$/],
    ['a setting that is no words', '{"settings": {"retry budget": 2}}', /: settings\."retry budget": the setting it names must be lower-case words \(e\.g\. "weight decay"\) or null, not 2$/],
  ];
  for (const [what, text, message] of BAD) {
    it(`a file with ${what}: one line naming the file and the problem, exit 2, nothing written`, async () => {
      const home = homeWithQat();
      const file = writeVocabulary(home, text);
      const before = snapshot(home);
      const env = cacheEnv();
      for (const argv of [['lessons', '--json'], ['neighbors', '--json', 'knowledge-0a7c0001'], ['status']]) {
        const result = await run(['--home', home, ...argv], { env });
        expect(result.code).toBe(2);
        expect(result.out).toBe('');
        const lines = result.err.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain(file);
        expect(lines[0]).toMatch(message);
      }
      expect(snapshot(home)).toEqual(before);
      expect(fs.readdirSync(env.DISTILL_CACHE_DIR)).toEqual([]);
    });
  }

  /** A home with two cards of one body and one wording but for what they name; `linked()`: does lessons join them? */
  function namedPair(ids: [string, string], titles: [string, string], body: string) {
    const home = copyFixture('dup-home');
    ids.forEach((id, k) => card(home, id, titles[k], `${titles[k]}.`, body));
    const env = cacheEnv();
    const linked = async () => {
      const result = await run(['--home', home, 'lessons', '--json'], { env });
      expect(result.code).toBe(0);
      const json = JSON.parse(result.out) as { clusters: { cards: { card_id: string }[] }[] };
      return json.clusters.some((c) => ids.every((id) => c.cards.some((x) => x.card_id === id)));
    };
    return { home, linked };
  }

  it('a home names its own quantities and drops shipped ones; lessons follows the file even with a warm cache', async () => {
    const { home, linked } = namedPair(
      ['knowledge-0b1c0001', 'knowledge-0b1c0002'],
      ['Self-consistency halves tool-call failures on GSM8K', 'Self-consistency halves memory on GSM8K'],
      'We decoded the GSM8K answers with and without self-consistency over three seeds on the same prompts.\n',
    );
    // Shipped: `memory` is a quantity, `tool-call failures` is not one: one side names none, nothing against.
    expect(await linked()).toBe(true);
    // The home's `tool-call failures` is a quantity of its own: two quantities, two findings.
    writeVocabulary(home, JSON.stringify({ quantities: { 'tool-call failures': 'tool failures' } }));
    expect(await linked()).toBe(false);
    // `memory` dropped (cards of agents' memory): nothing against again.
    writeVocabulary(home, JSON.stringify({ quantities: { 'tool-call failures': 'tool failures', memory: null } }));
    expect(await linked()).toBe(true);
  });

  it('a home names its own settings and drops them again; lessons follows the file even with a warm cache', async () => {
    const { home, linked } = namedPair(
      ['knowledge-0b2c0001', 'knowledge-0b2c0002'],
      ['A retry budget halves failed runs on GSM8K', 'Timeout scaling halves failed runs on GSM8K'],
      'We reran the failed GSM8K jobs of the sweep on the same two nodes and counted the runs that still failed.\n',
    );
    // Shipped: neither is a setting the table knows: nothing against, the same words and body link them.
    expect(await linked()).toBe(true);
    writeVocabulary(home, JSON.stringify({ settings: { 'retry budget': 'retries', 'timeout scaling': 'timeouts' } }));
    expect(await linked()).toBe(false);
    writeVocabulary(home, JSON.stringify({ settings: { 'timeout scaling': 'timeouts' } }));
    expect(await linked()).toBe(true);
  });

  it('the shipped quantities and settings keep the hash of the words alone; a home\'s own make another', () => {
    const home = copyFixture('dup-home');
    selectVocabulary(SHIPPED);
    const shipped = vocabularyHash();
    selectVocabulary({ ...SHIPPED, quantities: { ...SHIPPED.quantities }, settings: { ...SHIPPED.settings } });
    expect(vocabularyHash()).toBe(shipped);
    selectVocabulary({ ...SHIPPED, settings: { ...SHIPPED.settings, 'retry budget': 'retries' } });
    expect(vocabularyHash()).not.toBe(shipped);
    writeVocabulary(home, JSON.stringify({ quantities: { 'tool-call failures': 'tool failures' } }));
    openStoreSync(home, { cache: false });
    expect(vocabularyHash()).not.toBe(shipped);
  });

  it('a finding reads its settings, quantities and abbreviations with the table in use when it was made, whenever they are first read', () => {
    selectVocabulary(SHIPPED);
    const early = findingOf('QAT with LR warmup beats PTQ', null, []);
    const { lr: _lr, ...withoutLr } = SHIPPED.abbreviations;
    selectVocabulary({ ...SHIPPED, abbreviations: { ...withoutLr, qat: 'quantization aware training' }, settings: { ...SHIPPED.settings, 'quantization aware training': 'qat' } });
    const late = findingOf('QAT with LR warmup beats PTQ', null, []);
    // Read after the switch, the early finding is still the shipped table's.
    expect(early.settings.map((t) => t.family)).toEqual(['learning rate']);
    expect(early.abbreviations).toEqual(['lr → learning rate']);
    expect(late.settings.map((t) => t.family)).toEqual(['qat', 'learning rate']);
    expect(late.abbreviations).toEqual(['qat → quantization aware training']);
  });

  it('gate and candidates never read it: a bad file does not stop them', async () => {
    const home = copyFixture('demo-home');
    writeVocabulary(home, 'not json');
    expect((await run(['--home', home, 'candidates', '001', '--json'])).code).toBe(0);
    expect((await run(['--home', home, 'gate', '001', '--json'])).code).toBe(1);
    expect((await run(['--home', home, 'status'])).code).toBe(2);
  });
});
