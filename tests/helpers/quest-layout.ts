// A quest laid out by hand for gate tests: `quests/q` with one worktree `wt-0`, records written where DeepScientist
// writes them and index lines naming them (or another path).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Layout {
  home: string;
  quest: string;
  wt: string;
}

/** The quest in a fresh home under `base` (default: the temp folder). */
export function makeQuest(base = os.tmpdir()): Layout {
  const home = fs.realpathSync(fs.mkdtempSync(path.join(base, 'distill-copies-')));
  const quest = path.join(home, 'quests', 'q');
  const wt = path.join(quest, '.ds', 'worktrees', 'wt-0');
  fs.mkdirSync(wt, { recursive: true });
  fs.writeFileSync(path.join(quest, 'quest.yaml'), `quest_id: q\nquest_root: ${quest}\n`);
  return { home, quest, wt };
}

/** Writes `<root>/artifacts/<dir>/<id>.json` and appends an index line to `indexRoot` naming `file` (default: it). */
export function record(root: string, fields: Record<string, unknown>, opts: { indexRoot?: string; linePath?: string } = {}): string {
  const dir = fields.kind === 'run' ? 'runs' : 'decisions';
  const id = fields.artifact_id as string;
  const file = path.join(root, 'artifacts', dir, `${id}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ schema_version: 1, id, quest_id: 'q', created_at: '2026-05-01T09:00:00+00:00', ...fields }, null, 2) + '\n');
  const line = { artifact_id: id, kind: fields.kind, status: fields.status ?? null, quest_id: 'q', path: opts.linePath ?? file, summary: fields.summary ?? null, updated_at: fields.updated_at ?? null };
  fs.appendFileSync(path.join(opts.indexRoot ?? root, 'artifacts', '_index.jsonl'), JSON.stringify(line) + '\n');
  return file;
}

