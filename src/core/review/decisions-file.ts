// The JSONL a scripted reviewer gives `distill apply`: one decision per line,
// {"draft": <path or id>, "decision": ..., "neighbor": <card id>, "reason": ..., "neighbors": [{card_id, decision,
// reason}], "claim"?, "title"?, "tags"?, "run"?, "text"? (the whole edited draft file)}, or {"run": <artifact id>, "decision": "reject", "reason": ...} for a
// run with no draft worth a card, or {"note": <note id>, "decision": "reject", "reason": ...} for a quest note that is
// not a lesson. Each line is checked here; a bad one names the file and line.
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import { jsonLines, unknownKey } from '../files/jsonl-input.js';
import type { Draft } from '../model.js';
import { DRAFT_DECISIONS, notItsRun, type DraftDecision, type StagedDecision } from './staged.js';

const SAFE_ID = /^[A-Za-z0-9._:-]+$/;

function str(value: unknown, where: string, key: string, required = false): string | undefined {
  if (value === undefined || value === null) {
    if (required) throw new UserError(`${where}: "${key}" is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw new UserError(`${where}: "${key}" must be a string`);
  return value;
}

function id(value: unknown, where: string, key: string): string | undefined {
  const text = str(value, where, key);
  if (text !== undefined && !SAFE_ID.test(text)) throw new UserError(`${where}: "${key}" ${JSON.stringify(text)} is not a valid id`);
  return text;
}

/** Finds the draft a line names: its id, its path (relative to `cwd`), or its file name. */
export function findDraft(ref: string, drafts: readonly Draft[], cwd: string): Draft | null {
  const byId = drafts.find((d) => d.id === ref);
  if (byId) return byId;
  const abs = path.resolve(cwd, ref);
  let real = abs;
  try {
    real = fs.realpathSync(abs);
  } catch {
    /* not a file: try other forms */
  }
  const byPath = drafts.find((d) => d.path === abs || d.path === real);
  if (byPath) return byPath;
  const byName = drafts.filter((d) => path.basename(d.path) === ref || path.basename(d.path, '.md') === ref);
  return byName.length === 1 ? byName[0] : null;
}

/** The line each staged decision was read from (parseDecisionsFile), so a plan's refusal can name it. */
const LINES = new WeakMap<StagedDecision, number>();

/**
 * A plan's refusal of a decision (`draft <id>: …`, `pattern <id>: …`) with the file and line it came from in front, as
 * a line that does not parse is named; any other error as it is.
 */
export function withDecisionLine(error: unknown, file: string, staged: readonly StagedDecision[]): unknown {
  if (!(error instanceof UserError)) return error;
  for (const s of staged) {
    const line = LINES.get(s);
    if (line === undefined || !error.message.split(' ', 2)[1]?.startsWith(`${s.draftId}:`)) continue;
    return new UserError(`${file}:${line}: ${error.message}`, error.exitCode);
  }
  return error;
}

/** A decisions file holds a line per draft: far below this. Over it, or not a regular file, it is refused unread. */
export const MAX_DECISIONS_BYTES = 8 * 1024 * 1024;

export interface DecisionsFileOptions {
  /** The quirks review (`apply --quirks`): lines name entries by id ("draft" or "entry"); entries have no run. */
  quirks?: boolean;
  /** Mined patterns (`apply --mined`): lines name a pattern by its id ("pattern", or "draft" with its draft id); no run. */
  mined?: boolean;
  /** Whether an id is a run artifact of the quest: a "run" that is not is left to the plan to refuse. */
  isRun?: (id: string) => boolean;
  /** The quest's notes (dismissed ones included): a `{"note": <id or file name>, "decision": "reject"}` line names one. */
  notes?: readonly { id: string; path: string }[];
}

/** The keys a line may have (anything else is refused, naming it: a misspelt `"claim "` was ignored). */
const DRAFT_KEYS = ['draft', 'decision', 'reason', 'neighbor', 'neighbors', 'claim', 'title', 'tags', 'run', 'text'];
const ENTRY_KEYS = ['draft', 'entry', ...DRAFT_KEYS.slice(1)];
const PATTERN_KEYS = ['pattern', ...DRAFT_KEYS.slice(1)];
const RUN_KEYS = ['run', 'decision', 'reason'];
const NOTE_KEYS = ['note', 'decision', 'reason'];
const NEIGHBOR_KEYS = ['card_id', 'decision', 'reason'];

function checkKeys(r: Record<string, unknown>, where: string, quirks: boolean, mined: boolean): void {
  const named = (key: string) => r[key] !== undefined && r[key] !== null;
  const runLine = !named('draft') && !(quirks && named('entry')) && !(mined && named('pattern')) && named('run');
  const problem = named('note')
    ? unknownKey(r, NOTE_KEYS, 'a line that dismisses a quest note')
    : runLine
    ? unknownKey(r, RUN_KEYS, 'a line that rejects a run')
    : mined
      ? unknownKey(r, PATTERN_KEYS, 'a pattern decision')
      : unknownKey(r, quirks ? ENTRY_KEYS : DRAFT_KEYS, quirks ? 'an entry decision' : 'a draft decision');
  if (problem) throw new UserError(`${where}: ${problem}`);
}

/**
 * `{"note": <note id or file name>, "decision": "reject", "reason": …}`: the quest note dismissed as not a lesson, the
 * decision the review screen's `x` on a note stages (`note:<id>`, plan.ts NOTE_LEVEL).
 */
function noteLine(r: Record<string, unknown>, where: string, options: DecisionsFileOptions): StagedDecision {
  if (options.quirks || options.mined) throw new UserError(`${where}: "note" names a quest note; apply <quest> <decisions> takes it`);
  const ref = str(r.note, where, 'note', true)!;
  const decision = str(r.decision, where, 'decision', true);
  if (decision !== 'reject') {
    throw new UserError(`${where}: a quest note can only be dismissed as not a lesson ("decision": "reject"), not ${JSON.stringify(decision)}; distill draft --note writes a lesson draft from it`);
  }
  const notes = options.notes ?? [];
  const note = notes.find((n) => n.id === ref) ?? notes.find((n) => path.basename(n.path) === ref || path.basename(n.path, '.md') === ref);
  if (!note) throw new UserError(`${where}: note ${JSON.stringify(ref)} is not a note of this quest (an episode, or an idea with an outcome, in the quest's memory/)`);
  return { draftId: `note:${note.id}`, decision: 'reject', reason: str(r.reason, where, 'reason') ?? '', neighbors: [] };
}

export function parseDecisionsFile(file: string, drafts: readonly Draft[], cwd: string, options: DecisionsFileOptions = {}): StagedDecision[] {
  const out: StagedDecision[] = [];
  const byId = new Map(drafts.map((d) => [d.id, d]));
  // One line per draft (entry, pattern, run, note), however it is named: a second is refused naming both lines.
  const lineOf = new Map<string, number>();
  const what = options.quirks ? 'entry' : options.mined ? 'pattern' : 'draft';
  for (const { value: r, where, line } of jsonLines(file, MAX_DECISIONS_BYTES)) {
    const add = (staged: StagedDecision) => {
      const first = lineOf.get(staged.draftId);
      if (first !== undefined) {
        const note = staged.draftId.startsWith('note:');
        const name = note ? `note ${staged.draftId.slice(5)}` : staged.draftId.startsWith('run:') ? `run ${staged.draftId.slice(4)}` : `${what} ${options.mined ? staged.draftId.split(':')[0] : staged.draftId}`;
        throw new UserError(`${where}: ${name} is ${note ? 'dismissed' : 'decided'} on line ${first} already (one line per ${note ? 'note' : staged.draftId.startsWith('run:') ? 'run' : what})`);
      }
      lineOf.set(staged.draftId, line);
      LINES.set(staged, line);
      out.push(staged);
    };
    checkKeys(r, where, Boolean(options.quirks), Boolean(options.mined));
    if (r.note !== undefined && r.note !== null) {
      add(noteLine(r, where, options));
      continue;
    }
    const ref = str(r.draft, where, 'draft') ?? (options.quirks ? str(r.entry, where, 'entry') : undefined) ?? (options.mined ? str(r.pattern, where, 'pattern') : undefined);
    const decision = str(r.decision, where, 'decision', true) as DraftDecision;
    if (options.mined && ref === undefined) throw new UserError(`${where}: "pattern" is required (a pattern id distill mine prints)`);
    if (ref === undefined) {
      // {"run": <artifact id>, "decision": "reject", "reason": ...}: the run had nothing worth a card.
      const runId = id(r.run, where, 'run');
      if (runId === undefined) throw new UserError(`${where}: "draft" is required (or "run" with "decision": "reject" for a run without drafts)`);
      if (decision !== 'reject') throw new UserError(`${where}: a line without "draft" can only reject its run, not ${JSON.stringify(decision)}`);
      add({ draftId: `run:${runId}`, decision, reason: str(r.reason, where, 'reason') ?? '', neighbors: [], runId });
      continue;
    }
    // Every entry of a quirks file has the file's path: an entry is named by its id only.
    const draft = options.quirks
      ? byId.get(ref) ?? null
      : options.mined
        ? byId.get(ref) ?? drafts.find((d) => d.id.startsWith(`${ref}:`)) ?? null
        : byId.get(ref) ?? findDraft(ref, drafts, cwd);
    if (!draft && options.mined) throw new UserError(`${where}: ${JSON.stringify(ref)} is not a pattern distill mine finds (distill mine --all lists them)`);
    if (options.mined && r.run !== undefined) throw new UserError(`${where}: "run" has no meaning for a mined pattern (its evidence names its runs)`);
    if (!draft && options.quirks) throw new UserError(`${where}: ${JSON.stringify(ref)} is not an entry of the quirks files (distill quirks --all lists them)`);
    if (!draft) throw new UserError(`${where}: draft ${JSON.stringify(ref)} is not a draft of this quest`);
    if (options.quirks && r.run !== undefined) throw new UserError(`${where}: "run" has no meaning for a quirks entry (entries have no run)`);
    if (!DRAFT_DECISIONS.includes(decision)) {
      throw new UserError(`${where}: decision ${JSON.stringify(decision)} is not one of ${DRAFT_DECISIONS.join(', ')}`);
    }
    const neighbors: StagedDecision['neighbors'] = [];
    if (r.neighbors !== undefined) {
      if (!Array.isArray(r.neighbors)) throw new UserError(`${where}: "neighbors" must be a list`);
      for (const n of r.neighbors) {
        if (!n || typeof n !== 'object' || Array.isArray(n)) throw new UserError(`${where}: each neighbor must be an object`);
        const nn = n as Record<string, unknown>;
        const problem = unknownKey(nn, NEIGHBOR_KEYS, 'a neighbor');
        if (problem) throw new UserError(`${where}: ${problem}`);
        neighbors.push({
          cardId: id(nn.card_id, where, 'neighbors[].card_id') ?? (() => { throw new UserError(`${where}: neighbors[].card_id is required`); })(),
          decision: str(nn.decision, where, 'neighbors[].decision', true)!,
          reason: str(nn.reason, where, 'neighbors[].reason') ?? '',
        });
      }
    }
    let tags: string[] | undefined;
    if (r.tags !== undefined) {
      if (!Array.isArray(r.tags) || !r.tags.every((t) => typeof t === 'string')) throw new UserError(`${where}: "tags" must be a list of strings`);
      tags = r.tags as string[];
    }
    const overrides: StagedDecision['overrides'] = {};
    const claim = str(r.claim, where, 'claim');
    const title = str(r.title, where, 'title');
    if (claim !== undefined) overrides.claim = claim;
    if (title !== undefined) overrides.title = title;
    const edited = str(r.text, where, 'text');
    if (edited !== undefined) overrides.text = edited;
    if (tags !== undefined) overrides.tags = tags;
    const staged: StagedDecision = {
      draftId: draft.id,
      decision,
      reason: str(r.reason, where, 'reason') ?? '',
      neighbors,
    };
    const neighbor = id(r.neighbor, where, 'neighbor');
    if (neighbor !== undefined) staged.neighborId = neighbor;
    const run = id(r.run, where, 'run');
    // A draft that names its run(s) can only be decided for one of them: its lineage must not name a run its
    // evidence did not come from, nor cover a run whose own drafts were not reviewed (buildPlan checks it too).
    if (run !== undefined && (options.isRun?.(run) ?? true) && draft.runIds.length && !draft.runIds.includes(run)) {
      throw new UserError(`${where}: ${notItsRun(draft.id, run, draft.runIds)}`);
    }
    if (run !== undefined) staged.runId = run;
    if (Object.keys(overrides).length) staged.overrides = overrides;
    add(staged);
  }
  if (!out.length) throw new UserError(`${file}: no decisions`);
  return out;
}
