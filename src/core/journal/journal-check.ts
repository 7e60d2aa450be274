// Checks on journals. Before a journal is written, every op is checked against the disk (preflight): a well-formed
// op, a target inside the write roots that is a regular file or absent under a real directory, writable, holding
// what the op expects, and room on the disk for all of it. Nothing is written unless every op passes. A journal read
// back (an interrupted write) is checked the same way for shape and place, so one that can never run is named with
// the way out instead of blocking the home.
import fs from 'node:fs';
import path from 'node:path';
import { ConflictError, UserError, WriteFailed, isFsError, type FsError } from '../errors.js';
import { readBytesOrNull } from './atomic.js';
import { assertWritable, type WriteRoots } from './guard.js';
import type { Journal, Op } from './journal-types.js';

const KINDS = new Set(['apply', 'revert', 'cleanup']);
const isStr = (v: unknown): v is string => typeof v === 'string';

/** What is wrong with one op's shape, or null. */
export function opProblem(op: unknown, n: number): string | null {
  if (!op || typeof op !== 'object') return `op ${n} is not an object`;
  const o = op as Record<string, unknown>;
  const need = (...keys: string[]) => {
    const bad = keys.find((k) => !isStr(o[k]));
    return bad ? `op ${n} (${String(o.op)}) has no string "${bad}"` : null;
  };
  if (o.op === 'create') return need('path', 'content');
  if (o.op === 'replace') return need('path', 'before', 'after');
  if (o.op === 'move') return need('path', 'to', 'content');
  if (o.op === 'append') return need('path', 'line');
  return `op ${n} has unknown kind ${JSON.stringify(o.op)}`;
}

/** What is wrong with a journal read from disk (shape, and every path inside the write roots), or null. */
export function journalProblem(value: unknown, home: string): string | null {
  if (!value || typeof value !== 'object') return 'not a JSON object';
  const j = value as Record<string, unknown>;
  if (j.version !== 1) return `unknown version ${JSON.stringify(j.version)}`;
  if (!isStr(j.id) || !/^[A-Za-z0-9._-]+$/.test(j.id)) return 'no valid id';
  if (!KINDS.has(j.kind as string)) return `unknown kind ${JSON.stringify(j.kind)}`;
  if (!(j.questRoot === null || isStr(j.questRoot))) return 'questRoot is not a path';
  if (!Array.isArray(j.ops)) return 'no ops list';
  for (let n = 0; n < j.ops.length; n++) {
    const problem = opProblem(j.ops[n], n);
    if (problem) return problem;
  }
  const roots: WriteRoots = { home, questRoot: (j.questRoot as string | null) ?? null };
  try {
    for (const op of j.ops as Op[]) {
      assertWritable(roots, op.path);
      if (op.op === 'move') assertWritable(roots, op.to);
    }
  } catch (error) {
    if (error instanceof UserError) return error.message;
    throw error;
  }
  return null;
}

/** The one line for a journal that cannot run: the file, why, and how to get the home going again. */
export function unrunnableJournal(file: string, problem: string): UserError {
  const id = path.basename(file).replace(/\.json$/, '');
  return new UserError(
    `${file}: journal of an interrupted write cannot be run (${problem}); drop it with: distill recover --discard ${id}` +
      ' (files it already wrote stay as they are)',
  );
}

/** A regular file or absent, under directories, and writable: else one line, nothing written. */
function assertTarget(file: string): void {
  let stat: fs.Stats | null = null;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new UserError(`${file}: a file is where one of its directories goes; nothing written`);
    if (code !== 'ENOENT') throw isFsError(error) ? new WriteFailed(error, 'nothing written') : error;
  }
  if (stat && !stat.isFile()) {
    throw new UserError(`${file}: ${stat.isDirectory() ? 'a directory' : 'not a regular file'} is where a file goes; nothing written`);
  }
  let dir = path.dirname(file);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  if (!stat && !fs.statSync(dir).isDirectory()) throw new UserError(`${dir}: a file is where a directory goes; nothing written`);
  try {
    fs.accessSync(stat ? file : dir, fs.constants.W_OK);
  } catch (error) {
    if (isFsError(error)) throw new WriteFailed(error, 'nothing written');
    throw error;
  }
}

/** Bytes the journal and its ops will take on disk, rounded up to whole blocks per file. */
function bytesNeeded(journal: Journal, block: number): number {
  const blocks = (n: number) => Math.ceil((n + 1) / block) * block;
  let total = blocks(Buffer.byteLength(JSON.stringify(journal)));
  for (const op of journal.ops) {
    if (op.op === 'create' || op.op === 'move') total += blocks(Buffer.byteLength(op.content));
    else if (op.op === 'replace') total += blocks(Buffer.byteLength(op.after));
    else total += Buffer.byteLength(op.line) + 1;
  }
  return total + 4 * block; // the progress file and directory growth
}

function assertRoom(journal: Journal): void {
  // Test knob: lets the tmpfs test reach real ENOSPC in the middle of a write.
  if (process.env.DISTILL_SKIP_SPACE_CHECK) return;
  let stat: fs.StatsFs;
  try {
    stat = fs.statfsSync(journal.home);
  } catch {
    return; // no statfs here: the write itself still fails cleanly on a full disk
  }
  const free = Number(stat.bavail) * Number(stat.bsize);
  const needed = bytesNeeded(journal, Number(stat.bsize) || 4096);
  if (needed > free) {
    const error: FsError = Object.assign(new Error('ENOSPC'), { code: 'ENOSPC', path: journal.home, needed });
    throw new WriteFailed(error, `${free} bytes free; nothing written`);
  }
}

const text = (file: string): string | null => readBytesOrNull(file)?.toString('utf8') ?? null;

/** Every check that can fail, before the journal (the commit point) is written. */
export function preflightOps(journal: Journal): void {
  const roots: WriteRoots = { home: journal.home, questRoot: journal.questRoot };
  const touched = new Set<string>();
  journal.ops.forEach((op, n) => {
    const problem = opProblem(op, n);
    if (problem) throw new UserError(`write ${journal.id}: ${problem}; nothing written`);
    assertWritable(roots, op.path);
    assertTarget(op.path);
    if (op.op === 'move') {
      assertWritable(roots, op.to);
      assertTarget(op.to);
    }
    // An op on a file an earlier op of this journal touches is checked by that op's result, not the disk now.
    if (!touched.has(op.path)) {
      const current = op.op === 'append' ? null : text(op.path);
      if (op.op === 'create' && current !== null && current !== op.content) throw new ConflictError(`${op.path}: exists with other content; nothing written`);
      if (op.op === 'replace' && current !== op.before) throw new ConflictError(`${op.path}: changed on disk since it was read; nothing written`);
      if (op.op === 'move' && current !== op.content) throw new ConflictError(`${op.path}: changed on disk since it was read; nothing written`);
    }
    if (op.op === 'move' && !touched.has(op.to)) {
      const target = text(op.to);
      if (target !== null && target !== op.content) throw new ConflictError(`${op.to}: exists with other content; nothing written`);
    }
    touched.add(op.path);
    if (op.op === 'move') touched.add(op.to);
  });
  assertRoom(journal);
}
