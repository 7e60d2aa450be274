// Minimal-change frontmatter edits: a patch rewrites only the lines of the keys it changes, so a reviewer's diff
// (and git's) shows exactly what the patch did, and hand formatting elsewhere in the card survives. Each top-level
// key is a block: its `key:` line plus the indented or `- ` lines under it (PyYAML does not indent list items).
// The result is re-parsed and compared with the intended metadata; any doubt falls back to a full re-serialisation.
import { parseCardText } from '../format/frontmatter.js';
import type { Meta } from '../model.js';
import { dumpYaml } from '../format/pyyaml.js';
import { serializeCard, pyRstrip } from '../format/serialize.js';
import { canonicalJson } from './ids.js';
import { UserError } from '../errors.js';

interface Block {
  key: string | null;
  lines: string[];
}

function keyOf(line: string): string | null {
  if (line === '' || /^[\s#-]/.test(line)) return null;
  const quoted = /^(['"])(.*?)\1\s*:(?:\s|$)/.exec(line);
  if (quoted) return quoted[2];
  const plain = /^([^:]+?)\s*:(?:\s|$)/.exec(line);
  return plain ? plain[1] : null;
}

function splitBlocks(frontmatter: string): Block[] {
  const blocks: Block[] = [];
  for (const line of frontmatter.split('\n')) {
    const key = keyOf(line);
    // A comment at column 0 is no part of the value above it (a value's lines are indented): its own block, kept as
    // written when the key above it is rewritten.
    if (key !== null || blocks.length === 0 || line.startsWith('#')) blocks.push({ key, lines: [line] });
    else blocks[blocks.length - 1].lines.push(line);
  }
  return blocks;
}

function dumpKey(key: string, value: unknown): string[] {
  return pyRstrip(dumpYaml({ [key]: value })).split('\n');
}

function editBlock(block: Block, before: unknown, after: unknown): string[] {
  // A block-style list that only grew: append the new items' lines, leave the old ones untouched.
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    before.length > 0 &&
    after.length > before.length &&
    before.every((item, i) => canonicalJson(item) === canonicalJson(after[i])) &&
    block.lines[0].trimEnd() === `${block.key}:` &&
    block.lines.slice(1).every((l) => l.startsWith('- ') || l.startsWith('  ') || l === '-')
  ) {
    const added = dumpKey(block.key!, after.slice(before.length)).slice(1);
    return [...block.lines, ...added];
  }
  return dumpKey(block.key!, after);
}

/** The card text with `after`/`bodyAfter` applied to `raw`, changing only the lines that must change. */
export function editCard(raw: string, before: Meta, after: Meta, bodyAfter: string): string {
  const full = serializeCard(after, bodyAfter);
  if (!raw.startsWith('---\n')) return full;
  const close = raw.indexOf('\n---\n');
  if (close < 0) return full;
  const frontmatter = raw.slice(4, close);
  const blocks = splitBlocks(frontmatter);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const block of blocks) {
    if (block.key === null) {
      out.push(...block.lines);
      continue;
    }
    if (seen.has(block.key)) return full; // duplicate key: let the serializer decide
    seen.add(block.key);
    if (!(block.key in after)) continue; // removed
    if (canonicalJson(before[block.key]) === canonicalJson(after[block.key])) out.push(...block.lines);
    else out.push(...editBlock(block, before[block.key], after[block.key]));
  }
  for (const key of Object.keys(after)) {
    if (!seen.has(key) && after[key] !== undefined) out.push(...dumpKey(key, after[key]));
  }
  const text = `---\n${out.join('\n')}\n---\n${pyRstrip(bodyAfter)}\n`;
  const check = parseCardText(text);
  if (check.error || !check.hasFrontmatter || canonicalJson(check.meta) !== canonicalJson(after)) return full;
  return text;
}

/**
 * A card's text in the LF form it is edited in, and `restore` to put an edit back in the card's own line endings.
 * DeepScientist reads cards with read_text, which turns \r\n into \n: a CRLF card's frontmatter is read, so it is
 * edited on its LF form and written back with CRLF. Mixed endings have no one form to keep, so they are refused, as is
 * a card without frontmatter DeepScientist can read. `doing` names the write in messages ("patching").
 */
export function lfCard(card: { raw: string; path: string; hasFrontmatter: boolean }, doing: string): { raw: string; restore: (text: string) => string } {
  const crlf = card.raw.includes('\r\n');
  const raw = crlf ? card.raw.replace(/\r\n/g, '\n') : card.raw;
  if (crlf && raw.includes('\r')) throw new UserError(`${card.path}: card mixes line endings (CRLF and lone CR); make them one kind before ${doing}`);
  if (crlf && /(^|[^\r])\n/.test(card.raw)) throw new UserError(`${card.path}: card mixes CRLF and LF line endings; make them one kind before ${doing}`);
  if (!card.hasFrontmatter || !raw.startsWith('---\n')) {
    throw new UserError(`${card.path}: card has no frontmatter DeepScientist can read (it must start with a "---" line); fix it before ${doing}`);
  }
  return { raw, restore: (text) => (crlf ? text.replace(/\n/g, '\r\n') : text) };
}
