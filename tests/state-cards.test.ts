// Cards that are not lessons (issue 33): checkpoint cards (`type:checkpoint-memory`, ...) stay out of `distill lessons`,
// `recall` and `recall --checklist` unless --include-state, and are never anyone's neighbor. On fixtures/state-home:
// two lessons that duplicate each other (5a7e0001, 5a7e0002), two checkpoint cards about the same result (5a7e0003;
// 5a7e0004 tagged `Type: Checkpoint-Memory`), and a card tagged both `type:checkpoint-memory` and `type:reuse-rule`
// (5a7e0005), which is a lesson.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isStateCard, openStoreSync } from '../src/core/index.js';
import { copyFixture, run, tempDirs } from './helpers/home.js';

const temps = tempDirs();

function home(): string {
  const h = copyFixture('state-home');
  temps.push(path.dirname(h));
  return h;
}

/** A cache dir of its own, so a second run reads what the first wrote (the light section's state bit). */
function cacheEnv(): NodeJS.ProcessEnv {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-state-cache-'));
  temps.push(dir);
  return { DISTILL_CACHE_DIR: dir, HOME: os.tmpdir() };
}

const LESSONS = ['knowledge-5a7e0001', 'knowledge-5a7e0002'];
const STATE = ['knowledge-5a7e0003', 'knowledge-5a7e0004'];
const BOTH = 'knowledge-5a7e0005';

async function json(h: string, argv: string[], env = cacheEnv()) {
  const r = await run(['--home', h, ...argv], { env });
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

describe('the rule', () => {
  test('the four state tags, in the spellings agents write; a lesson tag keeps a card a lesson', () => {
    for (const tag of ['type:checkpoint-memory', 'type:status-clarification', 'type:state-audit', 'type:route-handoff']) expect(isStateCard([tag])).toBe(true);
    for (const tag of ['Type:Checkpoint-Memory', ' type: checkpoint-memory ', 'TYPE:CHECKPOINT_MEMORY', 'type:checkpoint memory', 'type :route-handoff']) {
      expect(isStateCard(['domain:nlp', tag])).toBe(true);
    }
    expect(isStateCard(['type:checkpoint-memory', 'type:reuse-rule'])).toBe(false);
    expect(isStateCard(['Type:Revision-Lesson', 'type:state-audit'])).toBe(false);
    // Conservative: only those tags; neighbours of them in spelling or meaning are not state.
    for (const tags of [[], ['stage:finalize'], ['route:continue-later', 'node:mt-002'], ['type:checkpoint'], ['checkpoint-memory'], ['topic:checkpoint-memory'], ['type:checkpoint-memory-notes']]) {
      expect(isStateCard(tags)).toBe(false);
    }
  });

  test('the bit is kept in the metadata cache: a warm open reads it without decoding a row', () => {
    const h = home();
    const env = cacheEnv();
    const cold = openStoreSync(h, { env });
    const stateOf = (s: typeof cold) => Object.fromEntries(s.view().lazyCards().map((c) => [c.id, c.state]));
    const expected = stateOf(cold);
    expect(Object.entries(expected).filter(([, s]) => s).map(([id]) => id).sort()).toEqual(STATE);
    const warm = openStoreSync(h, { env });
    expect(warm.stats.fromCache).toBe(warm.stats.files);
    expect(stateOf(warm)).toEqual(expected);
    expect(warm.stats.decoded).toBe(0);
  });
});

describe('recall', () => {
  test('leaves state cards out by default, cold and warm; --include-state recalls them', async () => {
    const h = home();
    const env = cacheEnv();
    const argv = ['recall', '--tags', 'domain:nlp,task:ner', '--json'];
    for (let pass = 0; pass < 2; pass++) {
      const ids = (await json(h, argv, env)).cards.map((c: { card_id: string }) => c.card_id);
      expect(ids.sort()).toEqual([...LESSONS, BOTH].sort());
    }
    const all = (await json(h, [...argv, '--include-state'], env)).cards.map((c: { card_id: string }) => c.card_id);
    expect(all.sort()).toEqual([...LESSONS, ...STATE, BOTH].sort());
  });

  test('without tags (most recent) too', async () => {
    const h = home();
    const ids = async (...extra: string[]) => (await json(h, ['recall', '--json', '--limit', '20', ...extra])).cards.map((c: { card_id: string }) => c.card_id);
    const recent = await ids();
    expect(recent).toHaveLength(6);
    for (const id of STATE) expect(recent).not.toContain(id);
    expect(await ids('--include-state')).toEqual(expect.arrayContaining(STATE));
  });

  test('quest cards too (--scope quest, --scope both): where the skills write their checkpoints', async () => {
    const h = home();
    const root = path.join(h, 'quests', 'q1');
    fs.mkdirSync(path.join(root, 'memory', 'knowledge'), { recursive: true });
    fs.writeFileSync(path.join(root, 'quest.yaml'), "quest_id: q1\ntitle: A quest\n");
    const card = (id: string, tags: string[]) => `---\nid: ${id}\ntype: knowledge\nkind: knowledge\ntitle: ${id}\ntags:\n${tags.map((t) => `- ${t}\n`).join('')}---\nbody\n`;
    fs.writeFileSync(path.join(root, 'memory/knowledge/resume.md'), card('knowledge-9e000001', ['type:route-handoff', 'task:ner']));
    fs.writeFileSync(path.join(root, 'memory/knowledge/lesson.md'), card('knowledge-9e000002', ['task:ner']));
    const ids = async (...extra: string[]) =>
      (await json(h, ['recall', '--json', '--tags', 'task:ner', '--limit', '20', '--quest', 'q1', ...extra])).cards.map((c: { card_id: string }) => c.card_id).sort();
    expect(await ids('--scope', 'quest')).toEqual(['knowledge-9e000002']);
    expect(await ids('--scope', 'quest', '--include-state')).toEqual(['knowledge-9e000001', 'knowledge-9e000002']);
    expect(await ids('--scope', 'both')).toEqual([...LESSONS, BOTH, 'knowledge-9e000002'].sort());
  });

  test('--checklist lists no checkpoint unless --include-state', async () => {
    const h = home();
    const plain = await run(['--home', h, 'recall', '--checklist', '--tags', 'task:ner'], { env: cacheEnv() });
    expect(plain.code).toBe(0);
    expect(plain.out).not.toContain('Checkpoint:');
    expect(plain.out).toContain('(knowledge-5a7e0001; tags: task:ner)');
    expect(plain.out).toContain(`(${BOTH}; tags: task:ner)`);
    const lines = plain.out.split('\n').filter((l) => l.startsWith('- [ ] '));
    expect(lines).toHaveLength(3);
    const withState = await run(['--home', h, 'recall', '--checklist', '--include-state', '--tags', 'task:ner'], { env: cacheEnv() });
    expect(withState.out).toContain('- [ ] Checkpoint: LoRA rank 8 matches adapter bottleneck 64 on CoNLL-1k (knowledge-5a7e0003; tags: task:ner)');
    expect(withState.out.split('\n').filter((l) => l.startsWith('- [ ] '))).toHaveLength(5);
  });
});

describe('distill lessons --json', () => {
  type Cluster = { cards: { card_id: string }[] };
  // The clusters that hold a lesson or a state card of this test (the two dual-frontmatter cards of the fixture, on
  // another topic, may form a `likely` cluster of their own in a store this small).
  const OURS = new Set([...LESSONS, ...STATE]);
  const members = (out: { clusters: Cluster[] }) =>
    out.clusters.map((c) => c.cards.map((card) => card.card_id).sort()).filter((ids) => ids.some((id) => OURS.has(id)));

  test('clusters the two lessons and leaves the checkpoints out, saying how many; --include-state clusters them apart', async () => {
    const h = home();
    const env = cacheEnv();
    for (let pass = 0; pass < 2; pass++) {
      const out = await json(h, ['lessons', '--json'], env);
      expect(members(out)).toEqual([LESSONS]);
      expect(out.considered).toBe(6);
      expect(out.state_cards_left_out).toBe(2);
    }
    // The same stored pair set, read the other way: the two checkpoints are a cluster of their own, never with a lesson.
    const all = await json(h, ['lessons', '--json', '--include-state'], env);
    expect(members(all).sort()).toEqual([LESSONS, STATE].sort());
    expect(all.considered).toBe(8);
    expect(all.state_cards_left_out).toBe(0);
  });

  test('a state card that resembles a lesson most is still not clustered with it', async () => {
    const h = home();
    // The second checkpoint goes: the one left is as close to the lesson as a card gets (same title but a prefix).
    fs.rmSync(path.join(h, 'memory/knowledge/checkpoint-conll-1k-lora-rank-8-matches-adapter-bottleneck-64-resume.md'));
    for (const flags of [[], ['--include-state']]) {
      const out = await json(h, ['lessons', '--json', ...flags]);
      expect(members(out)).toEqual([LESSONS]);
    }
  });
});

describe('distill neighbors', () => {
  test('never proposes a state card, for a lesson or for a state card itself', async () => {
    const h = home();
    const env = cacheEnv();
    for (let pass = 0; pass < 2; pass++) {
      const out = await json(h, ['neighbors', '--json', '--limit', '20', 'knowledge-5a7e0001'], env);
      const ids = out.neighbors.map((n: { card_id: string }) => n.card_id);
      expect(ids[0]).toBe('knowledge-5a7e0002');
      for (const id of STATE) expect(ids).not.toContain(id);
    }
    const ofState = await json(h, ['neighbors', '--json', '--limit', '20', 'knowledge-5a7e0003'], env);
    const ids = ofState.neighbors.map((n: { card_id: string }) => n.card_id);
    expect(ids).toContain('knowledge-5a7e0001');
    expect(ids).not.toContain('knowledge-5a7e0004');
  });

  test('without the tag the same card is a neighbor (the test can fail)', async () => {
    const h = home();
    const file = path.join(h, 'memory/knowledge/checkpoint-conll-1k-lora-rank-8-matches-adapter-bottleneck-64.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('- type:checkpoint-memory\n- type:status-clarification\n', ''));
    const out = await json(h, ['neighbors', '--json', '--limit', '20', 'knowledge-5a7e0001']);
    expect(out.neighbors.map((n: { card_id: string }) => n.card_id)).toContain('knowledge-5a7e0003');
  });
});

describe('state cards are not draft lessons', () => {
  const card = (id: string, title: string, tags: string[], extra = '') =>
    `---\nid: ${id}\ntype: knowledge\nkind: knowledge\ntitle: ${title}\nquest_id: '001'\ntags:\n${tags.map((t) => `- ${t}`).join('\n')}\n${extra}scope: quest\n---\nResume from node 3.\n`;

  test('a quest knowledge checkpoint card no global card holds is not listed by distill drafts; a tagged lesson still is', async () => {
    const h = copyFixture('demo-home');
    temps.push(path.dirname(h));
    const dir = path.join(h, 'quests', '001', 'memory', 'knowledge');
    fs.writeFileSync(path.join(dir, 'checkpoint-resume.md'), card('knowledge-c0000001', 'Checkpoint: resume at node 3', ['Type: Checkpoint-Memory', 'stage:finalize']));
    fs.writeFileSync(path.join(dir, 'checkpoint-lesson.md'), card('knowledge-c0000002', 'Reuse the dev split', ['type:checkpoint-memory', 'type:reuse-rule']));
    // a global auto card naming the quest, tagged as state
    fs.writeFileSync(path.join(h, 'memory', 'knowledge', 'auto-checkpoint.md'), card('knowledge-c0000003', 'Auto checkpoint', ['type:state-audit'], 'source: auto\nstatus: draft\n').replace('scope: quest', 'scope: global'));
    const r = await run(['--home', h, 'drafts', '001', '--json']);
    expect(r.code).toBe(0);
    const ids = JSON.parse(r.out).drafts.map((d: { id: string }) => d.id);
    expect(ids).not.toContain('knowledge-c0000001');
    expect(ids).not.toContain('knowledge-c0000003');
    expect(ids).toContain('knowledge-c0000002');
  });
});
