// `distill mcp` driven by the MCP SDK's own client over stdio, as Claude Code or Codex drive it: the built CLI
// (`npm run build` first) spawned per test on a copy of the demo home. Every tool answers what the command's --json
// gives; bad arguments are tool errors and the server goes on; a card written in place just before a request is in
// its answer and a deleted one is not (the cookie sync of core/resident); the server ends when stdin closes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { copyFixture, run } from './helpers/home.js';
import { waitFor } from './helpers/wait.js';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'distill.js');

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'distill.mjs'))) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.js')], { stdio: 'ignore' });
}, 120_000);

interface Server {
  client: Client;
  stderr: () => string;
  home: string;
}

const open: Client[] = [];
const temps: string[] = [];

afterEach(async () => {
  // Closing the client ends the server's stdin (and kills it if it lingers).
  for (const client of open.splice(0)) await client.close();
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function demoHome(): string {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  return home;
}

function cacheDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-mcp-cache-'));
  temps.push(dir);
  return dir;
}

async function start(home: string, env: Record<string, string> = {}): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--home', home],
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), TMPDIR: os.tmpdir(), DISTILL_CACHE_DIR: cacheDir(), ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const client = new Client({ name: 'distill-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => err, home };
}

interface ToolResult {
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
  isError?: boolean;
}

async function call(server: Server, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await server.client.callTool({ name, arguments: args })) as ToolResult;
}

async function cliJson(home: string, args: string[]): Promise<unknown> {
  const r = await run(['--home', home, ...args, '--json']);
  return JSON.parse(r.out);
}

const ids = (result: ToolResult) => (result.structuredContent!.cards as { card_id: string }[]).map((c) => c.card_id);

function card(id: string, title: string, tags: string[]): string {
  return ['---', `id: ${id}`, 'type: knowledge', 'kind: knowledge', `title: ${title}`, 'quest_id: null', 'tags:', ...tags.map((t) => `- ${t}`),
    "created_at: '2026-06-01T10:00:00+00:00'", "updated_at: '2026-06-01T10:00:00+00:00'", 'scope: global', '---', `${title}.`, ''].join('\n');
}

describe('distill mcp', () => {
  test('lists its tools, each with a JSON-schema input', async () => {
    const server = await start(demoHome());
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['gate', 'mine', 'neighbors', 'propose_lesson', 'recall', 'status']);
    const recall = tools.find((t) => t.name === 'recall')!;
    expect(recall.inputSchema.properties).toHaveProperty('tags');
    expect(recall.inputSchema.properties).toHaveProperty('checklist');
  }, 30_000);

  test('recall, neighbors, gate and status answer what the commands\' --json give', async () => {
    const home = demoHome();
    const server = await start(home);
    const recall = await call(server, 'recall', { tags: ['topic:calibration', 'domain:nlp'], limit: 3 });
    expect(recall.isError).toBeFalsy();
    expect(recall.structuredContent).toEqual(await cliJson(home, ['recall', '--tags', 'topic:calibration,domain:nlp', '--limit', '3']));
    expect(JSON.parse(recall.content[0].text!)).toEqual(recall.structuredContent);
    const byKind = await call(server, 'recall', { kind: 'paper' });
    expect(byKind.structuredContent).toEqual(await cliJson(home, ['recall', '--kind', 'paper']));
    const byText = await call(server, 'recall', { text: 'temperature scaling calibration', limit: 2 });
    expect(byText.structuredContent).toEqual(await cliJson(home, ['recall', '--text', 'temperature scaling calibration', '--limit', '2']));
    expect(ids(byText)).toContain('knowledge-ac553f60');
    const listed = await call(server, 'recall', { tags: ['topic:calibration'], checklist: true });
    expect(listed.content[0].text).toMatch(/^## What we already know \(distill recall, tags topic:calibration\)/);
    expect(listed.structuredContent!.checklist).toBe(listed.content[0].text);

    const neighbors = await call(server, 'neighbors', { card: 'knowledge-ac553f60', limit: 4 });
    expect(neighbors.structuredContent).toEqual(await cliJson(home, ['neighbors', 'knowledge-ac553f60', '--limit', '4']));
    const ofText = await call(server, 'neighbors', { text: '---\ntitle: Temperature scaling fixes reader overconfidence\ntags: [topic:calibration]\n---\nbody\n' });
    const first = (ofText.structuredContent!.neighbors as { card_id: string; reasons: string[] }[])[0];
    expect(first.card_id).toBe('knowledge-ac553f60');

    expect((await call(server, 'gate', { quest: '001' })).structuredContent).toEqual(await cliJson(home, ['gate', '001']));
    expect((await call(server, 'gate', {})).structuredContent).toEqual(await cliJson(home, ['gate', '--all']));
    expect((await call(server, 'status', {})).structuredContent).toEqual(await cliJson(home, ['status']));
    const one = await call(server, 'status', { quest: '001' });
    expect((one.structuredContent!.quests as { id: string }[]).map((q) => q.id)).toEqual(['001']);
  }, 60_000);

  test('propose_lesson writes a PR #60 draft that distill drafts lists under its run, and no global card', async () => {
    const home = demoHome();
    const memory = () => fs.readdirSync(path.join(home, 'memory', 'knowledge')).sort();
    const before = memory();
    const server = await start(home);
    const result = await call(server, 'propose_lesson', {
      quest: '001', run: 'run-a400216f', title: 'Adapters need warm-up', claim: 'A 6% warm-up keeps adapter runs from diverging at peak LR.',
      body: 'What we saw: the run without warm-up diverged twice.', tags: ['topic:optimization'],
    });
    expect(result.isError).toBeFalsy();
    const file = result.structuredContent!.path as string;
    expect(file.startsWith(path.join(home, 'drafts', 'experiences', '001') + path.sep)).toBe(true);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('claim: A 6% warm-up keeps adapter runs from diverging at peak LR.');
    expect(text).toContain('- topic:optimization');
    expect(text).toContain('What we saw: the run without warm-up diverged twice.');
    expect(text).toContain('## Result');
    expect(memory()).toEqual(before);
    const drafts = (await cliJson(home, ['drafts', '001'])) as { drafts: { path: string; run_ids: string[]; needs_edit: boolean }[] };
    const listed = drafts.drafts.find((d) => d.path === file);
    expect(listed?.run_ids).toEqual(['run-a400216f']);
    expect(listed?.needs_edit).toBe(false);
  }, 30_000);

  test('bad arguments are tool errors with one line, and the server answers the next request', async () => {
    const home = demoHome();
    const drafts = () => fs.readdirSync(path.join(home, 'drafts', 'experiences'), { recursive: true }).sort();
    const before = drafts();
    const server = await start(home);
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['recall', { limit: 0 }, /limit/],
      ['recall', { scope: 'everywhere' }, /scope/],
      ['recall', { tags: 'not-a-list' }, /tags/],
      ['recall', { scope: 'quest', quest: 'nope' }, /^distill: .*nope/],
      ['neighbors', {}, /^distill: neighbors: give either card or text/],
      ['neighbors', { card: 'knowledge-nope' }, /^distill: knowledge-nope: no global card/],
      ['propose_lesson', { quest: '001', run: 'run-nope', title: 't', claim: 'A claim.' }, /^distill: quest 001: no run run-nope/],
      ['propose_lesson', { quest: '001', run: 'run-a400216f', title: 't', claim: 'TODO' }, /^distill: claim "TODO": empty or a placeholder/],
      ['gate', { quest: '../etc' }, /^distill: /],
      ['nope', {}, /nope/],
    ];
    for (const [tool, args, message] of cases) {
      const result = await call(server, tool, args);
      expect(result.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(result.content[0].text).toMatch(message);
      expect(result.content[0].text).not.toContain('\n');
    }
    // The CLI says the same line for the same mistake.
    const cli = await run(['--home', home, 'neighbors', 'knowledge-nope']);
    expect((await call(server, 'neighbors', { card: 'knowledge-nope' })).content[0].text).toBe(cli.err.trim());
    expect(drafts()).toEqual(before);
    expect(ids(await call(server, 'recall', { tags: ['topic:calibration'] }))).toContain('knowledge-ac553f60');
  }, 30_000);

  test('mine answers what `distill mine --json` gives, and a bad argument is the command\'s one line', async () => {
    const home = copyFixture('mine-home');
    temps.push(path.dirname(home));
    const server = await start(home);
    const mined = await call(server, 'mine', {});
    expect(mined.isError).toBeFalsy();
    expect(mined.structuredContent).toEqual(await cliJson(home, ['mine']));
    expect((mined.structuredContent!.patterns as unknown[]).length).toBeGreaterThan(0);
    const gated = await call(server, 'mine', { min_support: 4, min_consistency: '90%', all: true });
    expect(gated.structuredContent).toEqual(await cliJson(home, ['mine', '--min-support', '4', '--min-consistency', '90%', '--all']));
    expect(gated.structuredContent).not.toEqual(mined.structuredContent);
    const quest = await call(server, 'mine', { scope: 'quest', quest: 'wnut-ner', min_support: 2 });
    expect(quest.structuredContent).toEqual(await cliJson(home, ['mine', '--scope', 'quest', 'wnut-ner', '--min-support', '2']));
    const bad = await call(server, 'mine', { min_support: 0 });
    expect(bad.isError).toBe(true);
    const cli = await run(['--home', home, 'mine', '--min-support', '0']);
    expect(cli.code).not.toBe(0);
    expect(bad.content[0].text).toBe(cli.err.trim());
    expect((await call(server, 'mine', { scope: 'quest' })).content[0].text).toBe('distill: mine --scope quest needs a quest');
    expect((await call(server, 'mine', { scope: 'everywhere' })).isError).toBe(true);
  }, 60_000);

  for (const watching of [true, false]) {
    test(`a card written in place just before a request is in its answer, a deleted one is not (${watching ? 'watching' : 'rescan per request'})`, async () => {
      const home = demoHome();
      const server = await start(home, watching ? {} : { DISTILL_NO_WATCH: '1' });
      const knowledge = path.join(home, 'memory', 'knowledge');
      expect(ids(await call(server, 'recall', { tags: ['topic:fresh'] }))).toEqual([]);
      await call(server, 'neighbors', { card: 'knowledge-ac553f60' }); // the neighbor index is built
      // As DeepScientist writes a card: open, truncate, write (no temp file, no rename).
      fs.writeFileSync(path.join(knowledge, 'fresh-card.md'), card('knowledge-fresh001', 'Fresh lesson about gradient clipping', ['topic:fresh']));
      expect(ids(await call(server, 'recall', { tags: ['topic:fresh'] }))).toEqual(['knowledge-fresh001']);
      const near = await call(server, 'neighbors', { text: 'Fresh lesson about gradient clipping' });
      expect((near.structuredContent!.neighbors as { card_id: string }[])[0].card_id).toBe('knowledge-fresh001');
      // An existing card rewritten in place with another tag, then one deleted.
      const seed = path.join(knowledge, 'seed-variance-on-small-ner-sets-exceeds-most-reported-gains.md');
      fs.writeFileSync(seed, fs.readFileSync(seed, 'utf8').replace('- topic:evaluation', '- topic:fresh'));
      expect(ids(await call(server, 'recall', { tags: ['topic:fresh'] })).sort()).toEqual(['knowledge-24922d1f', 'knowledge-fresh001']);
      fs.rmSync(path.join(knowledge, 'fresh-card.md'));
      expect(ids(await call(server, 'recall', { tags: ['topic:fresh'] }))).toEqual(['knowledge-24922d1f']);
      const gone = await call(server, 'neighbors', { text: 'Fresh lesson about gradient clipping' });
      expect((gone.structuredContent!.neighbors as { card_id: string }[]).map((n) => n.card_id)).not.toContain('knowledge-fresh001');
      // The answers are a fresh command's.
      expect((await call(server, 'recall', { tags: ['topic:fresh', 'domain:nlp'] })).structuredContent).toEqual(await cliJson(home, ['recall', '--tags', 'topic:fresh,domain:nlp']));
      // No cookie is left behind in the home.
      expect(fs.readdirSync(path.join(home, 'memory')).filter((n) => n.startsWith('.'))).toEqual([]);
      if (watching) expect(server.stderr()).toBe('');
      else expect(server.stderr().trim().split('\n')).toEqual(['distill: watching is off ($DISTILL_NO_WATCH); the card folders are rescanned before each request']);
    }, 60_000);
  }

  test('a kind folder made after the start is watched', async () => {
    const home = demoHome();
    fs.rmSync(path.join(home, 'memory', 'templates'), { recursive: true });
    const server = await start(home);
    await call(server, 'recall', {});
    fs.mkdirSync(path.join(home, 'memory', 'templates'));
    await call(server, 'recall', {}); // the folder is watched from its event on
    fs.writeFileSync(path.join(home, 'memory', 'templates', 'new-template.md'), card('template-new', 'A new template', ['topic:tmpl']).replace(/knowledge/g, 'template'));
    expect(ids(await call(server, 'recall', { tags: ['topic:tmpl'] }))).toEqual(['template-new']);
  }, 30_000);

  test('the server ends when its stdin closes', async () => {
    const home = demoHome();
    const child = spawn(process.execPath, [BIN, 'mcp', '--home', home], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH, HOME: os.tmpdir(), DISTILL_CACHE_DIR: cacheDir() } });
    let code: number | null = null;
    child.on('exit', (c) => (code = c));
    try {
      child.stdin.end();
      await waitFor(() => code !== null, { timeout: 15_000, message: () => 'the server to exit' });
      expect(code).toBe(0);
    } finally {
      if (code === null) child.kill('SIGKILL');
    }
  }, 30_000);
});
