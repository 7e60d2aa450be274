// Merge, archive, ignore, edit and restore on a copy of fixtures/dup-home: the files each leaves on disk, in
// DeepScientist's formats, the audit log, and restores that give the exact bytes back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planArchive } from '../src/core/cleanup/archive.js';
import { planEdit } from '../src/core/cleanup/edit.js';
import { findClusters } from '../src/core/cleanup/find.js';
import { planIgnore } from '../src/core/cleanup/ignore.js';
import { planMerge } from '../src/core/cleanup/merge.js';
import { executeCleanup } from '../src/core/cleanup/plan.js';
import { readCleanupRecord } from '../src/core/cleanup/record.js';
import { planRestore } from '../src/core/cleanup/restore.js';
import { cardRoundTrips } from '../src/core/format/serialize.js';
import { openStoreSync } from '../src/core/store/index.js';
import { copyFixture, run, snapshot } from './helpers/home.js';

const NOW = '2026-06-01T10:00:00+00:00';
const opts = { reviewer: 'alice', now: NOW, why: 'same lesson' };
const K = (home: string, stem: string) => path.join(home, 'memory', 'knowledge', `${stem}.md`);
const W1 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters';
const W2 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2';
const W3 = 'adapters-need-a-warmup-ratio-of-at-least-0-03';
const read = (file: string) => fs.readFileSync(file, 'utf8');
const lines = (file: string) => read(file).split('\n').filter(Boolean);
/** The home without distill's own dir and the append-only memory indexes. */
function cardsOnly(home: string): Record<string, string> {
  const snap = snapshot(home);
  return Object.fromEntries(Object.entries(snap).filter(([rel]) => !rel.startsWith('.distill') && !rel.endsWith('_index.jsonl')));
}
const env = () => ({ HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: NOW, DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) });

describe('merge', () => {
  it('keeps the oldest id, unions lineage/tags/keywords, sums occurrences, takes a claim when it has none, archives the others with superseded_by', async () => {
    const home = copyFixture('dup-home');
    const w2 = read(K(home, W2));
    const indexBefore = lines(path.join(home, 'memory/knowledge/_index.jsonl'));
    const plan = planMerge(home, [K(home, W3), K(home, W2), K(home, W1)], opts);
    const result = await executeCleanup(plan);
    expect(result.status).toBe('written');
    const id = result.actionId;
    expect(id).toMatch(/^cleanup-[0-9a-f]{8}$/);

    const survivor = read(K(home, W1));
    expect(survivor).toBe(
      `---
id: knowledge-05abb9e0
type: knowledge
kind: knowledge
title: Warmup ratio matters more than peak LR for adapters
quest_id: null
tags:
- domain:nlp
- topic:peft
- topic:optimization
- stage:experiment
created_at: '2026-05-04T18:00:35+00:00'
updated_at: '2026-06-01T10:00:00+00:00'
scope: global
lineage:
- quest: '001'
  run: run-1522ac47
  direction: main
  note: main-001 diverged at warmup 0.01
- quest: rag-calib
  run: run-01d92f85
  direction: main
  note: reader adapters diverged
keywords:
- warmup
- adapters
- learning rate
occurrences: 4
claim: Adapter runs diverge when warmup_ratio is below 0.03, whatever the peak learning
  rate.
---
Across three quests, adapter runs diverged with warmup_ratio < 0.03 regardless of peak LR.

Merged (knowledge-3f2a9c11): Runs with warmup_ratio 0.01 diverged at every peak LR tried (1e-4 to 1e-3); 0.06 converged at all of them.

Merged (knowledge-8d41e0b7): Reader adapters diverged in the first 200 steps with warmup_ratio 0.02.
`,
    );
    expect(cardRoundTrips(survivor)).toBe(true);
    expect(fs.existsSync(K(home, W2))).toBe(false);
    expect(fs.existsSync(K(home, W3))).toBe(false);
    const archived = path.join(home, '.distill/archive', id, 'knowledge', `${W2}.md`);
    expect(read(archived)).toBe(w2.replace("scope: global\n---\n", "scope: global\nsuperseded_by: knowledge-05abb9e0\n---\n"));
    expect(cardRoundTrips(read(archived))).toBe(true);
    expect(fs.existsSync(path.join(home, '.distill/archive', id, 'knowledge', `${W3}.md`))).toBe(true);

    const index = lines(path.join(home, 'memory/knowledge/_index.jsonl'));
    expect(index.slice(0, indexBefore.length)).toEqual(indexBefore);
    expect(index.slice(indexBefore.length)).toEqual([
      `{"id": "knowledge-05abb9e0", "title": "Warmup ratio matters more than peak LR for adapters", "type": "knowledge", "path": "${K(home, W1)}", "quest_id": null, "scope": "global", "tags": ["domain:nlp", "topic:peft", "topic:optimization", "stage:experiment"], "updated_at": "2026-06-01T10:00:00+00:00", "excerpt": "Across three quests, adapter runs diverged with warmup_ratio < 0.03 regardless of peak LR."}`,
    ]);
    const audit = lines(path.join(home, '.distill/audit.jsonl')).map((l) => JSON.parse(l));
    expect(audit).toEqual([
      expect.objectContaining({ at: NOW, action: 'merge', action_id: id, reviewer: 'alice', why: 'same lesson', survivor: 'knowledge-05abb9e0', cards: ['knowledge-05abb9e0', 'knowledge-3f2a9c11', 'knowledge-8d41e0b7'] }),
    ]);
    expect(fs.readdirSync(path.join(home, '.distill/journal'))).toEqual([]);
    // The merged cluster is gone; the others stay.
    const clusters = findClusters(openStoreSync(home, { cache: false }).cards).clusters;
    expect(clusters.map((c) => c.cards[0].id)).toEqual(['knowledge-ac553f60', 'knowledge-37199b1a', 'episode-d030bfae']);
  });

  it('restoring the merge gives every card its exact bytes back', async () => {
    const home = copyFixture('dup-home');
    const before = cardsOnly(home);
    const merged = await executeCleanup(planMerge(home, [K(home, W1), K(home, W2), K(home, W3)], opts));
    const restored = await executeCleanup(planRestore(home, merged.actionId, { ...opts, why: 'too eager' }));
    expect(restored.status).toBe('written');
    expect(cardsOnly(home)).toEqual(before);
    expect(readCleanupRecord(home, merged.actionId)).toMatchObject({ status: 'restored', restored_by: restored.actionId, restored_at: NOW });
    expect(fs.readdirSync(path.join(home, '.distill/archive', merged.actionId, 'knowledge'))).toEqual([]);
    expect(() => planRestore(home, merged.actionId, opts)).toThrow(`${merged.actionId}: already restored by ${restored.actionId}`);
  });

  it('restoring one merged-away card by its id brings only that card back (original bytes), the survivor stays', async () => {
    const home = copyFixture('dup-home');
    const w2 = read(K(home, W2));
    const merged = await executeCleanup(planMerge(home, [K(home, W1), K(home, W2), K(home, W3)], opts));
    const survivor = read(K(home, W1));
    await executeCleanup(planRestore(home, 'knowledge-3f2a9c11', opts));
    expect(read(K(home, W2))).toBe(w2);
    expect(read(K(home, W1))).toBe(survivor);
    expect(fs.existsSync(K(home, W3))).toBe(false);
    const record = readCleanupRecord(home, merged.actionId)!;
    expect(record.status).toBe('applied');
    expect(record.archived.map((a) => Boolean(a.restored_by))).toEqual([true, false]);
    expect(() => planRestore(home, 'knowledge-05abb9e0', opts)).toThrow(`knowledge-05abb9e0: not in the archive; to undo its merge, run distill restore ${merged.actionId}`);
  });

  it('refuses fewer than two cards and cards of different kinds', () => {
    const home = copyFixture('dup-home');
    expect(() => planMerge(home, [K(home, W1)], opts)).toThrow('merge: mark at least two cards');
    const paper = path.join(home, 'memory/papers', `${W1}.md`);
    expect(() => planMerge(home, [K(home, W1), paper], opts)).toThrow('cannot be merged');
  });

  it('refuses a kept card that is ignored (it would hide the others from recall) and a lineage that is not a list', () => {
    const home = copyFixture('dup-home');
    fs.writeFileSync(K(home, W1), read(K(home, W1)).replace('scope: global\n', 'scope: global\nignored: true\n'));
    expect(() => planMerge(home, [K(home, W1), K(home, W2)], opts)).toThrow(`merge refused: ${K(home, W1)}: card knowledge-05abb9e0, the one kept, is ignored`);
    const other = copyFixture('dup-home');
    fs.writeFileSync(K(other, W1), read(K(other, W1)).replace('scope: global\n', 'scope: global\nlineage: run-12345678\n'));
    expect(() => planMerge(other, [K(other, W1), K(other, W2)], opts)).toThrow(`merge refused: ${K(other, W1)}: lineage is not a list ("run-12345678")`);
  });

  it('the oldest card is the earliest instant: created_at offsets are read (10:00+09:00 is before 02:00+00:00)', () => {
    const home = copyFixture('dup-home');
    fs.writeFileSync(K(home, W2), read(K(home, W2)).replace("created_at: '2026-05-12T10:00:00+00:00'", "created_at: '2026-05-04T20:00:00+09:00'"));
    const plan = planMerge(home, [K(home, W1), K(home, W2)], opts);
    expect(plan.record.survivor).toBe('knowledge-3f2a9c11'); // 11:00 UTC, before W1's 18:00:35 UTC; as text it sorted after
  });

  it('writes nothing when a card changed on disk after the plan was made', async () => {
    const home = copyFixture('dup-home');
    const plan = planMerge(home, [K(home, W1), K(home, W2)], opts);
    fs.appendFileSync(K(home, W2), 'hand edit\n');
    const before = snapshot(home);
    await expect(executeCleanup(plan)).rejects.toThrow(`${K(home, W2)}: card knowledge-3f2a9c11 changed on disk since it was read; nothing written`);
    const after = snapshot(home);
    for (const rel of Object.keys(after)) if (!rel.startsWith('.distill')) expect(after[rel], rel).toBe(before[rel]);
    expect(fs.existsSync(path.join(home, '.distill/audit.jsonl'))).toBe(false);
  });
});

describe('archive and restore', () => {
  it('moves the card byte for byte out of memory/, and distill restore <card-id> puts it back', async () => {
    const home = copyFixture('dup-home');
    const before = cardsOnly(home);
    const file = K(home, 'label-smoothing-0-1-hurts-span-f1-on-conll');
    const bytes = read(file);
    const archived = await executeCleanup(planArchive(home, [file], opts));
    expect(fs.existsSync(file)).toBe(false);
    const target = path.join(home, '.distill/archive', archived.actionId, 'knowledge/label-smoothing-0-1-hurts-span-f1-on-conll.md');
    expect(read(target)).toBe(bytes);
    expect(openStoreSync(home, { cache: false }).byId('knowledge-6c1d8e25')).toBeUndefined();

    const cli = await run(['--home', home, 'restore', 'knowledge-6c1d8e25', '--why', 'still true'], { env: env() });
    expect(cli.err).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.out).toMatch(/^cleanup-[0-9a-f]{8}: restore cleanup-[0-9a-f]{8} \(archive\): knowledge-6c1d8e25 as before\n {2}memory\/knowledge\/label-smoothing-0-1-hurts-span-f1-on-conll.md\n$/);
    expect(read(file)).toBe(bytes);
    expect(cardsOnly(home)).toEqual(before);
    expect(fs.existsSync(target)).toBe(false);
    expect(readCleanupRecord(home, archived.actionId)?.status).toBe('restored');
    // The restored card's index line, as write_card appends one.
    expect(lines(path.join(home, 'memory/knowledge/_index.jsonl')).at(-1)).toContain('"id": "knowledge-6c1d8e25"');

    const again = await run(['--home', home, 'restore', 'knowledge-6c1d8e25'], { env: env() });
    expect(again.code).toBe(2);
    expect(again.err).toBe('distill: knowledge-6c1d8e25: no archived card with this id (see distill log)\n');
  });

  it('archive, restore, archive again within one second: the second archive gets its own id, not "exists already"', async () => {
    const home = copyFixture('dup-home');
    const file = K(home, 'label-smoothing-0-1-hurts-span-f1-on-conll');
    const first = await executeCleanup(planArchive(home, [file], opts));
    expect((await executeCleanup(planRestore(home, 'knowledge-6c1d8e25', opts))).status).toBe('written');
    const second = await executeCleanup(planArchive(home, [file], opts));
    expect(second.status).toBe('written');
    expect(second.actionId).not.toBe(first.actionId);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('restore refuses to overwrite a card that took the archived card\'s place', async () => {
    const home = copyFixture('dup-home');
    const file = K(home, 'label-smoothing-0-1-hurts-span-f1-on-conll');
    const archived = await executeCleanup(planArchive(home, [file], opts));
    fs.writeFileSync(file, 'someone else\n');
    await expect(executeCleanup(planRestore(home, archived.actionId, opts))).rejects.toThrow(`${file}: a file is already there`);
    expect(read(file)).toBe('someone else\n');
  });
});

describe('ignore and edit', () => {
  it('ignore sets ignored: true and updated_at, drops the card from clusters; restore gives the bytes back', async () => {
    const home = copyFixture('dup-home');
    const file = K(home, 'temperature-scaling-fixes-in-domain-overconfidence-of-extractive-readers');
    const bytes = read(file);
    const ignored = await executeCleanup(planIgnore(home, [file], opts));
    expect(read(file)).toBe(bytes.replace("updated_at: '2026-05-13T15:20:00+00:00'\nscope: global\n", `updated_at: '${NOW}'\nscope: global\nignored: true\n`));
    expect(cardRoundTrips(read(file))).toBe(true);
    const clusters = findClusters(openStoreSync(home, { cache: false }).cards).clusters;
    expect(clusters.flatMap((c) => c.cards.map((card) => card.id))).not.toContain('knowledge-5be7c2d4');
    expect(clusters.flatMap((c) => c.cards.map((card) => card.id))).not.toContain('knowledge-ac553f60');
    expect(() => planIgnore(home, [file], opts)).toThrow('is already ignored');
    await executeCleanup(planRestore(home, ignored.actionId, opts));
    expect(read(file)).toBe(bytes);
  });

  it('edit writes the new text with updated_at set, and refuses an id change or broken frontmatter', async () => {
    const home = copyFixture('dup-home');
    const file = K(home, W2);
    const bytes = read(file);
    const text = bytes.replace('whatever the peak learning\n  rate.', 'at any peak LR.');
    const plan = planEdit(home, file, text, opts)!;
    await executeCleanup(plan);
    expect(read(file)).toBe(text.replace("updated_at: '2026-05-12T10:00:00+00:00'", `updated_at: '${NOW}'`));
    expect(planEdit(home, file, read(file), opts)).toBeNull();
    expect(() => planEdit(home, file, read(file).replace('id: knowledge-3f2a9c11', 'id: knowledge-00000000'), opts)).toThrow('the edit changed the id');
    expect(() => planEdit(home, file, 'no frontmatter\n', opts)).toThrow(`${file}: edited text must start with "---"`);
  });
});

describe('distill log', () => {
  it('prints who, when, what and why of every action, oldest first', async () => {
    const home = copyFixture('dup-home');
    const merged = await executeCleanup(planMerge(home, [K(home, W1), K(home, W2)], opts));
    await executeCleanup(planArchive(home, [K(home, W3)], { ...opts, reviewer: 'carol', why: '' }));
    const out = await run(['--home', home, 'log'], { env: env() });
    expect(out.code).toBe(0);
    const [first, second] = out.out.split(/\n(?=\d{4}-)/);
    expect(first).toBe(`${NOW}  alice  merge ${merged.actionId}\n    merge 2 cards into knowledge-05abb9e0; archive knowledge-3f2a9c11\n    why: same lesson`);
    expect(second).toMatch(/^2026-06-01T10:00:00\+00:00 {2}carol {2}archive cleanup-[0-9a-f]{8}\n {4}archive 1 card: knowledge-8d41e0b7\n$/);
    const json = JSON.parse((await run(['--home', home, 'log', '--json', '--limit', '1'], { env: env() })).out);
    expect(json.entries).toEqual([expect.objectContaining({ who: 'carol', action: 'archive', what: 'archive 1 card: knowledge-8d41e0b7', why: '' })]);
  });

  it('says so when nothing was written', async () => {
    const home = copyFixture('dup-home');
    expect((await run(['--home', home, 'log'], { env: env() })).out).toBe('nothing written yet\n');
  });
});
