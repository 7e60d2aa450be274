// The duplicate engine on whole cards (issue 15): the body counts whatever the titles say, look-alikes stay apart,
// each link says why, and the cached fingerprints give the same clusters as an uncached run (issue 20).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findClusters } from '../src/core/cleanup/find.js';
import { openStoreSync } from '../src/core/store/index.js';
import { buildNeighborIndex } from '../src/core/neighbors/engine.js';
import { copyFixture } from './helpers/home.js';

const WARMUP_BODY = 'Across three quests, adapter runs diverged with warmup_ratio < 0.03 regardless of peak LR.\n';

function card(home: string, name: string, id: string, title: string, tags: string[], body: string, claim?: string): string {
  const file = path.join(home, 'memory/knowledge', `${name}.md`);
  const lines = ['---', `id: ${id}`, 'type: knowledge', 'kind: knowledge', `title: '${title}'`, 'tags:', ...tags.map((t) => `- ${t}`)];
  if (claim) lines.push(`claim: '${claim}'`);
  lines.push("created_at: '2026-06-01T00:00:00+00:00'", 'scope: global', '---', body);
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

const cacheEnv = () => ({ HOME: os.tmpdir(), DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) });

function clusterOf(clusters: ReturnType<typeof findClusters>['clusters'], id: string) {
  return clusters.find((c) => c.cards.some((card) => card.id === id));
}

function shape(result: ReturnType<typeof findClusters>) {
  return result.clusters.map((c) => ({ ids: c.cards.map((card) => card.id), links: c.links }));
}

describe('whole-card duplicates', () => {
  it('clusters the body-identical copy with a reworded title, and says it is the same body', () => {
    const home = copyFixture('dup-home');
    card(home, 'rerun', 'knowledge-0b0d1e5a', 'For adapters, warmup ratio matters more than peak LR (rerun)', ['area:adapters'], WARMUP_BODY);
    const result = findClusters(openStoreSync(home, { cache: false }).cards);
    const warmup = clusterOf(result.clusters, 'knowledge-05abb9e0')!;
    expect(warmup.cards.map((c) => c.id)).toContain('knowledge-0b0d1e5a');
    const link = warmup.links.find((l) => l.a === 'knowledge-0b0d1e5a' || l.b === 'knowledge-0b0d1e5a')!;
    expect(link.reasons).toContain('same body');
  });

  it('keeps two same-topic cards with opposite findings apart', () => {
    const home = copyFixture('dup-home');
    const tags = ['domain:nlp', 'topic:calibration', 'task:open-qa'];
    card(home, 'ls-helps', 'knowledge-1a2b3c4d', 'Label smoothing improves calibration of extractive readers', tags,
      'On NQ, label smoothing at 0.1 lowered the reader ECE in every seed we ran.\n', 'Label smoothing improves reader calibration on NQ');
    card(home, 'ls-no', 'knowledge-5e6f7a8b', 'Label smoothing does not improve calibration of extractive readers', tags,
      'On NQ, label smoothing at 0.1 left the reader ECE unchanged across the seeds we ran.\n', 'Label smoothing does not improve reader calibration on NQ');
    const result = findClusters(openStoreSync(home, { cache: false }).cards);
    const cluster = clusterOf(result.clusters, 'knowledge-1a2b3c4d');
    expect(cluster?.cards.map((c) => c.id) ?? []).not.toContain('knowledge-5e6f7a8b');
  });

  it('does not chain: a card linked to one member only does not join', () => {
    const home = copyFixture('dup-home');
    // Shares the warmup cards' topic words but states another finding about them.
    card(home, 'bridge', 'knowledge-9f8e7d6c', 'Warmup ratio matters more than peak LR for full fine-tuning of encoders', ['domain:nlp', 'topic:optimization'],
      'For full fine-tuning of BERT-base encoders the warmup ratio barely mattered; peak LR decided divergence at 5e-5.\n');
    const result = findClusters(openStoreSync(home, { cache: false }).cards);
    const warmup = clusterOf(result.clusters, 'knowledge-05abb9e0')!;
    expect(warmup.cards.length).toBeLessThanOrEqual(3);
  });
});

describe('cached fingerprints', () => {
  it('gives the same clusters as an uncached run, cold and warm', () => {
    const home = copyFixture('dup-home');
    card(home, 'rerun', 'knowledge-0b0d1e5a', 'For adapters, warmup ratio matters more than peak LR (rerun)', ['area:adapters'], WARMUP_BODY);
    const env = cacheEnv();
    const uncached = shape(findClusters(openStoreSync(home, { cache: false }).cards));
    const cold = openStoreSync(home, { env });
    expect(cold.stats.cacheWritten).toBe(true);
    expect(shape(findClusters(cold.cards))).toEqual(uncached);
    const warm = openStoreSync(home, { env });
    expect(warm.stats.fromCache).toBe(warm.stats.files);
    expect(warm.cards.find((c) => c.id === 'knowledge-0b0d1e5a')!.body).toEqual(cold.cards.find((c) => c.id === 'knowledge-0b0d1e5a')!.body);
    expect(shape(findClusters(warm.cards))).toEqual(uncached);
  });

  it('re-clusters a card changed on disk between two runs', () => {
    const home = copyFixture('dup-home');
    const file = card(home, 'rerun', 'knowledge-0b0d1e5a', 'For adapters, warmup ratio matters more than peak LR (rerun)', ['area:adapters'], WARMUP_BODY);
    const env = cacheEnv();
    expect(clusterOf(findClusters(openStoreSync(home, { env }).cards).clusters, 'knowledge-0b0d1e5a')).toBeDefined();
    card(home, 'rerun', 'knowledge-0b0d1e5a', 'Bottleneck width barely matters for NER adapters', ['area:adapters'],
      'Widths 32 to 256 changed span F1 by less than seed noise on CoNLL subsets; pick the cheapest one that fits.\n');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const again = openStoreSync(home, { env });
    expect(again.stats.parsed).toBe(1);
    expect(clusterOf(findClusters(again.cards).clusters, 'knowledge-0b0d1e5a')).toBeUndefined();
  });
});

describe('neighbor reasons', () => {
  it('a neighbor with the same body says so, and names the abbreviation it expanded', () => {
    const home = copyFixture('dup-home');
    const index = buildNeighborIndex(openStoreSync(home, { cache: false }).cards);
    const [first] = index.query({ title: 'Adapter warm-up: ratio beats peak learning rate', tags: [], body: WARMUP_BODY });
    expect(first.card.id).toMatch(/^knowledge-(05abb9e0|3f2a9c11|8d41e0b7)$/);
    const reasons = index.query({ title: 'Adapter warm-up: ratio beats peak learning rate', tags: [], body: WARMUP_BODY }, { limit: 5 })
      .flatMap((n) => n.reasons);
    expect(reasons).toContain('same body');
    expect(reasons).toContain('abbreviation expanded: lr → learning rate');
  });
});
