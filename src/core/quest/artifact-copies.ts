// Every copy of every artifact a quest's indexes name, none dropped: what the closure gate needs. A git worktree
// inherits the root's index lines (their `path` still points at the root's file) and holds its own copy of each
// file, whose status may have moved on. PR #60's gate reads, for each index line of each workspace (quest root and
// `.ds/worktrees/*`), the file at the line's recorded `path`, and counts a run pending when ANY such copy is a
// completed candidate. So this scan keeps every copy and marks the ones PR #60 reads (`pr60`); distill also reads
// the workspace's own copy and the research head, which can only add candidates.
import fs from 'node:fs';
import path from 'node:path';
import { artifactDir, danglingOnTheWay, errnoOf, errnoText, indexLineOf, listWorkspaces } from './artifacts.js';
import { uniqueWarnings, type Artifact, type FileWarning, type Quest, type Workspace } from '../model.js';
import { hasPyLineBreak, pyJsonLoads, pyPath, pySplitLines, pyStr, pyStrip, pyTruthy, readUtf8Strict } from '../format/pyread.js';

export interface ArtifactCopy extends Artifact {
  /** PR #60's gate reads this very file: named by the recorded `path` of a line it parses, in a workspace it scans. */
  pr60: boolean;
  /**
   * The record's `artifact_id` is truthy but a list, dict or number: PR #60 files it under `str()` of it, which we do not
   * reproduce for certain (JSON.parse reads `7.0` as 7, where Python's str gives "7.0"), so no review covers it here.
   */
  opaqueId: boolean;
  /** The record's own `artifact_id` is missing or empty, so PR #60 skips this copy. */
  noRecordId: boolean;
}

export interface CopyScan {
  copies: ArtifactCopy[];
  workspaces: Workspace[];
  warnings: FileWarning[];
  /**
   * Files that keep the gate from answering "closed": DeepScientist's gate raises on them (an index it cannot read or
   * decode, a line or record that is JSON but no object, a worktrees folder it cannot list), or distill cannot tell
   * what they hold (a record it may not read, or too large to read).
   */
  unreadable: FileWarning[];
  brokenLines: number;
}

/** Safe artifact ids only: they become file names. */
const SAFE_ID = /^[A-Za-z0-9._:-]+$/;

interface Entry {
  row: Record<string, unknown>;
  /** PR #60 sees this entry (Python's splitlines and strip give the same line). */
  pyVisible: boolean;
}

type Parsed = { object: Record<string, unknown> } | { other: string } | null;

/**
 * `json.loads` of an index line (`strip()`ped first) or a record file (not stripped: json.loads allows only JSON
 * whitespace): an object, another JSON value (named, for the message), or null when it does not parse.
 */
function parseJson(text: string, strip = false): Parsed {
  let value: unknown;
  try {
    value = pyJsonLoads(strip ? pyStrip(text) : text);
  } catch {
    return null;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { object: value as Record<string, unknown> };
  return { other: value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}` };
}

/** The index as Python's `read_text(encoding="utf-8")` has it; null when there is none (what `exists()` says). */
function readIndexText(file: string, unreadable: FileWarning[]): string | null {
  const got = readUtf8Strict(file);
  if ('text' in got) return got.text;
  if (got.code === 'ENOENT' || got.code === 'ENOTDIR') {
    // PR #60's `exists()` is False here too; but an index (or artifacts folder) that is a symlink to nothing hides what
    // it held, so distill cannot say the workspace has no completed run.
    const link = danglingOnTheWay(file, path.dirname(path.dirname(file)));
    if (link) unreadable.push({ file: link.at, message: `${link.message}, so distill cannot tell which runs it lists` });
    return null;
  }
  unreadable.push({ file, message: `cannot read it (${errnoText(got.code, got.problem)}); DeepScientist's gate fails on it too` });
  return null;
}

/**
 * Index entries line by line; a line Python would split further also yields its pieces, as PR #60 sees them. A line
 * that is JSON but no object stops PR #60's gate in a workspace it scans (`byPr60`); elsewhere it is a broken line.
 */
function readIndex(file: string, byPr60: boolean, warnings: FileWarning[], unreadable: FileWarning[]): { entries: Entry[]; broken: number } {
  const text = readIndexText(file, unreadable);
  const entries: Entry[] = [];
  let broken = 0;
  if (text === null) return { entries, broken };
  const notObject = (line: number, what: string) =>
    unreadable.push({ file, message: `line ${line}: ${what}, not a JSON object; DeepScientist's gate fails on it` });
  text.split('\n').forEach((line, i) => {
    if (pyStrip(line) === '') return;
    const split = hasPyLineBreak(line);
    const parsed = parseJson(line, true);
    if (parsed && 'object' in parsed) entries.push({ row: parsed.object, pyVisible: !split });
    else if (parsed && !split && byPr60) notObject(i + 1, parsed.other);
    else {
      broken += 1;
      warnings.push({ file, message: `line ${i + 1}: not a JSON object; skipped` });
    }
    if (!split) return;
    for (const piece of pySplitLines(line)) {
      const pieceParsed = parseJson(piece, true);
      if (pieceParsed && 'object' in pieceParsed) entries.push({ row: pieceParsed.object, pyVisible: true });
      else if (pieceParsed && byPr60) notObject(i + 1, `a piece Python splits off is ${pieceParsed.other}`);
    }
  });
  return { entries, broken };
}

/** `Path(str(entry.get("path") or ""))` when it is absolute; a relative one would resolve against the daemon's cwd. */
function recordedPath(row: Record<string, unknown>): string | null {
  const p = pyTruthy(row.path) ? pyStr(row.path) : null;
  return p && path.isAbsolute(p) ? pyPath(p) : null;
}

/** Every copy of the quest's artifacts of `kinds` (index line kind, exact, as PR #60 compares it). */
export function scanCopies(quest: Quest, kinds: readonly string[]): CopyScan {
  const warnings: FileWarning[] = [];
  const unreadable: FileWarning[] = [];
  let brokenLines = 0;
  const copies: ArtifactCopy[] = [];
  const texts = new Map<string, ReturnType<typeof readUtf8Strict>>();
  const read = (file: string) => {
    let got = texts.get(file);
    if (!got) texts.set(file, (got = readUtf8Strict(file)));
    return got;
  };
  const workspaces = listWorkspaces(quest, unreadable);
  for (const workspace of workspaces) {
    const scannedByPr60 = workspace.origin !== 'research_head';
    const indexFile = path.join(workspace.root, 'artifacts', '_index.jsonl');
    const index = readIndex(indexFile, scannedByPr60, warnings, unreadable);
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
        const there = presence(file);
        if (there !== true) {
          found ||= there !== false; // not "missing": it may well be there
          if (there) unreadable.push({ file, message: `cannot tell whether it is there (${there})${viaRecorded ? "; DeepScientist's gate fails on it too" : ''}` });
          continue;
        }
        found = true;
        const got = read(file);
        if (!('text' in got)) {
          // Bad UTF-8 or a FIFO: PR #60 skips such a file too. Anything else may hide a completed run.
          if (got.code === 'EILSEQ' || got.code === 'ENOTREG') warnings.push({ file, message: `cannot read (${got.problem}); skipped` });
          else unreadable.push({ file, message: `cannot read it (${errnoText(got.code, got.problem)}), so cannot tell whether it is a completed run or a review` });
          continue;
        }
        const parsed = parseJson(got.text);
        if (!parsed) {
          warnings.push({ file, message: 'not a JSON object; skipped' });
          continue;
        }
        if (!('object' in parsed)) {
          unreadable.push({ file, message: `${parsed.other}, not a JSON object${viaRecorded ? "; DeepScientist's gate fails on it" : ''}` });
          continue;
        }
        const record = parsed.object;
        const pr60 = viaRecorded && scannedByPr60 && pyVisible;
        // `for rid in rec.get("reviewed_run_ids") or []` raises on a number or true: a review PR #60 reads, id or not.
        const ids = record.reviewed_run_ids;
        if (pr60 && kind === 'decision' && record.action === 'distill_review' && (ids === true || (typeof ids === 'number' && ids !== 0))) {
          unreadable.push({ file, message: `reviewed_run_ids is ${JSON.stringify(ids)}, not a list; DeepScientist's gate fails on it` });
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
          pr60,
          opaqueId: pyTruthy(rid) && (ridText === null || typeof rid === 'number'),
          noRecordId: !pyTruthy(rid),
        });
      }
      if (!found && own && lineId) {
        warnings.push({ file: indexFile, message: `${lineId}: no ${path.relative(quest.root, own)}; skipped` });
      }
    }
  }
  return { copies, workspaces, warnings: uniqueWarnings(warnings), unreadable: uniqueWarnings(unreadable), brokenLines };
}

/** `Path.exists()`: true, false (ENOENT, ENOTDIR, ELOOP), or why it raises (`permission denied (EACCES)`). */
function presence(file: string): true | false | string {
  try {
    fs.statSync(file);
    return true;
  } catch (error) {
    const { code, absent } = errnoOf(error);
    return absent ? false : errnoText(code);
  }
}

/** The workspace a file lies in (the deepest one: worktrees lie inside the quest root). */
function ownerOf(file: string, workspaces: readonly Workspace[]): Workspace | null {
  let best: Workspace | null = null;
  for (const w of workspaces) {
    if (file.startsWith(w.root + path.sep) && (!best || w.root.length > best.root.length)) best = w;
  }
  return best;
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
