// "Dual frontmatter": older knowledge cards keep `claim`, `mechanism`, `subtype` and `keywords` in a second YAML block at
// the start of the body. PR #60's memory service reads each of these from there only when the top-level frontmatter
// lacks it, and skips a malformed body block silently (formats spec §6, §10). distill reads them the same way, here,
// for every reader (the store's metadata, neighbor probes, drafts): top-level values win. A writer never touches the
// body block; what a patch or merge grows is seeded from it (seedFromBody) and written at the top level.
import { frontmatterTooLarge } from './frontmatter.js';
import { loadYaml } from './yaml11.js';
import type { Meta } from '../model.js';

/** The fields a body block may supply. */
export const BODY_FIELDS = ['claim', 'mechanism', 'subtype', 'keywords'] as const;
export type BodyField = (typeof BODY_FIELDS)[number];

/** The top level lacks a field: absent, null, a blank string or an empty list (what Python's `or` falls through). */
export function lacks(meta: Meta, field: string): boolean {
  const value = meta[field];
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * The second YAML block at the start of a body (blank lines before it allowed): a line `---`, the YAML, a line `---`.
 * null when there is none, or when it does not parse to a mapping (skipped silently, as PR #60 does).
 */
export function bodyBlock(body: string): Meta | null {
  let start = 0;
  // Blank lines before the block; most bodies fail the first test and cost nothing more.
  while (body.charCodeAt(start) === 10 || (body.charCodeAt(start) === 13 && body.charCodeAt(start + 1) === 10)) start += body.charCodeAt(start) === 13 ? 2 : 1;
  if (!body.startsWith('---', start)) return null;
  const text = body.slice(start).replace(/\r\n/g, '\n');
  if (!text.startsWith('---\n')) return null;
  const close = text.indexOf('\n---', 3);
  let end = close;
  while (end >= 0 && !(text.length === end + 4 || text.charCodeAt(end + 4) === 10)) end = text.indexOf('\n---', end + 1);
  if (end < 0) return null;
  const yaml = text.slice(4, end);
  if (frontmatterTooLarge(yaml)) return null;
  try {
    const loaded = loadYaml(yaml);
    return typeof loaded === 'object' && loaded !== null && !Array.isArray(loaded) ? (loaded as Meta) : null;
  } catch {
    return null;
  }
}

/**
 * The metadata as PR #60 reads it: each of `fields` (default BODY_FIELDS) the top level lacks, taken from the body's
 * block when that has it. The same object when nothing is filled (the common case: no block).
 */
export function withBodyFields(meta: Meta, body: string, fields: readonly BodyField[] = BODY_FIELDS): Meta {
  const block = bodyBlock(body);
  if (!block) return meta;
  let out: Meta | null = null;
  for (const field of fields) {
    if (!lacks(meta, field) || lacks(block, field)) continue;
    out ??= { ...meta };
    out[field] = block[field];
  }
  return out ?? meta;
}

/**
 * What a writer grows a list field from (a patch's or merge's keywords): the top level's value, or, when the top level
 * lacks it, the body block's (a comma-separated string as its list). The block itself is never rewritten.
 */
export function listSeed(meta: Meta, body: string, field: 'keywords'): { value: unknown } {
  const filled = withBodyFields(meta, body, [field]);
  if (filled === meta) return { value: meta[field] };
  const value = filled[field];
  return { value: typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value };
}
