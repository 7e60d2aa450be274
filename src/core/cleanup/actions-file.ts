// The JSONL a scripted curator gives `distill lessons apply`: one cleanup action per line, in the shapes the cleanup
// core takes (merge.ts, archive.ts, ignore.ts, edit.ts):
//   {"action": "merge", "cards": [<id or path>, ...], "keep"?: <id>, "why"?: ...}
//   {"action": "archive" | "ignore", "card": <id or path>} (or "cards": [...]), "why"?: ...
//   {"action": "edit", "card": <id or path>, "set"?: {<field>: <value or null to remove>}, "body"?: <text>, "why"?: ...}
// Each line is checked here for its shape; ids are resolved and plans made in apply-actions.ts. A bad line names the
// file and the line.
import crypto from 'node:crypto';
import { UserError } from '../errors.js';
import { jsonLines, unknownKey } from '../files/jsonl-input.js';
import type { ActionSource } from './record.js';

export type ScriptedKind = 'merge' | 'archive' | 'ignore' | 'edit';
export const SCRIPTED_KINDS: readonly ScriptedKind[] = ['merge', 'archive', 'ignore', 'edit'];

export interface ScriptedAction {
  /** 1-based line number in the file, and `file:line` for messages. */
  line: number;
  where: string;
  kind: ScriptedKind;
  /** The cards as written: ids or paths (merge: every card, survivor included). */
  refs: string[];
  keep?: string;
  /** For edit: frontmatter fields to set (null removes the field) and the new body. */
  set?: Record<string, unknown>;
  body?: string;
  why?: string;
  /** The line as its action's record keeps it: a re-run of the file knows the lines already written. */
  source: ActionSource;
}

/** Fields an edit may not set: the card's identity, and the timestamp distill sets itself. */
export const EDIT_LOCKED_FIELDS = ['id', 'type', 'kind', 'scope', 'updated_at'];

/** Far above any real list of actions; over it, or not a regular file, the file is refused unread. */
export const MAX_ACTIONS_BYTES = 8 * 1024 * 1024;

const KEYS: Record<ScriptedKind, readonly string[]> = {
  merge: ['action', 'cards', 'keep', 'why'],
  archive: ['action', 'card', 'cards', 'why'],
  ignore: ['action', 'card', 'cards', 'why'],
  edit: ['action', 'card', 'set', 'body', 'why'],
};

function text(value: unknown, where: string, key: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !value.trim()) throw new UserError(`${where}: "${key}" must be a non-empty string`);
  return value;
}

function refsOf(r: Record<string, unknown>, where: string, kind: ScriptedKind): string[] {
  const one = text(r.card, where, 'card');
  if (r.cards !== undefined && one !== undefined) throw new UserError(`${where}: give "card" or "cards", not both`);
  if (one !== undefined) return [one];
  if (r.cards === undefined) throw new UserError(`${where}: "${kind === 'merge' ? 'cards' : 'card'}" is required`);
  if (!Array.isArray(r.cards) || r.cards.length === 0) throw new UserError(`${where}: "cards" must be a non-empty list of card ids`);
  return r.cards.map((c, i) => text(c, where, `cards[${i}]`) ?? '');
}

function parseLine(r: Record<string, unknown>, where: string, line: number, source: ActionSource): ScriptedAction {
  const kind = r.action as ScriptedKind;
  if (typeof r.action !== 'string' || !SCRIPTED_KINDS.includes(kind)) {
    throw new UserError(`${where}: "action" ${JSON.stringify(r.action ?? null)} is not one of ${SCRIPTED_KINDS.join(', ')}`);
  }
  const unknown = unknownKey(r, KEYS[kind], kind);
  if (unknown) throw new UserError(`${where}: ${unknown}`);
  const refs = refsOf(r, where, kind);
  const action: ScriptedAction = { line, where, kind, refs, why: text(r.why, where, 'why'), source };
  if (kind === 'merge') {
    if (refs.length < 2) throw new UserError(`${where}: a merge needs at least two cards in "cards"`);
    action.keep = text(r.keep, where, 'keep');
    if (action.keep !== undefined && !refs.includes(action.keep)) throw new UserError(`${where}: "keep" ${action.keep} is not one of "cards"`);
  }
  if (kind === 'edit') {
    if (r.set !== undefined && (!r.set || typeof r.set !== 'object' || Array.isArray(r.set))) {
      throw new UserError(`${where}: "set" must be an object of frontmatter fields`);
    }
    if (r.body !== undefined && typeof r.body !== 'string') throw new UserError(`${where}: "body" must be a string`);
    const set = r.set as Record<string, unknown> | undefined;
    const locked = Object.keys(set ?? {}).find((k) => EDIT_LOCKED_FIELDS.includes(k));
    if (locked) throw new UserError(`${where}: "set" cannot change "${locked}" (${EDIT_LOCKED_FIELDS.join(', ')} are kept)`);
    if (!set && r.body === undefined) throw new UserError(`${where}: an edit needs "set" or "body"`);
    if (set) action.set = set;
    if (typeof r.body === 'string') action.body = r.body;
  }
  return action;
}

/** Every action of the file in order; the first bad line throws, naming `file:line`. */
export function parseActionsFile(file: string): ScriptedAction[] {
  const out: ScriptedAction[] = [];
  for (const { value, where, line, text: raw } of jsonLines(file, MAX_ACTIONS_BYTES)) {
    out.push(parseLine(value, where, line, { file, line, sha256: crypto.createHash('sha256').update(raw).digest('hex') }));
  }
  if (out.length === 0) throw new UserError(`${file}: no actions (one JSON object per line)`);
  return out;
}
