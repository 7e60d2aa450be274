// Temp files: what a killed `distill draft` can leave (one temp name of distill's own, no longer a temp of a temp),
// and `distill recover` removing the temp files interrupted writes of distill left, by their names, never a
// DeepScientist `<file>.<uuid4 hex>.tmp` an agent may be writing right now.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { io } from '../src/core/journal/atomic.js';
import { isDistillTemp } from '../src/core/journal/temps.js';
import { copyFixture, run } from './helpers/home.js';
import { D, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions, CARD } from './helpers/write-home.js';

const CLAIM = 'LoRA r=8 with 6% warmup beats the BERT baseline by 2 F1 on CoNLL-1k.';
const real = { ...io };
afterEach(() => Object.assign(io, real));

const hex = () => crypto.randomBytes(16).toString('hex');
/** A uuid4().hex, as DeepScientist's write_json names its temp files. */
const uuid4Hex = () => crypto.randomUUID().replace(/-/g, '');
/** A 32-hex name no uuid4 can have (version nibble 0): an earlier distill's. */
const notUuid4 = () => { const h = hex(); return h.slice(0, 12) + '0' + h.slice(13); };

describe('a killed distill draft', () => {
  it('leaves at most one temp file, named as distill names its own (it was <draft>.md.<hex>.tmp.<hex>.tmp)', async () => {
    const home = copyFixture('ds-sample');
    const dir = path.join(home, 'drafts', 'experiences', '001');
    const seen = new Set<string>();
    // What the drafts folder holds at each write and fsync: what a SIGKILL at that instant would leave.
    const look = () => {
      for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) seen.add(name);
    };
    io.writeSync = (...args) => (look(), real.writeSync(...args));
    io.fsyncSync = (fd) => (look(), real.fsyncSync(fd));
    const r = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', CLAIM]);
    expect(r.code, r.err).toBe(0);
    const temps = [...seen].filter((n) => n.endsWith('.tmp'));
    expect(temps.length).toBeGreaterThan(0);
    for (const name of temps) expect(name).toMatch(/^idea-7a9ceaa1__main-001\.md\.distill-[0-9a-f]{32}\.tmp$/);
    expect(fs.readdirSync(dir)).toEqual(['idea-7a9ceaa1__main-001.md']);
  });
});

describe('distill recover removes the temp files distill left, and only those', () => {
  it('by name and age: distill temps (old names too) go, DeepScientist temps and fresh ones stay; the rest is untouched', async () => {
    const home = makeHome();
    fs.mkdirSync(path.join(home, '.distill'), { recursive: true });
    const drafts = 'drafts/experiences/001';
    const card = 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md';
    const decisions = 'quests/001/artifacts/decisions';
    const ours = [
      `${drafts}/main-001__lora-warmup.md.${hex()}.tmp.${hex()}.tmp`, // a killed draft of earlier versions
      `${drafts}/main-001__lora-warmup.md.${notUuid4()}.tmp`,
      `${drafts}/main-001__seed-noise.md.distill-${hex()}.tmp`,
      `${card}.distill-${hex()}.tmp`,
      `${decisions}/decision-0000beef.json.distill-${hex()}.tmp`,
      `.distill/reviews/decision-0000beef.json.distill-${hex()}.tmp`,
      `quests/001/.ds/distill/staging.json.distill-${hex()}.tmp`,
    ];
    const theirs = [
      `${card}.${uuid4Hex()}.tmp`, // DeepScientist's write_json, maybe running now
      `${decisions}/decision-0000feed.json.${uuid4Hex()}.tmp`,
      'quests/001/.ds/cache.tmp',
      `${drafts}/notes.tmp`,
    ];
    const fresh = `${drafts}/main-001__todo.md.distill-${hex()}.tmp`; // a draft being written now
    const old = new Date(Date.now() - 3600_000);
    for (const rel of [...ours, ...theirs, fresh]) {
      fs.mkdirSync(path.dirname(path.join(home, rel)), { recursive: true });
      fs.writeFileSync(path.join(home, rel), 'partial');
      if (rel !== fresh) fs.utimesSync(path.join(home, rel), old, old);
    }
    const before = snapshot(home);
    const r = await runInProcess(['--home', home, 'recover']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n').sort()).toEqual(ours.map((rel) => `removed ${rel} (a temp file an interrupted write left)`).sort());
    expect(diffSnapshots(before, snapshot(home))).toEqual(ours.map((rel) => `- ${rel}`).sort());
    for (const rel of [...theirs, fresh]) expect(fs.existsSync(path.join(home, rel)), rel).toBe(true);

    const again = await runInProcess(['--home', home, 'recover', '--json']);
    expect(JSON.parse(again.out)).toMatchObject({ recovered: [], removed_temps: [] });
  });

  it('a write of a card removes its own earlier temps beside it, never a DeepScientist temp of that card', async () => {
    const home = makeHome();
    const card = path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    const theirs = `${card}.${uuid4Hex()}.tmp`;
    const mine = `${card}.distill-${hex()}.tmp`;
    fs.writeFileSync(theirs, 'DeepScientist writing');
    fs.writeFileSync(mine, 'left by a crash');
    const file = writeDecisions(path.dirname(home), [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same' }]);
    const r = await runInProcess(['--home', home, 'apply', '001', file, '--yes']);
    expect(r.code, r.err).toBe(0);
    expect(fs.readFileSync(theirs, 'utf8')).toBe('DeepScientist writing');
    expect(fs.existsSync(mine)).toBe(false);
  });

  it('names: distill\'s own, nested and earlier non-uuid4 ones are distill\'s; a uuid4 hex is not', () => {
    expect(isDistillTemp(`a.md.distill-${hex()}.tmp`)).toBe(true);
    expect(isDistillTemp(`a.md.${hex()}.tmp.${hex()}.tmp`)).toBe(true);
    expect(isDistillTemp(`a.md.${notUuid4()}.tmp`)).toBe(true);
    expect(isDistillTemp(`a.md.${uuid4Hex()}.tmp`)).toBe(false);
    expect(isDistillTemp('a.tmp')).toBe(false);
    expect(isDistillTemp(`b.md.distill-${hex()}.tmp`, 'a.md')).toBe(false);
    expect(isDistillTemp(`a.md.x.distill-${hex()}.tmp`, 'a.md')).toBe(false);
  });
});
