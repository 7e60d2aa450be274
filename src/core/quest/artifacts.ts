// Artifacts of a quest across all its workspaces, the way DeepScientist spreads them: the quest root, every git
// worktree under `.ds/worktrees/`, and `research_head_worktree_root`. Worktrees inherit copies of the root's index
// lines (whose `path` still points at the root), absolute paths go stale when a home moves, and one index may repeat
// an id after a re-record: we dedupe by artifact_id and always read the workspace's own file.
import fs from 'node:fs';
import path from 'node:path';
import { isInside } from './home.js';
import { readJsonl } from '../format/jsonl.js';
import { readRegularText } from '../files/read-file.js';
import { readUtf8Strict } from '../format/pyread.js';
import type { Artifact, ArtifactIndexLine, FileWarning, Quest, Workspace } from '../model.js';

/** `ARTIFACT_DIRS` of DeepScientist: where a kind's JSON lives under `artifacts/`. */
export const ARTIFACT_DIRS: Record<string, string> = {
  baseline: 'baselines',
  idea: 'ideas',
  decision: 'decisions',
  progress: 'progress',
  answer: 'answers',
  milestone: 'milestones',
  run: 'runs',
  report: 'reports',
  approval: 'approvals',
  graph: 'graphs',
};

export function artifactDir(kind: string): string {
  return ARTIFACT_DIRS[kind] ?? (kind.startsWith('science.') ? 'science' : kind);
}

/**
 * `research_head_worktree_root` of `.ds/research_state.json`, or null when there is none. A state file that exists but
 * cannot be read as a JSON object (no permission, torn, a directory, a FIFO: never opened blocking, read-file.ts) or a
 * symlink to nothing goes to `unreadable` when given: the head it names may hold a completed run.
 */
function readResearchHead(questRoot: string, unreadable?: FileWarning[]): string | null {
  const file = path.join(questRoot, '.ds', 'research_state.json');
  const why = ' so distill cannot tell where the research head is';
  const got = readUtf8Strict(file);
  if (!('text' in got)) {
    const absent = got.code === 'ENOENT' || got.code === 'ENOTDIR';
    const link = absent ? danglingOnTheWay(file, questRoot) : null;
    if (link) unreadable?.push({ file: link.at, message: `${link.message},${why}` });
    else if (!absent) unreadable?.push({ file, message: `cannot read it (${errnoText(got.code, got.problem)}),${why}` });
    return null;
  }
  let state: unknown;
  try {
    state = JSON.parse(got.text);
  } catch {
    unreadable?.push({ file, message: `not valid JSON (torn?),${why}` });
    return null;
  }
  if (state === null || typeof state !== 'object' || Array.isArray(state)) {
    unreadable?.push({ file, message: `${state === null ? 'null' : Array.isArray(state) ? 'a list' : `a ${typeof state}`}, not a JSON object,${why}` });
    return null;
  }
  const head = (state as Record<string, unknown>).research_head_worktree_root;
  return typeof head === 'string' && head ? head : null;
}

/** `a symlink to <target>, which is not there` when `file` is a symlink whose target is missing, else null. */
function danglingLink(file: string): string | null {
  try {
    if (!fs.lstatSync(file).isSymbolicLink()) return null;
    return `a symlink to ${fs.readlinkSync(file)}, which is not there`;
  } catch {
    return null;
  }
}

/** The first symlink to nothing among `file` and its folders below `base` (which is not checked), or null. */
export function danglingOnTheWay(file: string, base: string): { at: string; message: string } | null {
  for (let at = file; at !== base && isInside(base, at); at = path.dirname(at)) {
    const message = danglingLink(at);
    if (message) return { at, message };
  }
  return null;
}

/** A workspace path stored absolute in quest state, mapped back into this quest when the home moved. */
function intoQuest(quest: Quest, stored: string): string {
  const recorded = typeof quest.yaml.quest_root === 'string' ? quest.yaml.quest_root : null;
  return recorded && isInside(recorded, stored) ? path.join(quest.root, path.relative(recorded, stored)) : stored;
}

/**
 * DeepScientist's `active_workspace_root` (formats §4.1): research_state.json `current_workspace_root`, else
 * `research_head_worktree_root`, else the quest root; a stored path that no longer exists falls through.
 */
export function activeWorkspace(quest: Quest): Workspace {
  let state: Record<string, unknown> = {};
  try {
    state = JSON.parse(readRegularText(path.join(quest.root, '.ds', 'research_state.json'))) ?? {};
  } catch {
    /* no state: the quest root */
  }
  for (const key of ['current_workspace_root', 'research_head_worktree_root']) {
    const stored = state[key];
    if (typeof stored !== 'string' || !stored) continue;
    const root = intoQuest(quest, stored);
    if (root === quest.root || !fs.existsSync(root)) continue;
    const rel = path.relative(quest.root, root);
    return { root, rel: rel.startsWith('..') ? root : rel, origin: rel.startsWith(path.join('.ds', 'worktrees')) ? 'worktree' : 'research_head' };
  }
  return { root: quest.root, rel: '.', origin: 'quest_root' };
}

/** An fs error's code, and whether Python's `Path.exists()` / `is_dir()` read it as "not there" rather than raising. */
export function errnoOf(error: unknown): { code: string; absent: boolean } {
  const code = String((error as NodeJS.ErrnoException).code ?? 'EIO');
  return { code, absent: code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' };
}

/** A one-line reason for an fs error code in messages: `permission denied (EACCES)`, else `otherwise` (the code). */
export function errnoText(code: string, otherwise = code): string {
  return code === 'EACCES' || code === 'EPERM' ? `permission denied (${code})` : otherwise;
}

/**
 * The workspaces of a quest, root first, then worktrees by name, then a research head outside them. `unreadable`
 * collects what could hide a workspace: `.ds/worktrees` or an entry of it that exists but cannot be listed or
 * checked (DeepScientist's gate raises on those: `iterdir()`, `is_dir()`).
 */
export function listWorkspaces(quest: Quest, unreadable?: FileWarning[]): Workspace[] {
  const out: Workspace[] = [{ root: quest.root, rel: '.', origin: 'quest_root' }];
  const seen = new Set([quest.root]);
  const worktrees = path.join(quest.root, '.ds', 'worktrees');
  let names: string[] = [];
  try {
    if (!fs.statSync(worktrees).isDirectory()) unreadable?.push({ file: worktrees, message: 'not a directory' });
    else names = fs.readdirSync(worktrees).sort();
  } catch (error) {
    const { code, absent } = errnoOf(error);
    const link = absent ? danglingOnTheWay(worktrees, quest.root) : null;
    if (link) unreadable?.push({ file: link.at, message: `${link.message}, so distill cannot tell which worktrees there are` });
    else if (!absent) unreadable?.push({ file: worktrees, message: `cannot list it (${errnoText(code)})` });
  }
  for (const name of names) {
    const root = path.join(worktrees, name);
    try {
      if (!fs.statSync(root).isDirectory()) continue;
    } catch (error) {
      const { code, absent } = errnoOf(error);
      const link = absent && code !== 'ELOOP' ? danglingLink(root) : null;
      if (!absent) unreadable?.push({ file: root, message: `cannot tell whether it is a workspace (${errnoText(code)})` });
      else if (link) unreadable?.push({ file: root, message: `${link}, so distill cannot tell whether it was a workspace` });
      continue;
    }
    seen.add(root);
    out.push({ root, rel: path.join('.ds', 'worktrees', name), origin: 'worktree' });
  }
  const head = readResearchHead(quest.root, unreadable);
  if (head) {
    // Stored absolute and possibly stale (the home moved): map it back into this quest when it points inside the
    // quest it was written for, and only use it when it exists (a head distill may not look into is unreadable).
    const candidate = intoQuest(quest, head);
    const artifacts = path.join(candidate, 'artifacts');
    let there = false;
    try {
      there = !seen.has(candidate) && Boolean(fs.statSync(artifacts));
    } catch (error) {
      const { code, absent } = errnoOf(error);
      if (!absent) unreadable?.push({ file: artifacts, message: `cannot tell whether the research head's artifacts are there (${errnoText(code)})` });
    }
    if (there) out.push({ root: candidate, rel: path.relative(quest.root, candidate) || '.', origin: 'research_head' });
  }
  return out;
}

/** An index line's seven keys, for an artifact id and kind already known (non-strings become text, missing null). */
export function indexLineOf(row: Record<string, unknown>, id: string, kind: string): ArtifactIndexLine {
  const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));
  return {
    artifact_id: id,
    kind,
    status: str(row.status),
    quest_id: str(row.quest_id),
    path: str(row.path),
    summary: str(row.summary),
    updated_at: str(row.updated_at),
  };
}

function asIndexLine(row: Record<string, unknown>): ArtifactIndexLine | null {
  const id = row.artifact_id;
  const kind = row.kind;
  if (typeof id !== 'string' || !id || typeof kind !== 'string' || !kind) return null;
  return indexLineOf(row, id, kind);
}

/** Safe artifact ids only: they become file names. */
const SAFE_ID = /^[A-Za-z0-9._:-]+$/;

export interface ArtifactScan {
  artifacts: Artifact[];
  warnings: FileWarning[];
  brokenLines: number;
}

/**
 * Every artifact of the quest named by an index line, deduplicated by artifact_id. The file read is the
 * workspace's own copy (`<workspace>/artifacts/<dir>/<id>.json`); the recorded `path` is used only when it is
 * inside this quest and the own copy is missing. When one id appears in several workspaces, the record with the
 * highest (updated_at, created_at) wins, as in DeepScientist's own listing.
 */
export function scanArtifacts(quest: Quest, kinds?: readonly string[]): ArtifactScan {
  const warnings: FileWarning[] = [];
  let brokenLines = 0;
  const best = new Map<string, Artifact>();
  for (const workspace of listWorkspaces(quest)) {
    const indexFile = path.join(workspace.root, 'artifacts', '_index.jsonl');
    const jsonl = readJsonl(indexFile);
    brokenLines += jsonl.broken;
    warnings.push(...jsonl.warnings);
    const seenHere = new Set<string>();
    for (const row of jsonl.rows) {
      const line = asIndexLine(row);
      if (!line) {
        brokenLines += 1;
        warnings.push({ file: indexFile, message: 'an index line without artifact_id or kind; skipped' });
        continue;
      }
      if (kinds && !kinds.includes(line.kind)) continue;
      if (seenHere.has(line.artifact_id)) continue; // a re-record: the file holds the latest
      seenHere.add(line.artifact_id);
      if (!SAFE_ID.test(line.artifact_id)) {
        warnings.push({ file: indexFile, message: `artifact id ${JSON.stringify(line.artifact_id)} is not a safe file name; skipped` });
        continue;
      }
      const own = path.join(workspace.root, 'artifacts', artifactDir(line.kind), `${line.artifact_id}.json`);
      let file = own;
      if (!fs.existsSync(own)) {
        const recorded = line.path && path.isAbsolute(line.path) && isInside(quest.root, line.path) ? line.path : null;
        if (recorded && fs.existsSync(recorded)) file = recorded;
        else {
          warnings.push({ file: indexFile, message: `${line.artifact_id}: no ${path.relative(quest.root, own)}; skipped` });
          continue;
        }
      }
      let record: Record<string, unknown>;
      try {
        const parsed = JSON.parse(readRegularText(file)); // a FIFO or device: refused, never read
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        record = parsed;
      } catch (error) {
        warnings.push({ file, message: `not a JSON object (${(error as Error).message.split('\n')[0]}); skipped` });
        continue;
      }
      const artifact: Artifact = { artifactId: line.artifact_id, kind: line.kind, file, workspace, record, indexLine: line };
      const previous = best.get(line.artifact_id);
      if (!previous || newer(artifact, previous)) best.set(line.artifact_id, artifact);
    }
  }
  return { artifacts: [...best.values()], warnings, brokenLines };
}

function stamp(a: Artifact): string {
  const r = a.record;
  return `${typeof r.updated_at === 'string' ? r.updated_at : ''}\u0000${typeof r.created_at === 'string' ? r.created_at : ''}`;
}

function newer(a: Artifact, b: Artifact): boolean {
  return stamp(a) > stamp(b);
}
