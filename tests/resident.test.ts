// The resident index's watcher (core/resident): a change is queued only once its event has arrived, which the cookie
// sync waits for; a folder that cannot be watched turns the index to a rescan per request, said once.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CardWatcher } from '../src/core/resident/watch.js';
import { ResidentIndex } from '../src/core/index.js';
import { copyFixture } from './helpers/home.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.splice(0)) undo();
});

function demoHome(): string {
  const home = copyFixture('demo-home');
  cleanup.push(() => fs.rmSync(path.dirname(home), { recursive: true, force: true }));
  return home;
}

describe('CardWatcher', () => {
  test('a file written is queued once the cookie is seen, not before; the cookie is removed', async () => {
    const home = demoHome();
    const watcher = new CardWatcher(path.join(home, 'memory'), () => {}).start();
    cleanup.push(() => watcher.close());
    const file = path.join(home, 'memory', 'knowledge', 'new-card.md');
    fs.writeFileSync(file, '---\ntitle: x\n---\n');
    // The event has not been delivered yet: without the sync, a request now would miss the card.
    expect(watcher.drain().paths).toEqual([]);
    expect(await watcher.sync(5000)).toBe(true);
    expect(watcher.drain()).toEqual({ paths: [file], rescan: false });
    expect(fs.readdirSync(path.join(home, 'memory')).filter((n) => n.startsWith('.'))).toEqual([]);
    // Files that are no cards are not queued.
    fs.writeFileSync(path.join(home, 'memory', 'knowledge', '_index.jsonl'), '');
    expect(await watcher.sync(5000)).toBe(true);
    expect(watcher.drain()).toEqual({ paths: [], rescan: false });
  });

  test('a folder it cannot watch: scan mode, said once', async () => {
    const lines: string[] = [];
    const watcher = new CardWatcher('/nonexistent/memory', (line) => lines.push(line)).start();
    expect(watcher.mode).toBe('scan');
    watcher.degrade('again');
    expect(await watcher.sync(100)).toBe(false);
    expect(lines).toEqual(['distill: /nonexistent/memory: not there to watch; the card folders are rescanned before each request']);
  });
});

describe('ResidentIndex', () => {
  test('sync re-reads only what changed; nothing when nothing did; every file when watching is off', async () => {
    const home = demoHome();
    const resident = new ResidentIndex(home);
    cleanup.push(() => resident.close());
    expect((await resident.sync()).how).toBe('none');
    const view = resident.store.view();
    const at = (file: string) => [...Array(view.length).keys()].find((i) => view.path(i) === file);
    const evaluation = view.withTag('topic:evaluation');
    const file = path.join(home, 'memory', 'knowledge', 'seed-variance-on-small-ner-sets-exceeds-most-reported-gains.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('- topic:evaluation', '- topic:other'));
    expect(await resident.sync()).toMatchObject({ how: 'changed', changed: 1 });
    expect(resident.store.byPath(file)?.tags).toContain('topic:other');
    // Re-read in place: the same view, its tag answers made again for that card alone.
    expect(resident.store.view()).toBe(view);
    expect(view.withTag('topic:evaluation')).toEqual(evaluation.filter((i) => i !== at(file)));
    expect(view.withTag('topic:other')).toEqual([at(file)]);

    const scanning = new ResidentIndex(home, { env: { DISTILL_NO_WATCH: '1' } });
    cleanup.push(() => scanning.close());
    expect((await scanning.sync()).how).toBe('scan');
  });
});
