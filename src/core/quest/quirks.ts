// The home's append-only quirks files (`framework_quirks.md`, `system_quirks.md`, DeepScientist PR #77) split into
// entries, each a lesson candidate for a global knowledge card. The files are only read, never rewritten: an entry is
// known by a content id, and decided entries are remembered by that id in `<home>/.distill/reviewed.jsonl`.
import crypto from 'node:crypto';
import path from 'node:path';
import { isPlaceholderClaim } from './drafts.js';
import { UserError } from '../errors.js';
import type { Card, Draft, FileWarning, Quest } from '../model.js';
import { readProblem, readRegularFile } from '../files/read-file.js';
import { readReviewed, reviewedKey } from '../review/reviewed.js';

export type QuirkKind = 'framework' | 'system';

export const QUIRK_FILES: Record<QuirkKind, string> = { framework: 'framework_quirks.md', system: 'system_quirks.md' };
export const QUIRK_TAGS: Record<QuirkKind, string> = { framework: 'topic:framework-quirk', system: 'topic:system-quirk' };
/** The quest id quirk decisions are recorded under in reviewed.jsonl: not a valid quest id, so never a real quest's. */
export const QUIRKS_QUEST = ':quirks';

/** The paragraphs `ensure_home_layout` (DeepScientist home.py) writes at the top of each file: preamble, not entries. */
const PREAMBLE = [
  'Append-only durable file for framework-layer pitfalls (validator path quirks, closure-protocol gotchas, anything that cannot or will not be fixed in code and that future quests should know about before exercising the same surfaces).',
  'Each entry should name the surface, the symptom, and the workaround in 2-5 lines. Stage skills (idea, decision, finalize) instruct agents to read this file before committing to a route that would touch the relevant surface.',
  'If a quirk should instead be fixed at the framework level, file an issue and fix the code; do not add it here as a permanent shim.',
  'Append-only durable file for confirmed DeepScientist runtime or system bugs that may help future admin/debug issue reports.',
  'Each entry should include: expected behavior, actual behavior, reproduction, impact, workaround, suggested fix, evidence paths, and status. Keep entries redacted: do not store secrets, tokens, private hostnames, raw logs, or private paths unless they are necessary and already safe to disclose.',
  'Prefer fixing code over recording permanent quirks. Use this file for confirmed system behavior that is not yet fixed or for a short-lived workaround while the fix lands.',
].map(squash);

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface QuirkSplitEntry {
  /** 1-based line of the entry's first line in the file. */
  line: number;
  /** The heading text, or null for a blank-line block. */
  heading: string | null;
  /** The entry as written (LF line ends), heading included. */
  text: string;
}

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

/**
 * Entries the way agents append them: a `#`/`##`/`###` heading starts an entry that runs to the next heading (or a
 * `---` rule); text outside headed entries splits into blocks at blank lines. The file's own `# ... Quirks` title and
 * the preamble paragraphs DeepScientist writes are skipped. Blank lines inside code fences do not split.
 */
export function splitQuirks(input: string): QuirkSplitEntry[] {
  const lines = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const out: QuirkSplitEntry[] = [];
  let current: { line: number; heading: string | null; lines: string[] } | null = null;
  let inFence = false;
  let seenContent = false;
  const close = () => {
    if (!current) return;
    while (current.lines.length && current.lines[current.lines.length - 1].trim() === '') current.lines.pop();
    const text = current.lines.join('\n');
    if (text.trim() && !(current.heading === null && PREAMBLE.includes(squash(text)))) {
      out.push({ line: current.line, heading: current.heading, text });
    }
    current = null;
  };
  lines.forEach((line, i) => {
    if (FENCE.test(line)) inFence = !inFence;
    const heading = inFence || FENCE.test(line) ? null : HEADING.exec(line);
    const first = !seenContent && line.trim() !== '';
    if (line.trim() !== '') seenContent = true;
    if (heading) {
      close();
      // The file's own title (`# Framework Quirks`) is not an entry.
      if (first && heading[1] === '#' && /quirks?$/i.test(heading[2])) return;
      current = { line: i + 1, heading: heading[2], lines: [line] };
      return;
    }
    if (!inFence && RULE.test(line)) {
      close();
      return;
    }
    if (!inFence && line.trim() === '') {
      if (current && current.heading === null) close();
      else if (current) current.lines.push(line);
      return;
    }
    if (!current) current = { line: i + 1, heading: null, lines: [] };
    current.lines.push(line);
  });
  close();
  return out;
}

/** `quirk-<8 hex>` of the file kind and the entry text with whitespace normalized (CRLF, indentation, re-spacing). */
export function quirkId(kind: QuirkKind, text: string): string {
  const normalized = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(squash)
    .filter(Boolean)
    .join('\n');
  return 'quirk-' + crypto.createHash('sha256').update(`${kind}\n${normalized}`).digest('hex').slice(0, 8);
}

function titleOf(entry: QuirkSplitEntry): string {
  const first = entry.heading ?? entry.text.split('\n').find((l) => l.trim()) ?? '';
  const plain = first
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/\*\*|__|`/g, '')
    .trim();
  return plain.length > 100 ? `${plain.slice(0, 99)}…` : plain;
}

/** A quirks entry shaped like a Draft (src/core/model.ts), so a review can list it as a "quirks" pseudo-quest. */
export interface QuirkDraft extends Draft {
  source: 'quirk';
  kind: QuirkKind;
  /** The quirks file. */
  file: string;
  line: number;
  reviewed: boolean;
}

export interface QuirkFileSummary {
  kind: QuirkKind;
  path: string;
  exists: boolean;
  entries: number;
  unreviewed: number;
}

export interface QuirkList {
  /** Unreviewed entries (all entries with includeReviewed), framework file first, in file order. */
  entries: QuirkDraft[];
  files: QuirkFileSummary[];
  warnings: FileWarning[];
}

export function listQuirkEntries(home: string, options: { includeReviewed?: boolean } = {}): QuirkList {
  const reviewed = readReviewed(home);
  const entries: QuirkDraft[] = [];
  const files: QuirkFileSummary[] = [];
  const warnings: FileWarning[] = [];
  for (const kind of Object.keys(QUIRK_FILES) as QuirkKind[]) {
    const file = path.join(home, QUIRK_FILES[kind]);
    const summary: QuirkFileSummary = { kind, path: file, exists: false, entries: 0, unreviewed: 0 };
    files.push(summary);
    let bytes: Buffer;
    let stat: { size: number; mtimeMs: number };
    try {
      const read = readRegularFile(file);
      bytes = read.bytes;
      stat = { size: read.size, mtimeMs: read.mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warnings.push({ file, message: `cannot read (${readProblem(error)}); skipped` });
      continue;
    }
    summary.exists = true;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      warnings.push({ file, message: 'not valid UTF-8; skipped' });
      continue;
    }
    const seen = new Set<string>();
    for (const entry of splitQuirks(text)) {
      const id = quirkId(kind, entry.text);
      if (seen.has(id)) continue; // the same entry appended twice is one lesson
      seen.add(id);
      const isReviewed = reviewed.has(reviewedKey(QUIRKS_QUEST, id));
      summary.entries += 1;
      if (!isReviewed) summary.unreviewed += 1;
      if (isReviewed && !options.includeReviewed) continue;
      entries.push(toQuirkDraft(kind, file, stat, entry, id, isReviewed));
    }
  }
  return { entries, files, warnings };
}

/**
 * The entry with the reviewer's edited text (the review screen's `e`, apply's "text"): same id, file and line, so
 * the entry as written is what is recorded as decided; title, claim and body come from the new text.
 */
export function quirkWithText(entry: QuirkDraft, text: string): QuirkDraft {
  const lf = text.replace(/\r\n?/g, '\n').replace(/^\n+/, '').replace(/\s+$/, '');
  if (!lf.trim()) throw new UserError(`quirks entry ${entry.id} (${entry.file}): the edited text is empty`);
  const heading = HEADING.exec(lf.split('\n')[0]);
  const split: QuirkSplitEntry = { line: entry.line, heading: heading ? heading[2] : null, text: lf };
  const stat = { size: entry.card.stat.size, mtimeMs: entry.card.stat.mtimeMs };
  return toQuirkDraft(entry.kind, entry.file, stat, split, entry.id, entry.reviewed);
}

/** The pseudo-quest a quirks review runs under: no quest directory; its root is the home (nothing is written there). */
export function quirksQuest(home: string): Quest {
  return { id: QUIRKS_QUEST, root: home, home, yaml: { title: 'quirks files' } };
}

function toQuirkDraft(kind: QuirkKind, file: string, stat: { size: number; mtimeMs: number }, entry: QuirkSplitEntry, id: string, reviewed: boolean): QuirkDraft {
  const title = titleOf(entry);
  const tags = [QUIRK_TAGS[kind]];
  const body = entry.heading === null ? entry.text : entry.text.split('\n').slice(1).join('\n').replace(/^\n+/, '');
  const meta = { title, claim: title, tags, type: 'knowledge', kind: 'knowledge' };
  const card: Card = {
    path: file,
    scope: 'global',
    kindDir: 'knowledge',
    id,
    title,
    meta,
    body,
    hasFrontmatter: false,
    tags,
    updatedAt: null,
    questId: null,
    stat: { size: stat.size, mtimeMs: stat.mtimeMs },
    raw: entry.text,
  };
  return {
    id,
    source: 'quirk',
    kind,
    file,
    line: entry.line,
    reviewed,
    path: file,
    title,
    // Like a quest knowledge card, the entry's first line states it; the reviewer rewrites it into a claim.
    claim: title,
    needsEdit: isPlaceholderClaim(title),
    tags,
    keywords: [],
    runIds: [],
    meta,
    body,
    card,
  };
}
