// `distill review` outside a terminal, and the core facade's staging file on a copy of the demo home.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/output.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { openStoreSync } from '../../src/core/store/load.js';
import { createCoreFacade, stagingFile } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-review-'));
  fs.cpSync(path.join(process.cwd(), 'fixtures', 'demo-home'), home, { recursive: true });
  fs.chmodSync(home, 0o755);
  const chmod = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      fs.chmodSync(f, e.isDirectory() ? 0o755 : 0o644);
      if (e.isDirectory()) chmod(f);
    }
  };
  chmod(home);
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

function io(isTTY: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  const value: Io = { out: (t) => out.push(t), err: (t) => err.push(t), isTTY, env: { HOME: home }, cwd: home };
  return { value, out, err };
}

describe('distill review', () => {
  for (const argv of [['review', '001'], []]) {
    test(`not a TTY: one line naming the --json commands, exit 2 (${argv.join(' ') || 'no subcommand'})`, async () => {
      const { value, out, err } = io(false);
      const code = await main(['--home', home, ...argv], value);
      expect(code).toBe(2);
      expect(out.join('')).toBe('');
      expect(err.join('')).toBe(
        'distill: not a terminal; use distill candidates --json, distill drafts --json, distill neighbors --json or distill apply instead\n',
      );
    });
  }

  test('staging is saved atomically per quest and offered back on the next start', () => {
    const quest = resolveQuest(home, '001');
    const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
    const data = facade.load();
    expect(data.runs.map((r) => r.artifactId)).toEqual(['run-a400216f']);
    expect(data.drafts).toHaveLength(4);
    const draft = data.drafts.find((d) => !d.needsEdit)!;
    const staged = [{ draftId: draft.id, decision: 'new' as const, reason: 'new lesson', neighbors: [], runId: 'run-a400216f' }];
    facade.saveStaging(staged);
    const file = stagingFile(quest);
    expect(file).toBe(path.join(quest.root, '.ds', 'distill', 'staging.json'));
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ quest_id: '001', savedAt: '2026-06-01T10:00:00+00:00', staged });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['staging.json']);
    const store = createReviewStore({ facade: createCoreFacade({ quest }) });
    expect(store.getState().modal).toBe('restore');
    expect(store.getState().restore?.staged).toEqual(staged);
    facade.clearStaging();
    expect(fs.existsSync(file)).toBe(false);
  });

  test('staged draft edits are saved with the staging and restored with it', () => {
    const quest = resolveQuest(home, '001');
    const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
    const draft = facade.load().drafts[0];
    const text = draft.text.replace(/\n---\n/, '\n---\nEdited in the review.\n');
    facade.saveStaging([], { [draft.id]: text });
    expect(JSON.parse(fs.readFileSync(stagingFile(quest), 'utf8')).edits).toEqual({ [draft.id]: text });
    const store = createReviewStore({ facade: createCoreFacade({ quest }) });
    expect(store.getState().modal).toBe('restore');
    store.getState().acceptRestore();
    expect(store.getState().edits).toEqual({ [draft.id]: text });
    expect(fs.readFileSync(draft.path, 'utf8')).toBe(draft.text);
  });

  test('an unreadable staging file is a one-line error naming it', () => {
    const quest = resolveQuest(home, '001');
    fs.mkdirSync(path.dirname(stagingFile(quest)), { recursive: true });
    fs.writeFileSync(stagingFile(quest), '{not json');
    expect(() => createCoreFacade({ quest }).loadStaging()).toThrow(/staging\.json: unreadable staging/);
  });

  test('neighbors and the patch diff come from the core', () => {
    const quest = resolveQuest(home, '001');
    const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
    const data = facade.load();
    const draft = data.drafts.find((d) => d.title.startsWith('LoRA rank 8 matches'))!;
    const neighbors = facade.neighbors(draft);
    expect(neighbors[0].title).toBe('Adapter bottleneck 64 is the sweet spot on CoNLL-1k');
    expect(neighbors[0].reasons.length).toBeGreaterThan(0);
    const diff = facade.patchDiff({ draftId: draft.id, decision: 'patch', neighborId: neighbors[0].cardId, reason: 'r', neighbors: [], runId: 'run-a400216f' });
    expect(diff[0]).toMatch(/^--- a\/memory\/knowledge\/adapter-bottleneck-64/);
    expect(diff.some((l) => l.startsWith('+  run: run-a400216f'))).toBe(true);
  });
});

describe('the review facade over the store', () => {
  const AUTO = `---
id: knowledge-auto0001
type: knowledge
kind: knowledge
title: Gradient clipping at 1.0 hides a bad warmup on CoNLL-1k
claim: Clipping at 1.0 masks the loss spikes of a too-short warmup.
quest_id: '001'
status: draft
source: auto
tags:
- domain:nlp
---
Seen in main-001.
`;
  const cardFile = (name: string) => path.join(home, 'memory', 'knowledge', name);

  test('reads whole global cards only for what it shows: global drafts at load, the shown neighbors once', () => {
    fs.writeFileSync(cardFile('gradient-clipping-hides-a-bad-warmup.md'), AUTO);
    const quest = resolveQuest(home, '001');
    const store = openStoreSync(home);
    const readCard = vi.spyOn(store, 'readCard');
    const facade = createCoreFacade({ quest, store });
    const data = facade.load();
    // The global auto card that names quest 001 is a draft: the only card read whole by the load.
    const auto = cardFile('gradient-clipping-hides-a-bad-warmup.md');
    expect(readCard.mock.calls.map(([c]) => c.path)).toEqual([auto]);
    expect(data.drafts.find((d) => d.id === 'knowledge-auto0001')).toMatchObject({ source: 'auto_card', text: AUTO });
    readCard.mockClear();
    const draft = data.drafts.find((d) => d.title.startsWith('LoRA rank 8 matches'))!;
    const neighbors = facade.neighbors(draft);
    expect(neighbors.length).toBeGreaterThan(2);
    // Each shown neighbor read once (the auto card was read by the load already); nothing else.
    const shown = neighbors.map((n) => n.path).filter((p) => p !== auto);
    expect(readCard.mock.calls.map(([c]) => c.path).sort()).toEqual(shown.sort());
    for (const n of neighbors) expect(n.text).toBe(fs.readFileSync(n.path, 'utf8'));
    facade.neighbors(draft);
    facade.patchDiff({ draftId: draft.id, decision: 'patch', neighborId: neighbors[0].cardId, reason: 'r', neighbors: [], runId: 'run-a400216f' });
    // Neither again nor for the patch: a card is read once per load.
    expect(readCard).toHaveBeenCalledTimes(shown.length);
  });

  test('a patch is planned from the card as shown: changed on disk since, the write refuses and writes nothing', async () => {
    const quest = resolveQuest(home, '001');
    const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
    const draft = facade.load().drafts.find((d) => d.title.startsWith('LoRA rank 8 matches'))!;
    const target = facade.neighbors(draft)[0];
    const edited = fs.readFileSync(target.path, 'utf8') + 'An edit made in another editor meanwhile.\n';
    fs.writeFileSync(target.path, edited);
    const decision = { draftId: draft.id, decision: 'patch' as const, neighborId: target.cardId, reason: 'r', neighbors: [], runId: 'run-a400216f' };
    const artifacts = () => fs.readdirSync(path.join(quest.root, 'artifacts'), { recursive: true }).sort();
    const before = artifacts();
    await expect(facade.write([decision])).rejects.toThrow(/changed on disk since it was read; nothing written/);
    expect(fs.readFileSync(target.path, 'utf8')).toBe(edited);
    expect(artifacts()).toEqual(before);
  });

  test('a card to patch that vanished since the load: a one-line error naming it, nothing written', async () => {
    const quest = resolveQuest(home, '001');
    const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
    const draft = facade.load().drafts.find((d) => d.title.startsWith('LoRA rank 8 matches'))!;
    const target = cardFile('adapter-bottleneck-64-is-the-sweet-spot-on-conll-1k.md');
    fs.rmSync(target);
    const artifacts = () => fs.readdirSync(path.join(quest.root, 'artifacts'), { recursive: true }).sort();
    const before = artifacts();
    const decision = { draftId: draft.id, decision: 'patch' as const, neighborId: 'knowledge-edbc526f', reason: 'r', neighbors: [], runId: 'run-a400216f' };
    await expect(facade.write([decision])).rejects.toThrow(`card knowledge-edbc526f to patch cannot be read (${target})`);
    expect(fs.existsSync(target)).toBe(false);
    expect(artifacts()).toEqual(before);
  });

  test('a reload re-reads the changed cards and the neighbors follow (a card added on disk is found)', () => {
    const quest = resolveQuest(home, '001');
    const store = openStoreSync(home);
    const facade = createCoreFacade({ quest, store });
    const draft = facade.load().drafts.find((d) => d.title.startsWith('LoRA rank 8 matches'))!;
    expect(facade.neighbors(draft).map((n) => n.title)).not.toContain(draft.title);
    const twin = AUTO.replace('Gradient clipping at 1.0 hides a bad warmup on CoNLL-1k', draft.title)
      .replace('knowledge-auto0001', 'knowledge-twin0001')
      .replace("status: draft\nsource: auto\n", '');
    fs.writeFileSync(cardFile('twin.md'), twin);
    const reloaded = facade.load();
    expect(store.stats.parsed).toBe(1); // only the new file was read
    const again = reloaded.drafts.find((d) => d.id === draft.id)!;
    const top = facade.neighbors(again)[0];
    expect(top).toMatchObject({ cardId: 'knowledge-twin0001', text: twin });
    expect(top.reasons).toContain('exact title');
  });
});
