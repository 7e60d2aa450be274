// The home's append-only quirks files (`framework_quirks.md`, `system_quirks.md`, DeepScientist PR #77) split into
// entries, each a lesson candidate for a global knowledge card. The files are only read, never rewritten: an entry is
// known by a content id, and decided entries are remembered by that id in `<home>/.distill/reviewed.jsonl`.
import path from 'node:path';
import { isPlaceholderClaim } from './drafts.js';
import { UserError } from '../errors.js';
import type { Card, Draft, FileWarning, Quest } from '../model.js';
import { readProblem, readRegularFile } from '../files/read-file.js';
import { readReviewed, reviewedKey } from '../review/reviewed.js';
import { HEADING, quirkId, settleDecided, splitQuirks, type QuirkSplitEntry } from './quirks-split.js';

export { quirkId, splitQuirks, type QuirkSplitEntry };

export type QuirkKind = 'framework' | 'system';

export const QUIRK_FILES: Record<QuirkKind, string> = { framework: 'framework_quirks.md', system: 'system_quirks.md' };
export const QUIRK_TAGS: Record<QuirkKind, string> = { framework: 'topic:framework-quirk', system: 'topic:system-quirk' };
/** The quest id quirk decisions are recorded under in reviewed.jsonl: not a valid quest id, so never a real quest's. */
export const QUIRKS_QUEST = ':quirks';

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
  const ours = reviewedKey(QUIRKS_QUEST, '');
  const decided = new Set([...reviewed.keys()].filter((k) => k.startsWith(ours)).map((k) => k.slice(ours.length)));
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
    for (const entry of settleDecided(kind, splitQuirks(text), decided)) {
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
