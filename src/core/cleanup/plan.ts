// A cleanup action as a plan: the record of what it does, turned into journal operations, written the way reviews
// are (src/core/write: the home's write lock, recovery of interrupted writes first, a preflight that refuses when a
// card changed since it was read, then the journal, so a crash is rolled forward or back on the next start).
// Order: card rewrites, moves into or out of the archive, memory `_index.jsonl` lines for every card file written
// into `memory/` (as DeepScientist's write_card appends one), earlier records marked restored, this action's record,
// and last the audit line.
import fs from 'node:fs';
import path from 'node:path';
import { readCardFile } from '../cards.js';
import { UserError } from '../errors.js';
import { parseCardText } from '../format/frontmatter.js';
import { isMemoryKind, type Card, type Meta } from '../model.js';
import { memoryIndexLine } from '../review/card-new.js';
import { readBytesOrNull } from '../journal/atomic.js';
import { assertWritable } from '../journal/guard.js';
import { sha256Hex } from '../review/ids.js';
import { ConflictError, type Op } from '../journal/journal.js';
import { auditLine, auditPath } from '../journal/audit.js';
import { cleanupRecordPath, recordText, type ActionSource, type CleanupAction, type CleanupRecord } from './record.js';
import { journaledWrite } from '../journal/write.js';

export interface CleanupOptions {
  reviewer: string;
  /** `YYYY-MM-DDTHH:MM:SS+00:00` (isoNow). */
  now: string;
  why?: string;
  /** The line of `distill lessons apply` the action comes from (kept in its record). */
  source?: ActionSource;
}

export interface CleanupPlan {
  home: string;
  record: CleanupRecord;
  /** Earlier records rewritten by this action (a restore marks what it restored). */
  recordUpdates: { path: string; before: string; after: string }[];
  /** One line for confirm dialogs and the CLI. */
  summary: string;
}

/** A card of `<home>/memory/<kind>/` read in full, or a one-line error naming the file. */
export function readGlobalCard(home: string, file: string): Card {
  const rel = path.relative(path.join(home, 'memory'), file).split(path.sep);
  if (rel.length !== 2 || !isMemoryKind(rel[0]) || !rel[1].endsWith('.md')) {
    throw new UserError(`${file}: not a card of ${path.join(home, 'memory')}/<kind>/`);
  }
  const { card, warnings } = readCardFile(file, 'global', rel[0], null);
  if (!card) throw new UserError(`${file}: ${warnings.map((w) => w.message).join('; ') || 'cannot read'}`);
  if (!card.hasFrontmatter || card.id === null) throw new UserError(`${file}: no frontmatter with an id; fix it by hand first`);
  if (card.raw.includes('\r\n')) {
    throw new UserError(`${file}: CRLF line endings; distill lessons rewrites LF cards only (DeepScientist reads both): convert it first`);
  }
  if (!card.raw.startsWith('---\n')) throw new UserError(`${file}: frontmatter DeepScientist cannot read (a BOM); fix it by hand first`);
  return card;
}

export function parsedMeta(raw: string, file: string): { meta: Meta; body: string } {
  const parsed = parseCardText(raw);
  if (parsed.error || !parsed.hasFrontmatter) throw new UserError(`${file}: ${parsed.error ?? 'no frontmatter'}`);
  return { meta: parsed.meta, body: parsed.body };
}

/** A new record, applied now by the options' reviewer: the fields every action has, then the action's own in `rest`. */
export function appliedRecord(
  action: CleanupAction,
  actionId: string,
  options: CleanupOptions,
  rest: Omit<CleanupRecord, 'version' | 'action_id' | 'action' | 'status' | 'at' | 'reviewer' | 'why'>,
): CleanupRecord {
  const source = options.source ? { source: options.source } : {};
  return { version: 1, action_id: actionId, action, status: 'applied', at: options.now, reviewer: options.reviewer, why: options.why ?? '', ...rest, ...source };
}

/**
 * The action's id, from what it does and the cards' bytes only: not when or by whom, so `distill lessons apply`
 * without --yes names the archive folders (`.distill/archive/<id>/`) its run with --yes writes, seconds or a
 * `--reviewer` later. One already recorded in `home` (archive, restore, archive again) takes the next free id.
 */
export function actionIdFor(home: string, action: CleanupAction, parts: readonly string[]): string {
  for (let n = 0; ; n++) {
    const id = `cleanup-${sha256Hex('cleanup', action, ...parts, ...(n ? [`#${n}`] : [])).slice(0, 8)}`;
    if (!fs.existsSync(cleanupRecordPath(home, id))) return id;
  }
}

function indexOp(file: string, text: string): Op {
  const { meta, body } = parsedMeta(text, file);
  return { op: 'append', path: path.join(path.dirname(file), '_index.jsonl'), line: memoryIndexLine(meta, file, body) };
}

export function planOps(plan: CleanupPlan): Op[] {
  const { home, record } = plan;
  const ops: Op[] = [];
  const written: { path: string; text: string }[] = [];
  for (const r of record.revised) {
    ops.push({ op: 'replace', path: r.path, before: r.before, after: r.after });
    written.push({ path: r.path, text: r.after });
  }
  for (const a of record.archived) {
    ops.push({ op: 'move', path: a.path, to: a.archive_path, content: a.content });
    if (a.archived_content !== a.content) ops.push({ op: 'replace', path: a.archive_path, before: a.content, after: a.archived_content });
  }
  for (const a of record.unarchived ?? []) {
    if (a.archived_content !== a.content) ops.push({ op: 'replace', path: a.archive_path, before: a.archived_content, after: a.content });
    ops.push({ op: 'move', path: a.archive_path, to: a.path, content: a.content });
    written.push({ path: a.path, text: a.content });
  }
  for (const w of written) ops.push(indexOp(w.path, w.text));
  for (const u of plan.recordUpdates) ops.push({ op: 'replace', path: u.path, before: u.before, after: u.after });
  ops.push({ op: 'create', path: cleanupRecordPath(home, record.action_id), content: recordText(record, home) });
  ops.push({
    op: 'append',
    path: auditPath(home),
    line: auditLine({
      at: record.at, action: record.action, action_id: record.action_id, reviewer: record.reviewer, cards: record.cards,
      ...(record.survivor ? { survivor: record.survivor } : {}), ...(record.restores ? { restores: record.restores } : {}),
      why: record.why, summary: plan.summary,
    }),
  });
  return ops;
}

const holds = (file: string, text: string) => readBytesOrNull(file)?.equals(Buffer.from(text, 'utf8')) ?? false;

/** Everything that must hold before the first byte is written; any failure means nothing is written. */
/** Every file the plan writes or moves lies inside the home's memory or state (journal/guard.ts), else a refusal. */
export function assertPlanWritable(plan: CleanupPlan): void {
  const roots = { home: plan.home, questRoot: null };
  for (const op of planOps(plan)) {
    assertWritable(roots, op.path);
    if (op.op === 'move') assertWritable(roots, op.to);
  }
}

function preflight(plan: CleanupPlan): void {
  assertPlanWritable(plan);
  const { record } = plan;
  for (const r of record.revised) {
    if (!holds(r.path, r.before)) throw new ConflictError(`${r.path}: card ${r.card_id} changed on disk since it was read; nothing written`);
  }
  for (const a of record.archived) {
    if (!holds(a.path, a.content)) throw new ConflictError(`${a.path}: card ${a.card_id} changed on disk since it was read; nothing written`);
    if (readBytesOrNull(a.archive_path) !== null) throw new ConflictError(`${a.archive_path}: already in the archive; nothing written`);
  }
  for (const a of record.unarchived ?? []) {
    if (!holds(a.archive_path, a.archived_content)) throw new ConflictError(`${a.archive_path}: archived card ${a.card_id} is missing or changed; nothing written`);
    if (readBytesOrNull(a.path) !== null) throw new ConflictError(`${a.path}: a file is already there; card ${a.card_id} not restored (move it away first)`);
  }
  for (const u of plan.recordUpdates) {
    if (!holds(u.path, u.before)) throw new ConflictError(`${u.path}: changed since it was read; nothing written`);
  }
  if (readBytesOrNull(cleanupRecordPath(plan.home, record.action_id)) !== null) {
    throw new ConflictError(`action ${record.action_id} exists already; nothing written`);
  }
}

export interface CleanupResult {
  actionId: string;
  status: 'written' | 'rolled_back';
  message: string;
  /** Card files in `memory/` written or removed (for Store.refresh). */
  paths: string[];
}

export function touchedPaths(record: CleanupRecord): string[] {
  return [...record.revised.map((r) => r.path), ...record.archived.map((a) => a.path), ...(record.unarchived ?? []).map((a) => a.path)];
}

export interface ExecuteCleanupOptions {
  /**
   * Plans the same action again from the home as it is now, under the write lock (a restore: a later cleanup or
   * another restore may have landed since it was planned, and the new plan refuses naming it).
   */
  replan?: () => CleanupPlan;
}

export async function executeCleanup(planned: CleanupPlan, options: ExecuteCleanupOptions = {}): Promise<CleanupResult> {
  const { home } = planned;
  let plan = planned;
  let record = plan.record;
  return journaledWrite<CleanupResult>(
    home,
    () => {
      if (options.replan) {
        plan = options.replan();
        record = plan.record;
      }
      preflight(plan);
      return { journal: { version: 1, id: record.action_id, kind: 'cleanup', home, questRoot: null, createdAt: record.at, ops: planOps(plan) } };
    },
    (run) => {
      const paths = touchedPaths(record);
      if (run.outcome === 'rolled_back') return { actionId: record.action_id, status: 'rolled_back', message: `rolled back: ${run.error}`, paths };
      return { actionId: record.action_id, status: 'written', message: `${record.action_id}: ${plan.summary}`, paths };
    },
  );
}
