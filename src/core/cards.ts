// Reading memory cards of one scope root (`<home>/memory` or `<quest>/memory`), as DeepScientist lists them:
// direct children `<kind>/*.md` of the six kind directories.
import fs from 'node:fs';
import path from 'node:path';
import { parseCardTextFast } from './format/fast-frontmatter.js';
import { readProblem, readRegularFile, type RegularFile } from './files/read-file.js';
import { MEMORY_KINDS, type Card, type FileWarning, type MemoryKind, type Meta, type Scope } from './model.js';
import { isInside } from './quest/home.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text as a string of its own. V8 makes a piece of a longer string (13 characters or more) a view that keeps the
 * whole string alive: a card's title or tags kept for a session would keep its whole file's text. A copy keeps only
 * itself (measured after a cold open: 10k cards held 20.6 MB of heap with views, 18.5 MB with copies; 100k: 200 / 179 MB).
 */
export function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

export function stringOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** The one empty list every card without tags, keywords or lineage shares (frozen: a card's lists are never changed). */
export const NO_STRINGS: string[] = Object.freeze([]) as unknown as string[];

/** Tags as stored: a list of strings (non-strings stringified, blanks dropped). */
export function tagList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) return NO_STRINGS;
  // A Set, not out.includes: a card with 600k tags must stay linear (issue 18: a quadratic scan hung every command).
  const seen = new Set<string>();
  for (const item of value) {
    const text = stringOrNull(item)?.trim();
    if (text) seen.add(detach(text));
  }
  return seen.size ? [...seen] : NO_STRINGS;
}

export interface ReadCardResult {
  card: Card | null;
  warnings: FileWarning[];
}

/** Reads one card file. Never throws for bad content: problems come back as warnings, unusable files as null. */
export function readCardFile(
  file: string,
  scope: Scope,
  kindDir: MemoryKind,
  questId: string | null = null,
): ReadCardResult {
  const warnings: FileWarning[] = [];
  let bytes: Buffer;
  let stat: RegularFile;
  try {
    stat = readRegularFile(file);
    bytes = stat.bytes;
  } catch (error) {
    return { card: null, warnings: [{ file, message: `cannot read: ${readProblem(error)}; skipped` }] };
  }
  let raw: string;
  try {
    raw = utf8.decode(bytes);
  } catch {
    return { card: null, warnings: [{ file, message: 'not valid UTF-8; skipped' }] };
  }
  // Same result as parseCardText, about 3x faster on the frontmatter DeepScientist writes.
  const parsed = parseCardTextFast(raw);
  for (const message of parsed.warnings) warnings.push({ file, message });
  if (parsed.error) {
    warnings.push({ file, message: `${parsed.error}; skipped` });
    return { card: null, warnings };
  }
  const meta: Meta = parsed.meta;
  const stem = path.basename(file, '.md');
  const title = stringOrNull(meta.title) ?? stem;
  const card: Card = {
    path: file,
    scope,
    kindDir,
    id: stringOrNull(meta.id),
    title,
    meta,
    body: parsed.body,
    hasFrontmatter: parsed.hasFrontmatter,
    tags: tagList(meta.tags),
    updatedAt: stringOrNull(meta.updated_at),
    questId: questId ?? stringOrNull(meta.quest_id),
    stat: { size: stat.size, mtimeMs: stat.mtimeMs },
    raw,
  };
  return { card, warnings };
}

/**
 * For quest cards and drafts, which distill copies into drafts and cards: the rule `neighbors` and every write follow,
 * a file must resolve, through symlinks, inside the home. Returns a check giving the warning that skips a file that
 * resolves outside (naming the file and where it leads), else null. Global cards are not checked here.
 */
export function outsideHomeCheck(home: string): (file: string) => FileWarning | null {
  let root: string;
  try {
    root = fs.realpathSync(home);
  } catch {
    root = path.resolve(home);
  }
  return (file) => {
    let real: string;
    try {
      real = fs.realpathSync(file);
    } catch {
      return null; // a dangling link: reading it fails, and says so
    }
    if (isInside(root, real)) return null;
    const how = fs.lstatSync(file).isSymbolicLink() ? 'is a symlink to' : 'resolves through a symlink to';
    return { file, message: `${how} ${real}, outside the home ${root}; skipped (quest cards and drafts are read only inside the home)` };
  };
}

/** The `.md` files DeepScientist would list under one scope root, in path order. */
export function listCardFiles(root: string, kinds: readonly MemoryKind[] = MEMORY_KINDS): { file: string; kind: MemoryKind }[] {
  const out: { file: string; kind: MemoryKind }[] = [];
  for (const kind of kinds) {
    const dir = path.join(root, kind);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    names.sort();
    for (const name of names) {
      if (!name.endsWith('.md')) continue;
      const file = path.join(dir, name);
      try {
        // A FIFO or device stays listed (DeepScientist's glob lists it too): readCardFile skips it with a warning.
        if (fs.statSync(file).isDirectory()) continue;
      } catch {
        continue;
      }
      out.push({ file, kind });
    }
  }
  return out;
}

export interface CardSet {
  cards: Card[];
  warnings: FileWarning[];
}

export function readScope(root: string, scope: Scope, questId: string | null = null, kinds?: readonly MemoryKind[]): CardSet {
  const cards: Card[] = [];
  const warnings: FileWarning[] = [];
  for (const { file, kind } of listCardFiles(root, kinds)) {
    const result = readCardFile(file, scope, kind, questId);
    warnings.push(...result.warnings);
    if (result.card) cards.push(result.card);
  }
  return { cards, warnings };
}
