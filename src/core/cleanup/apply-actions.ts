// `distill lessons apply`: the parsed lines of an actions file (actions-file.ts) resolved to card files and planned,
// each as the screen plans a staged action (one cleanup action, one journal, one record, one audit line each). Every
// line is planned before anything is written, so a bad line (an unknown card id, a card two lines act on, a plan the
// core refuses) stops the whole file with nothing written. One action per card per file: a later line would act on
// bytes an earlier one had already changed or moved.
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import type { Meta } from '../model.js';
import { editCard } from '../review/fm-edit.js';
import { validateCard } from '../validate.js';
import type { CardMeta } from '../store/cardMeta.js';
import type { ScriptedAction } from './actions-file.js';
import { planArchive } from './archive.js';
import { planEdit } from './edit.js';
import { planIgnore } from './ignore.js';
import { planMerge } from './merge.js';
import { assertPlanWritable, parsedMeta, readGlobalCard, type CleanupOptions, type CleanupPlan } from './plan.js';
import { readCleanupRecords } from './record.js';

export interface PlannedAction {
  action: ScriptedAction;
  /** Card files in the line's order. */
  files: string[];
  /** null: an edit that changes nothing, or a line already applied (nothing to write for that line). */
  plan: CleanupPlan | null;
  /** The action that already applied this line (an earlier run of the file stopped after it): skipped. */
  applied?: string;
}

/**
 * The actions of earlier runs of `lessons apply` that still stand (applied, nothing of them restored), by the sha256
 * of the line they came from.
 */
function appliedLines(home: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const record of readCleanupRecords(home)) {
    if (!record.source || record.status !== 'applied' || record.archived.some((a) => a.restored_by)) continue;
    out.set(record.source.sha256, record.action_id);
  }
  return out;
}

interface Resolver {
  resolve(ref: string, where: string): string;
}

function resolver(home: string, cards: readonly CardMeta[], cwd: string): Resolver {
  const byId = new Map<string, string[]>();
  const paths = new Set<string>();
  for (const card of cards) {
    paths.add(card.path);
    if (card.id === null) continue;
    const list = byId.get(card.id);
    if (list) list.push(card.path);
    else byId.set(card.id, [card.path]);
  }
  const memory = path.join(home, 'memory');
  return {
    resolve(ref, where) {
      // A path (relative to the current directory) names one file even when two files share an id.
      if (ref.includes('/') || ref.endsWith('.md')) {
        let full = path.resolve(cwd, ref);
        if (!paths.has(full)) {
          try {
            full = fs.realpathSync(full);
          } catch {
            throw new UserError(`${where}: ${ref}: no such card file`);
          }
        }
        if (!paths.has(full)) throw new UserError(`${where}: ${ref}: not a card of ${memory}/<kind>/`);
        return full;
      }
      const found = byId.get(ref);
      if (!found) throw new UserError(`${where}: no card with id ${ref} in ${memory}`);
      if (found.length > 1) {
        throw new UserError(`${where}: card id ${ref} is in ${found.length} files (${found.map((f) => path.relative(home, f)).join(', ')}); name the file instead`);
      }
      return found[0];
    },
  };
}

/**
 * The text an edit line asks for: `set` fields over the card's frontmatter (null removes one), `body` for the body.
 * A field set to what DeepScientist or PR #60's contract would refuse (`tags` not a list, a bad lineage) is refused;
 * problems the card already had are left to `distill validate`.
 */
function editedText(home: string, file: string, action: ScriptedAction): string {
  const card = readGlobalCard(home, file);
  const { meta, body } = parsedMeta(card.raw, file);
  const after: Meta = { ...meta };
  for (const [key, value] of Object.entries(action.set ?? {})) {
    if (value === null) delete after[key];
    else after[key] = value;
  }
  const had = new Set(validateCard(card).map((v) => `${v.field}: ${v.message}`));
  const added = validateCard({ ...card, meta: after }).map((v) => `${v.field}: ${v.message}`).filter((p) => !had.has(p));
  if (added.length) throw new UserError(`${file}: the edit would make card ${card.id} invalid (${added.join('; ')})`);
  return editCard(card.raw, meta, after, action.body ?? body);
}

function planOne(home: string, action: ScriptedAction, files: string[], options: CleanupOptions): CleanupPlan | null {
  if (action.kind === 'archive') return planArchive(home, files, options);
  if (action.kind === 'ignore') return planIgnore(home, files, options);
  if (action.kind === 'edit') return planEdit(home, files[0], editedText(home, files[0], action), options);
  const plan = planMerge(home, files, options);
  if (action.keep !== undefined && plan.record.revised[0].path !== files[action.refs.indexOf(action.keep)]) {
    throw new UserError(`"keep": a merge keeps the oldest card, ${plan.record.survivor}, not ${action.keep}; drop "keep" or merge other cards`);
  }
  return plan;
}

/** Every line planned, in order; the first bad line throws a UserError naming `file:line`. */
export function planActions(
  home: string,
  actions: readonly ScriptedAction[],
  cards: readonly CardMeta[],
  options: Omit<CleanupOptions, 'why'>,
  cwd: string,
): PlannedAction[] {
  const find = resolver(home, cards, cwd);
  const usedBy = new Map<string, ScriptedAction>();
  const out: PlannedAction[] = [];
  const applied = appliedLines(home);
  for (const action of actions) {
    // A line an earlier run wrote (that run stopped at a later line): its cards have moved on, so it is not planned
    // again (it would fail on a card no longer there). Each record answers for one line.
    const done = applied.get(action.source.sha256);
    if (done !== undefined) {
      applied.delete(action.source.sha256);
      out.push({ action, files: [], plan: null, applied: done });
      continue;
    }
    const files = action.refs.map((ref) => find.resolve(ref, action.where));
    for (const [i, file] of files.entries()) {
      if (files.indexOf(file) !== i) throw new UserError(`${action.where}: card ${action.refs[i]} is given twice`);
      const earlier = usedBy.get(file);
      if (earlier) {
        throw new UserError(`${action.where}: card ${action.refs[i]} is already in line ${earlier.line} (${earlier.kind}); one action per card in a file`);
      }
    }
    for (const file of files) usedBy.set(file, action);
    let plan: CleanupPlan | null;
    try {
      plan = planOne(home, action, files, { ...options, source: action.source, ...(action.why !== undefined ? { why: action.why } : {}) });
      // Checked for every line before any is written (a write refused at line 2 left line 1 written, exit 3).
      if (plan) assertPlanWritable(plan);
    } catch (error) {
      if (error instanceof UserError) throw new UserError(`${action.where}: ${error.message}`, error.exitCode);
      throw error;
    }
    out.push({ action, files, plan });
  }
  return out;
}
