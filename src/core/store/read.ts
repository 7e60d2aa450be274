// Reading one card file into a cache entry, with the same warnings as readCardFile (src/core/cards.ts).
import type { MemoryKind, Scope } from '../model.js';
import { NO_WARNINGS, type CacheEntry } from './cache.js';
import { toCardMeta } from './cardMeta.js';
import { parseCardTextFast } from '../format/fast-frontmatter.js';
import { readProblem, readRegularFile, type RegularFile } from '../files/read-file.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads and parses one card file. null when it is a directory named `x.md` or vanished; anything else that is not a
 * regular file (a FIFO, a device) or is over the size cap is skipped with a warning.
 */
export function readEntry(file: string, kindDir: MemoryKind, scope: Scope, questId: string | null): CacheEntry | null {
  let read: RegularFile;
  try {
    read = readRegularFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    return { size: -1, mtimeMs: -1, meta: null, warnings: [`cannot read: ${readProblem(error)}; skipped`] };
  }
  const stat = { size: read.size, mtimeMs: read.mtimeMs };
  let raw: string;
  try {
    raw = utf8.decode(read.bytes);
  } catch {
    return { ...stat, meta: null, warnings: ['not valid UTF-8; skipped'] };
  }
  const parsed = parseCardTextFast(raw);
  const warnings = parsed.warnings; // a fresh array of this parse
  if (parsed.error) {
    warnings.push(`${parsed.error}; skipped`);
    return { size: read.size, mtimeMs: read.mtimeMs, meta: null, warnings };
  }
  const meta = toCardMeta(file, kindDir, scope, parsed.meta, parsed.body, stat, questId);
  // Most cards have no warning: they share one empty list rather than each keeping its own.
  return { size: read.size, mtimeMs: read.mtimeMs, meta, warnings: warnings.length ? warnings : NO_WARNINGS };
}
