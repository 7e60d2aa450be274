// Dual frontmatter (issue 33): `claim`, `mechanism`, `subtype`, `keywords` in a second YAML block at the start of the
// body are read as PR #60's memory service reads them, only where the top level lacks them; a malformed block is
// skipped silently. On fixtures/state-home: 5a7e0006 (claim and keywords in the block only), 5a7e0007 (a top-level
// claim and a block claim: the top level wins; keywords from the block), 5a7e0008 (a block that is not YAML).
// A patch or merge leaves the block byte for byte.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bodyBlock, parseCardText, withBodyFields } from '../src/core/index.js';
import { planMerge } from '../src/core/cleanup/merge.js';
import { copyFixture, run, tempDirs } from './helpers/home.js';
import { makeHome, runInProcess, writeDecisions, D } from './helpers/write-home.js';

const temps = tempDirs();

function home(): string {
  const h = copyFixture('state-home');
  temps.push(path.dirname(h));
  return h;
}

const env = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-dual-cache-'));
  temps.push(dir);
  return { DISTILL_CACHE_DIR: dir, HOME: os.tmpdir() };
};

const KN = 'memory/knowledge';
const BODY_CLAIM = 'Gradient checkpointing halves activation memory at a 20 % slowdown.';

/** A card's body as it is on disk: everything after the first frontmatter. */
const bodyOf = (text: string) => text.slice(text.indexOf('\n---\n') + 5);

describe('reading', () => {
  test('the block fills what the top level lacks (absent, null, blank, empty list); the top level wins; a bad block is nothing', () => {
    const body = '\n---\nclaim: from the body\nkeywords:\n- a\nmechanism: m\nsubtype: experience\nother: x\n---\ntext\n';
    expect(bodyBlock(body)).toEqual({ claim: 'from the body', keywords: ['a'], mechanism: 'm', subtype: 'experience', other: 'x' });
    expect(withBodyFields({ title: 't' }, body)).toEqual({ title: 't', claim: 'from the body', keywords: ['a'], mechanism: 'm', subtype: 'experience' });
    expect(withBodyFields({ claim: null, keywords: [], mechanism: '  ' }, body)).toMatchObject({ claim: 'from the body', keywords: ['a'], mechanism: 'm' });
    expect(withBodyFields({ claim: 'top', keywords: ['k'] }, body)).toMatchObject({ claim: 'top', keywords: ['k'] });
    const meta = { title: 't' };
    for (const other of ['text\n---\nclaim: x\n---\n', '---\nclaim: [open\n---\n', '---\n- a list\n---\n', '---\nclaim: never closed\n', '']) {
      expect(withBodyFields(meta, other)).toBe(meta); // the same object: nothing read
    }
  });

  test('recall --json and --checklist show the claim as PR #60 reads it; no warning for the bad block', async () => {
    const h = home();
    const r = await run(['--home', h, 'recall', '--json', '--tags', 'domain:systems'], { env: env() });
    expect(r.err).toBe('');
    const claims = Object.fromEntries(JSON.parse(r.out).cards.map((c: { card_id: string; claim: string | null }) => [c.card_id, c.claim]));
    expect(claims).toEqual({ 'knowledge-5a7e0006': BODY_CLAIM, 'knowledge-5a7e0007': 'The top-level claim is the one read.', 'knowledge-5a7e0008': null });
    const list = await run(['--home', h, 'recall', '--checklist', '--tags', 'topic:memory'], { env: env() });
    expect(list.out).toContain(`- [ ] ${BODY_CLAIM} (knowledge-5a7e0006; tags: topic:memory)`);
    expect(list.out).toContain('- [ ] The top-level claim is the one read. (knowledge-5a7e0007; tags: topic:memory)');
    expect(list.out).toContain('- [ ] A malformed body block is skipped (knowledge-5a7e0008; tags: topic:memory)');
  });

  test('distill neighbors finds a card by the claim in its body block alone', async () => {
    const h = home();
    const probe = 'probes/gradient-checkpointing-halves-activation-memory.md';
    const out = JSON.parse((await run(['--home', h, 'neighbors', '--json', path.join(h, probe)], { env: env() })).out);
    const hit = out.neighbors.find((n: { card_id: string }) => n.card_id === 'knowledge-5a7e0006');
    expect(hit.reasons.join('; ')).toMatch(/claim similarity 0\.\d+/);
    // The same probe against the card with its block removed: nothing of it is shared any more.
    const file = path.join(h, KN, 'fitting-fine-tuning-on-a-16-gb-card.md');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.slice(0, text.indexOf('\n---\n') + 5) + 'Measured on a 16 GB card.\n');
    const without = JSON.parse((await run(['--home', h, 'neighbors', '--json', path.join(h, probe)], { env: env() })).out);
    expect(without.neighbors.map((n: { card_id: string }) => n.card_id)).not.toContain('knowledge-5a7e0006');
  });

  test('distill lessons --json: a dual-frontmatter card clusters by its block claim and keywords, and shows them', async () => {
    const h = home();
    fs.writeFileSync(path.join(h, KN, 'gradient-checkpointing-halves-activation-memory.md'), `---
claim: ${BODY_CLAIM}
keywords:
- gradient checkpointing
- activation memory
id: knowledge-5a7e0009
type: knowledge
kind: knowledge
title: Gradient checkpointing halves activation memory
tags:
- domain:systems
- topic:memory
created_at: '2026-04-15T10:00:00+00:00'
updated_at: '2026-04-15T10:00:00+00:00'
scope: global
---
Seen again on a 24 GB card.
`);
    const out = JSON.parse((await run(['--home', h, 'lessons', '--json'], { env: env() })).out);
    const cluster = out.clusters.find((c: { cards: { card_id: string }[] }) => c.cards.some((card) => card.card_id === 'knowledge-5a7e0006'));
    expect(cluster.cards.map((c: { card_id: string }) => c.card_id)).toEqual(['knowledge-5a7e0006', 'knowledge-5a7e0009']);
    expect(cluster.cards[0]).toMatchObject({ claim: BODY_CLAIM, keywords: ['gradient checkpointing', 'activation memory'] });
  });
});

describe('writing keeps the block', () => {
  const DUAL_BODY = `---
subtype: experience
claim: LoRA with warmup beats full fine-tuning on small NER sets.
keywords:
- lora
- small data
---
First seen in rag-calib.
`;
  const dualCard = (lineageQuest: string) => `---
id: knowledge-d0a10001
type: knowledge
kind: knowledge
title: LoRA beats full fine-tuning on small NER sets
quest_id: ${lineageQuest}
lineage:
- quest: ${lineageQuest}
  run: run-0d0a1001
  direction: main
  note: first seen
tags:
- domain:nlp
- task:ner
created_at: '2026-05-01T10:00:00+00:00'
updated_at: '2026-05-01T10:00:00+00:00'
scope: global
---
${DUAL_BODY}`;

  for (const [label, quest] of [['cross-quest', 'rag-calib'], ['same-quest', "'001'"]] as const) {
    test(`a ${label} patch: the block byte for byte, its claim and keywords carried at the top level`, async () => {
      const h = makeHome();
      temps.push(h);
      const file = path.join(h, KN, 'lora-beats-full-fine-tuning-on-small-ner-sets.md');
      fs.writeFileSync(file, dualCard(quest));
      const decisions = writeDecisions(path.dirname(h), [{ draft: D.lora, decision: 'patch', neighbor: 'knowledge-d0a10001', reason: 'same mechanism' }]);
      temps.push(decisions);
      const r = await runInProcess(['--home', h, 'apply', '001', decisions, '--yes']);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const text = fs.readFileSync(file, 'utf8');
      expect(bodyOf(text).startsWith(DUAL_BODY.trimEnd())).toBe(true);
      const { meta } = parseCardText(text);
      expect(meta.claim).toBe('LoRA with warmup beats full fine-tuning on small NER sets.');
      expect(meta.keywords).toEqual(['lora', 'small data', 'warmup']);
      expect((meta.lineage as unknown[]).length).toBe(2);
    });
  }

  test('a merge keeps the survivor block byte for byte and its claim, not the other card\'s', () => {
    const h = home();
    const other = path.join(h, KN, 'checkpointing-saves-memory.md');
    fs.writeFileSync(other, `---
claim: Checkpointing saves memory.
keywords:
- recomputation
id: knowledge-5a7e000a
type: knowledge
kind: knowledge
title: Checkpointing saves memory
tags:
- topic:memory
created_at: '2026-04-30T10:00:00+00:00'
updated_at: '2026-04-30T10:00:00+00:00'
scope: global
---
Also on 24 GB.
`);
    const survivor = path.join(h, KN, 'fitting-fine-tuning-on-a-16-gb-card.md');
    const before = fs.readFileSync(survivor, 'utf8');
    const plan = planMerge(h, [survivor, other], { reviewer: 'alice', now: '2026-06-01T10:00:00+00:00' });
    const after = plan.record.revised[0].after;
    expect(bodyOf(after).startsWith(bodyOf(before).trimEnd())).toBe(true);
    const { meta } = parseCardText(after);
    expect(meta.claim).toBe(BODY_CLAIM);
    expect(meta.keywords).toEqual(['gradient checkpointing', 'activation memory', 'recomputation']);
  });
});
