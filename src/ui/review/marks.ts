// What a decision key acts on, and how a prompt or a message names those drafts. Marks (Space) make a batch for c,
// x and -; a single mark on the focused draft is no batch (the key acts on that draft, as without the mark). p and s
// need one draft and the neighbor focused beside it, so with other drafts marked they are refused (never a neighbor
// picked for a draft the reviewer is not looking at).
import { plural } from '../../core/index.js';
import { DECISION_LABEL, stagedKey } from './decisions.js';
import type { Decision, DraftItem } from './facade.js';
import { focused, type ReviewState, type Staged } from './state.js';

export interface Acting {
  /** The drafts the key acts on, in the order they were marked (the focused one alone when no batch). */
  ids: string[];
  batch: boolean;
}

export function actingOn(s: Pick<ReviewState, 'data' | 'index' | 'cursor' | 'neighbors' | 'marks'>): Acting {
  const marked = Object.keys(s.marks);
  const here = focused(s).draft?.id;
  if (marked.length === 0 || (marked.length === 1 && marked[0] === here)) return { ids: here ? [here] : [], batch: false };
  return { ids: marked, batch: true };
}

/** Why p / s do not act on a batch (the status line). */
export function batchRefusal(decision: 'patch' | 'neighbor_but_separate', names: string): string {
  const key = decision === 'patch' ? 'p' : 's';
  return `${key} acts on one draft and the neighbor focused beside it, not on the marked ${names}: Space unmarks (c x - take marks)`;
}

/** A draft as a prompt names it: its title, else its id. */
function nameOf(id: string, drafts: readonly DraftItem[]): string {
  const d = drafts.find((x) => x.id === id);
  return d?.title.trim() || id;
}

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/**
 * The drafts named in `room` characters: `'Warmup matters for adapters'`, or `3 drafts ('Warmup…', 'Seed…', +1 more)`;
 * each title cut so that the list fits (down to the count alone).
 */
export function namedDrafts(ids: readonly string[], drafts: readonly DraftItem[], room = 200): string {
  const names = ids.map((id) => nameOf(id, drafts));
  if (names.length === 1) return `'${cut(names[0], Math.max(8, room - 2))}'`;
  const head = plural(names.length, 'draft');
  for (let shown = Math.min(3, names.length); shown > 0; shown--) {
    const more = names.length > shown ? `, +${names.length - shown} more` : '';
    // head + ' (' + shown names with quotes and ', ' + more + ')'
    const per = Math.floor((room - head.length - 3 - more.length - (shown - 1) * 2) / shown) - 2;
    if (per >= 8) return `${head} (${names.slice(0, shown).map((n) => `'${cut(n, per)}'`).join(', ')}${more})`;
  }
  return head;
}

/**
 * After a decision: the next draft in the list with no staged decision, after `from` and then from the top; `from`
 * itself when every row is decided.
 */
export function nextUndecided(rows: readonly { draft: Pick<DraftItem, 'id' | 'note'> }[], from: number, staged: Staged): number {
  for (let step = 1; step < rows.length; step++) {
    const i = (from + step) % rows.length;
    if (!staged[stagedKey(rows[i].draft)]) return i;
  }
  return from;
}

/** The status line after a decision replaced staged ones: `replaced staged separate with reject (u undoes): 'Warmup…'` (a
 *  narrow line cuts the title, never what was replaced). */
export function replacedText(replaced: readonly { id: string; was: Decision }[], now: Decision, drafts: readonly DraftItem[]): string | null {
  if (!replaced.length) return null;
  const was = [...new Set(replaced.map((r) => DECISION_LABEL[r.was]))].join(' / ');
  return `replaced staged ${was} with ${DECISION_LABEL[now]} (u undoes): ${namedDrafts(replaced.map((r) => r.id), drafts, 80)}`;
}
