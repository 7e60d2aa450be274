// Reading one card file into a cache entry, with the same warnings as readCardFile (src/core/cards.ts).
import fs from 'node:fs';
import type { MemoryKind, Scope } from '../model.js';
import type { CacheEntry } from './cache.js';
import { toCardMeta } from './cardMeta.js';
import { parseCardTextFast } from './fastParse.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * open + fstat + read: the stat describes exactly the bytes read, one syscall fewer than stat + readFileSync. Reads
 * the size fstat gave and no more (as readFileSync does): asking for more costs one more read() per file only to learn
 * the end. A file that grows meanwhile is read up to that size; its new size makes the next open read it again.
 */
function readWithStat(file: string): { bytes: Buffer; size: number; mtimeMs: number; isFile: boolean } {
  const fd = fs.openSync(file, 'r');
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { bytes: Buffer.alloc(0), size: st.size, mtimeMs: st.mtimeMs, isFile: false };
    const bytes = Buffer.allocUnsafe(st.size);
    let length = 0;
    while (length < bytes.length) {
      const n = fs.readSync(fd, bytes, length, bytes.length - length, length);
      if (n === 0) break; // it shrank since fstat
      length += n;
    }
    return { bytes: bytes.subarray(0, length), size: length, mtimeMs: st.mtimeMs, isFile: true };
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads and parses one card file. null when it is not a regular file (a directory named `x.md`) or vanished. */
export function readEntry(file: string, kindDir: MemoryKind, scope: Scope, questId: string | null): CacheEntry | null {
  let read: ReturnType<typeof readWithStat>;
  try {
    read = readWithStat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    return { size: -1, mtimeMs: -1, meta: null, warnings: [`cannot read: ${code ?? error}`] };
  }
  if (!read.isFile) return null;
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
  return { size: read.size, mtimeMs: read.mtimeMs, meta: toCardMeta(file, kindDir, scope, parsed.meta, parsed.body, stat, questId), warnings };
}
