// The home screen's count of proposed patterns without mining on every load: the count is kept in the cache folder
// (outside the home) with a manifest of every file and folder mining reads (the quests folder, each quest.yaml,
// research head, metric contract, worktrees folder, each workspace's index and record folders and every record in
// them, the reviewed ledger), each with its mtime and size, missing ones as missing. The count is used only when every
// entry stats the same: a new or re-recorded run changes its index and its folder, a decision the ledger, a new quest
// or worktree its folder. Any other difference, or no cache, mines again and keeps the new count.
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir } from '../files/paths.js';
import { replaceCacheFile } from '../journal/atomic.js';
import { listQuestIds, resolveQuest } from '../quest/home.js';
import { listWorkspaces } from '../quest/artifacts.js';
import { reviewedFile } from '../review/reviewed.js';
import { obj, text } from './outcome.js';
import { mine } from './mine.js';

const FILE = 'mined-v1.json';
/** A manifest entry: path, mtime (ms), size; -1, -1 when the path is missing. */
type Entry = [string, number, number];

function statOf(file: string): Entry {
  try {
    const s = fs.statSync(file);
    return [file, s.mtimeMs, s.size];
  } catch {
    return [file, -1, -1];
  }
}

function listed(dir: string): string[] {
  try {
    return fs.readdirSync(dir).map((n) => path.join(dir, n));
  } catch {
    return [];
  }
}

/** Every file and folder `mine(home)` reads, stat-ed. */
export function minedManifest(home: string): Entry[] {
  const quests = path.join(home, 'quests');
  const out: Entry[] = [statOf(quests), statOf(reviewedFile(home))];
  for (const id of listQuestIds(home)) {
    const root = path.join(quests, id);
    out.push(statOf(root), statOf(path.join(root, 'quest.yaml')), statOf(path.join(root, '.ds', 'research_state.json')), statOf(path.join(root, '.ds', 'worktrees')));
    let quest;
    try {
      quest = resolveQuest(home, id);
    } catch {
      continue; // mined as a warning; its quest.yaml is in the manifest
    }
    const contract = text(obj(quest.yaml.confirmed_baseline_ref).metric_contract_json_rel_path);
    if (contract && !path.isAbsolute(contract)) out.push(statOf(path.join(quest.root, contract)));
    for (const ws of listWorkspaces(quest)) {
      const artifacts = path.join(ws.root, 'artifacts');
      out.push(statOf(ws.root), statOf(artifacts), statOf(path.join(artifacts, '_index.jsonl')));
      for (const dir of ['runs', 'ideas', 'reports'].map((d) => path.join(artifacts, d))) {
        out.push(statOf(dir));
        for (const file of listed(dir)) out.push(statOf(file));
      }
    }
  }
  return out;
}

function unchanged(entries: unknown): boolean {
  if (!Array.isArray(entries) || entries.length === 0) return false;
  for (const e of entries) {
    if (!Array.isArray(e) || typeof e[0] !== 'string') return false;
    const [, mtime, size] = statOf(e[0]);
    if (mtime !== e[1] || size !== e[2]) return false;
  }
  return true;
}

export interface MinedCount {
  proposed: number;
  /** True when the cached count was used (nothing mining reads changed). */
  cached: boolean;
}

const cacheFile = (home: string, env: NodeJS.ProcessEnv) => (env.DISTILL_NO_CACHE ? null : path.join(cacheDir(home, env), FILE));

/** The kept count when nothing mining reads changed since it was kept; null when it must be mined (stats only). */
export function keptMinedCount(home: string, env: NodeJS.ProcessEnv = process.env): number | null {
  const file = cacheFile(home, env);
  if (!file) return null;
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { home?: unknown; proposed?: unknown; manifest?: unknown };
    if (kept.home === home && typeof kept.proposed === 'number' && unchanged(kept.manifest)) return kept.proposed;
  } catch {
    // no cache, or a torn one
  }
  return null;
}

/** How many patterns `distill mine` proposes on the home, from the cache when nothing it reads changed. */
export function minedProposedCount(home: string, env: NodeJS.ProcessEnv = process.env): MinedCount {
  const kept = keptMinedCount(home, env);
  if (kept !== null) return { proposed: kept, cached: true };
  // The manifest is taken before mining: a file changed while mining leaves a manifest that no longer matches.
  const manifest = minedManifest(home);
  const proposed = mine(home).funnel.proposed;
  const file = cacheFile(home, env);
  if (file) replaceCacheFile(file, JSON.stringify({ home, proposed, manifest }));
  return { proposed, cached: false };
}
