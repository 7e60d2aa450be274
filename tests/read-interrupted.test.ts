// Every read command says, in one line on stderr, that a write was interrupted (a journal is pending), so neither a
// person nor a script acts on a half-written home: `--json` stdout stays JSON, and the gates stay open (exit 1).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, makeHome, runInProcess, snapshot } from './helpers/write-home.js';

/** A home with a pending journal (what a killed write leaves); the notice does not depend on its contents. */
function interruptedHome(): { home: string; notice: string } {
  const home = makeHome();
  const dir = path.join(home, '.distill', 'journal');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'decision-0000dead.json'), '{}\n');
  const notice = `distill: a write was interrupted (decision-0000dead in ${dir}); what is shown may be half-written: run distill recover to finish it\n`;
  return { home, notice };
}

const reads: [string, string[]][] = [
  ['recall', ['recall', '--tags', 'topic:peft']],
  ['recall --json', ['recall', '--tags', 'topic:peft', '--json']],
  ['recall --checklist', ['recall', '--checklist']],
  ['lessons --json', ['lessons', '--json']],
  ['neighbors', ['neighbors', 'knowledge-05abb9e0']],
  ['neighbors --json', ['neighbors', 'knowledge-05abb9e0', '--json']],
  ['status --json', ['status', '--json']],
  ['candidates --json', ['candidates', '001', '--json']],
  ['drafts --json', ['drafts', '001', '--json']],
];

describe('a read command over a home with an interrupted write', () => {
  for (const [name, args] of reads) {
    it(`${name}: the notice on stderr, the answer as usual on stdout, nothing written`, async () => {
      const { home, notice } = interruptedHome();
      const before = snapshot(home);
      const r = await runInProcess(['--home', home, ...args]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toBe(notice);
      expect(r.out.length).toBeGreaterThan(0);
      if (args.includes('--json')) expect(() => JSON.parse(r.out)).not.toThrow();
      expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    });
  }

  it('gate: open (exit 1), and the notice on stderr too', async () => {
    const { home, notice } = interruptedHome();
    const r = await runInProcess(['--home', home, 'gate', '001']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(notice);
    expect(r.out).toMatch(/^gate 001: open, a write was interrupted/);
  });

  it('gate --json: the notice on stderr, stdout JSON alone', async () => {
    const { home, notice } = interruptedHome();
    const r = await runInProcess(['--home', home, 'gate', '001', '--json']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(notice);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, interrupted: notice.slice('distill: '.length, -1) });
  });

  it('gate --all: never closed on an interrupted write (it passed), the notice on stderr', async () => {
    const { home, notice } = interruptedHome();
    const clean = makeHome();
    const closedHome = await runInProcess(['--home', clean, 'gate', '--all', '--json']);
    const json = await runInProcess(['--home', home, 'gate', '--all', '--json']);
    expect(json.err).toBe(notice);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, interrupted: notice.slice('distill: '.length, -1) });
    expect(json.code).toBe(closedHome.code === 0 ? 1 : closedHome.code);
    const text = await runInProcess(['--home', home, 'gate', '--all']);
    expect(text.err).toBe(notice);
    expect(text.out).toContain('gate --all: open, a write was interrupted');
    expect(text.code).toBeGreaterThanOrEqual(1);
  });
});
