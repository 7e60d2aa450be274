// The write-path audit, bug by bug, as files on disk after a write, or a refusal's exit code, one line and an
// unchanged home: occurrences is read as a count, never reset, by patch and merge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { occurrencesCount } from '../src/core/review/card-fields.js';
import { copyFixture, run } from './helpers/home.js';
import { CARD, D, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const KN = 'memory/knowledge';
const read = (file: string) => fs.readFileSync(file, 'utf8');
const edit = (file: string, from: string | RegExp, to: string) => {
  const text = read(file);
  const next = text.replace(from, to);
  expect(next, `${file}: ${from} replaced`).not.toBe(text);
  fs.writeFileSync(file, next);
};

async function refused(home: string, args: string[], code: number, message: string) {
  const before = snapshot(home);
  const r = await runInProcess(['--home', home, ...args]);
  expect(r.err).toBe(`distill: ${message}\n`);
  expect(r.code).toBe(code);
  expect(diffSnapshots(before, snapshot(home))).toEqual([]);
}

// ---- 4. occurrences read as a count ---------------------------------------------------------------------------------
describe('occurrences is read as a count, never reset', () => {
  it('occurrencesCount reads what Python\'s int() reads of a count; nothing else', () => {
    for (const [value, n] of [[undefined, 1], [null, 1], [0, 0], [3, 3], [3.0, 3], ['3', 3], [' +3 ', 3], ['1_000', 1000]] as const) {
      expect(occurrencesCount(value), JSON.stringify(value)).toBe(n);
    }
    for (const value of [-1, 2.5, true, false, '', 'many', '3.0', '-3', '0x10', '1__0', [3], { n: 3 }, Infinity]) {
      expect(occurrencesCount(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('patch: occurrences \'3\' (a string) becomes 4, in place', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    edit(file, 'scope: global\n', "occurrences: '3'\nscope: global\n");
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'x' }]), '--yes']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(read(file)).toContain('\noccurrences: 4\nscope: global\n');
  });

  it('patch: a value that is no count is refused, naming the card file and the field; nothing written', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    const decisions = writeDecisions(path.dirname(home), [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'x' }]);
    for (const [yamlValue, shown] of [['many', '"many"'], ['2.5', '2.5'], ['-1', '-1'], ['yes', 'true']]) {
      fs.writeFileSync(file, read(file).replace(/(occurrences: .*\n)?scope: global\n/, `occurrences: ${yamlValue}\nscope: global\n`));
      await refused(home, ['apply', '001', decisions, '--yes'], 2,
        `patch of ${CARD.warmup} refused: ${file}: occurrences ${shown} is not a count (a whole number); fix it by hand, then try again`);
    }
  });

  describe('merge (distill lessons apply, dup-home)', () => {
    const W1 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters'; // knowledge-05abb9e0, no occurrences, the survivor
    const W2 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2'; // knowledge-3f2a9c11, occurrences: 2
    const env = { HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: '2026-06-01T10:00:00+00:00' };
    const merge = (home: string) => {
      const actions = path.join(path.dirname(home), 'actions.jsonl');
      fs.writeFileSync(actions, JSON.stringify({ action: 'merge', cards: ['knowledge-3f2a9c11', 'knowledge-05abb9e0'], keep: 'knowledge-05abb9e0', why: 'same' }) + '\n');
      return run(['--home', home, 'lessons', 'apply', actions, '--yes'], { env, cwd: path.dirname(home) });
    };

    it('sums a string count (\'5\' + the survivor\'s 1 = 6)', async () => {
      const home = copyFixture('dup-home');
      const w1 = path.join(home, KN, `${W1}.md`);
      edit(path.join(home, KN, `${W2}.md`), 'occurrences: 2\n', "occurrences: '5'\n");
      const r = await merge(home);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(read(w1)).toContain('\noccurrences: 6\n');
    });

    it('refuses a card whose occurrences is no count, naming its file; nothing written', async () => {
      const home = copyFixture('dup-home');
      const w2 = path.join(home, KN, `${W2}.md`);
      edit(w2, 'occurrences: 2\n', 'occurrences: twice\n');
      const before = snapshot(home);
      const r = await merge(home);
      expect(r.code).not.toBe(0);
      expect(r.out + r.err).toContain(`merge refused: ${w2}: occurrences "twice" is not a count (a whole number); fix it by hand, then try again`);
      expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    });
  });
});
