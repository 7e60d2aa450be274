// Every copy of every artifact a quest's indexes name, none dropped: what the closure gate needs. A git worktree
// inherits the root's index lines (their `path` still points at the root's file) and holds its own copy of each
// file, whose status may have moved on. PR #60's gate reads, for each index line of each workspace (quest root and
// `.ds/worktrees/*`), the file at the line's recorded `path`, and counts a run pending when ANY such copy is a
// completed candidate. So this scan keeps every copy and marks the ones PR #60 reads (`pr60`); distill also reads
// the workspace's own copy and the research head, which can only add candidates.
import fs from 'node:fs';
import path from 'node:path';
import { artifactDir, indexLineOf, listWorkspaces } from './artifacts.js';
import type { Artifact, FileWarning, Quest, Workspace } from '../model.js';
import { hasPyLineBreak, pyJsonLoads, pySplitLines, pyStr, pyStrip, pyTruthy, readUtf8Strict } from '../format/pyread.js';
import { readProblem, readRegularText } from '../files/read-file.js';

export interface ArtifactCopy extends Artifact {
  /** PR #60's gate reads this very file: named by the recorded `path` of a line it parses, in a workspace it scans. */
  pr60: boolean;
  /** The record's `artifact_id` is truthy but a list or dict: PR #60 files it under a key we do not reproduce. */
  opaqueId: boolean;
  /** The record's own `artifact_id` is missing or empty, so PR #60 skips this copy. */
  noRecordId: boolean;
}

export interface CopyScan {
  copies: ArtifactCopy[];
  workspaces: Workspace[];
  warnings: FileWarning[];
  brokenLines: number;
}

/** Safe artifact ids only: they become file names. */
const SAFE_ID = /^[A-Za-z0-9._:-]+$/;

interface Entry {
  row: Record<string, unknown>;
  /** PR #60 sees this entry (Python's splitlines and strip give the same line). */
  pyVisible: boolean;
}

/** An index line is `strip()`ped before `json.loads`; a record file is not (json.loads allows only JSON whitespace). */
function parseObject(text: string, strip = false): Record<string, unknown> | null {
  try {
    const value = pyJsonLoads(strip ? pyStrip(text) : text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function readIndexText(file: string, warnings: FileWarning[]): string | null {
  try {
    return readRegularText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warnings.push({ file, message: `cannot read (${readProblem(error)}); skipped` });
    return null;
  }
}

/** Index entries line by line; a line Python would split further also yields its pieces, as PR #60 sees them. */
function readIndex(file: string, warnings: FileWarning[]): { entries: Entry[]; broken: number } {
  const text = readIndexText(file, warnings);
  const entries: Entry[] = [];
  let broken = 0;
  if (text === null) return { entries, broken };
  text.split('\n').forEach((line, i) => {
    if (pyStrip(line) === '') return;
    const split = hasPyLineBreak(line);
    const row = parseObject(line, true);
    if (row) entries.push({ row, pyVisible: !split });
    else {
      broken += 1;
      warnings.push({ file, message: `line ${i + 1}: not a JSON object; skipped` });
    }
    if (!split) return;
    for (const piece of pySplitLines(line)) {
      const pieceRow = parseObject(piece, true);
      if (pieceRow) entries.push({ row: pieceRow, pyVisible: true });
    }
  });
  return { entries, broken };
}

/** `Path(str(entry.get("path") or ""))` when it is absolute; a relative one would resolve against the daemon's cwd. */
function recordedPath(row: Record<string, unknown>): string | null {
  const p = pyTruthy(row.path) ? pyStr(row.path) : null;
  return p && path.isAbsolute(p) ? p : null;
}

/** Every copy of the quest's artifacts of `kinds` (index line kind, exact, as PR #60 compares it). */
export function scanCopies(quest: Quest, kinds: readonly string[]): CopyScan {
  const warnings: FileWarning[] = [];
  let brokenLines = 0;
  const copies: ArtifactCopy[] = [];
  const texts = new Map<string, ReturnType<typeof readUtf8Strict>>();
  const read = (file: string) => {
    let got = texts.get(file);
    if (!got) texts.set(file, (got = readUtf8Strict(file)));
    return got;
  };
  const workspaces = listWorkspaces(quest);
  for (const workspace of workspaces) {
    const scannedByPr60 = workspace.origin !== 'research_head';
    const indexFile = path.join(workspace.root, 'artifacts', '_index.jsonl');
    const index = readIndex(indexFile, warnings);
    brokenLines += index.broken;
    for (const { row, pyVisible } of index.entries) {
      const lineId = typeof row.artifact_id === 'string' && row.artifact_id ? row.artifact_id : null;
      const kind = typeof row.kind === 'string' && row.kind ? row.kind : null;
      if (!lineId || !kind) {
        if (pyVisible) {
          brokenLines += 1;
          const message = kind ? 'an index line without artifact_id; only the file at its path is read' : 'an index line without artifact_id or kind; skipped';
          warnings.push({ file: indexFile, message });
        }
        if (!kind) continue; // PR #60 still reads an id-less line's file: the record carries the id
      }
      if (!kinds.includes(kind)) continue;
      const files: { file: string; recorded: boolean }[] = [];
      let own: string | null = null;
      if (lineId && SAFE_ID.test(lineId)) own = path.join(workspace.root, 'artifacts', artifactDir(kind), `${lineId}.json`);
      else if (lineId) warnings.push({ file: indexFile, message: `artifact id ${JSON.stringify(lineId)} is not a safe file name; skipped (only the file at its path is read)` });
      const recorded = recordedPath(row);
      if (own && own !== recorded) files.push({ file: own, recorded: false });
      if (recorded) files.push({ file: recorded, recorded: true });
      let found = false;
      for (const { file, recorded: viaRecorded } of files) {
        if (!fs.existsSync(file)) continue;
        found = true;
        const got = read(file);
        const record = 'text' in got ? parseObject(got.text) : null;
        if (!record) {
          warnings.push({ file, message: 'text' in got ? 'not a JSON object; skipped' : `cannot read (${got.problem}); skipped` });
          continue;
        }
        const rid = record.artifact_id;
        const ridText = pyTruthy(rid) ? pyStr(rid) : null;
        const key = ridText ?? lineId;
        if (!key) continue;
        const indexLine = indexLineOf(row, key, kind);
        copies.push({
          artifactId: key,
          kind,
          file,
          workspace: ownerOf(file, workspaces) ?? workspace,
          record,
          indexLine,
          pr60: viaRecorded && scannedByPr60 && pyVisible,
          opaqueId: pyTruthy(rid) && ridText === null,
          noRecordId: !pyTruthy(rid),
        });
      }
      if (!found && own && lineId) {
        warnings.push({ file: indexFile, message: `${lineId}: no ${path.relative(quest.root, own)}; skipped` });
      }
    }
  }
  return { copies, workspaces, warnings: dedupeWarnings(warnings), brokenLines };
}

/** The workspace a file lies in (the deepest one: worktrees lie inside the quest root). */
function ownerOf(file: string, workspaces: readonly Workspace[]): Workspace | null {
  let best: Workspace | null = null;
  for (const w of workspaces) {
    if (file.startsWith(w.root + path.sep) && (!best || w.root.length > best.root.length)) best = w;
  }
  return best;
}

/** Inherited lines name the same file from every worktree: say each problem once. */
function dedupeWarnings(warnings: FileWarning[]): FileWarning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const key = `${w.file}\u0000${w.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What "newest" compares: (updated_at, created_at) as strings. */
export function copyStamp(a: Artifact): string {
  const r = a.record;
  return `${typeof r.updated_at === 'string' ? r.updated_at : ''}\u0000${typeof r.created_at === 'string' ? r.created_at : ''}`;
}

/** The newest copy of each id, highest (updated_at, created_at) as DeepScientist's listing picks; ties keep the first. */
export function newestByKey<T extends Artifact>(copies: readonly T[]): Map<string, T> {
  const best = new Map<string, T>();
  for (const copy of copies) {
    const previous = best.get(copy.artifactId);
    if (!previous || copyStamp(copy) > copyStamp(previous)) best.set(copy.artifactId, copy);
  }
  return best;
}
