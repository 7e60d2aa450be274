// Issue 16: a screen's first frame does not wait for undici. yoga-layout (inside Ink) loads its wasm through the
// global fetch when there is one, which in Node 20 first loads undici; importScreen hides fetch while the screen's
// module loads, and puts it back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
let tmp: string;
let helper: string;
beforeAll(() => {
  // The helper as plain JS, for a child process (Node 20 runs no TypeScript).
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-screen-import-'));
  helper = path.join(tmp, 'screen-import.mjs');
  const source = fs.readFileSync(path.join(ROOT, 'src', 'cli', 'screen-import.ts'), 'utf8');
  fs.writeFileSync(helper, transformSync(source, { loader: 'ts', format: 'esm' }).code);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** In a fresh process (this one may have loaded undici already): import Ink, with or without importScreen. */
function loadInk(hidden: boolean): { undici: boolean; fetch: string; yoga: boolean } {
  const code = `
    const { importScreen } = await import(${JSON.stringify(pathToFileURL(helper).href)});
    const load = () => import('ink');
    const ink = ${hidden ? 'await importScreen(load)' : 'await load()'};
    const undici = process.moduleLoadList.some((m) => m.includes('undici'));
    console.log(JSON.stringify({ undici, fetch: typeof globalThis.fetch, yoga: typeof ink.render === 'function' }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { undici: boolean; fetch: string; yoga: boolean };
}

describe('importScreen', () => {
  it('loads Ink without loading undici, and leaves fetch as it was', () => {
    expect(loadInk(true)).toEqual({ undici: false, fetch: 'function', yoga: true });
    // Without it, Ink's layout engine reaches for fetch (what this is about).
    expect(loadInk(false).undici).toBe(true);
  });
});
