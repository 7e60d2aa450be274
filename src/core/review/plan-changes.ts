// What a person confirmed is what is written. A plan shown to a reviewer (the review screen's W, a dry run of
// `distill apply`) is planned again under the write lock when the home moved on meanwhile (basis.ts); planChanges says
// how the new plan differs from the shown one in anything the reviewer saw: the files written, the cards' new bytes
// (and the bytes a patch starts from), which runs the decision covers and what stays undecided. The review screen
// writes nothing when it differs and shows the new plan with these lines (PlanChangedError); planDigest is the same
// comparison as one hash, for `apply --expect-plan`.
import crypto from 'node:crypto';
import path from 'node:path';
import { ConflictError } from '../errors.js';
import { parseBasis } from './basis.js';
import type { Plan } from './plan-types.js';

/** Everything of a plan the reviewer sees, the plan's time left out (a replan keeps it; a later dry run cannot). */
interface Seen {
  files: Map<string, string>;
  covered: string[];
  undecided: Map<string, string[]>;
  cardsNamed: number;
  decision: string | null;
}

function seen(plan: Plan): Seen {
  const rel = (p: string) => path.relative(plan.home, p);
  const timeless = (text: string) => (plan.now ? text.split(plan.now).join('<now>') : text);
  const files = new Map<string, string>();
  for (const c of plan.newCards) files.set(rel(c.path), `create\u0000${timeless(c.content)}`);
  for (const p of plan.patches) files.set(rel(p.path), `revise\u0000${p.before}\u0000${timeless(p.after)}`);
  let cardsNamed = 0;
  if (plan.decision) {
    files.set(rel(plan.decision.path), `create\u0000${timeless(plan.decision.content)}`);
    try {
      cardsNamed = ((JSON.parse(plan.decision.content) as { cards_written?: unknown[] }).cards_written ?? []).length;
    } catch {
      /* the text is compared anyway */
    }
  }
  return {
    files,
    covered: plan.runs.filter((r) => r.covered).map((r) => r.runId).sort(),
    undecided: new Map(plan.runs.filter((r) => !r.covered).map((r) => [r.runId, [...r.undecided].sort()])),
    cardsNamed,
    decision: plan.decision ? rel(plan.decision.path) : null,
  };
}

/** Why the home moved on: the reviews of the quest that landed, the draft files that appeared or changed. */
export function whyReplanned(shown: Plan, fresh: Plan): string {
  const a = parseBasis(shown.basis);
  const b = parseBasis(fresh.basis);
  const reviewOf = (row: string) => row.split('\u0000')[1] ?? '';
  const before = new Set([...a.rows.map(reviewOf), ...a.reviews.map((r) => r.split('\u0000')[0])]);
  const landed = [...new Set([...b.rows.map(reviewOf), ...b.reviews.map((r) => r.split('\u0000')[0])])].filter((id) => id && !before.has(id) && id !== fresh.reviewId);
  const drafts = b.drafts.filter((d) => !a.drafts.includes(d)).map((d) => path.basename(d.split('\u0000')[0]));
  const why: string[] = [];
  if (landed.length) why.push(`another review, ${landed.join(', ')}, landed meanwhile`);
  if (drafts.length) why.push(`draft file${drafts.length > 1 ? 's' : ''} ${drafts.join(', ')} written meanwhile`);
  return why.join('; ') || 'the home changed meanwhile';
}

/** How `fresh` differs from `shown` in what the reviewer sees; empty when it would write what was shown. */
export function planChanges(shown: Plan, fresh: Plan): string[] {
  const a = seen(shown);
  const b = seen(fresh);
  const out: string[] = [];
  for (const run of b.covered) if (!a.covered.includes(run)) out.push(`run ${run} is now covered by this write`);
  for (const run of a.covered) {
    if (!b.covered.includes(run)) out.push(`run ${run} is no longer covered: ${(b.undecided.get(run) ?? []).join(', ') || 'a draft'} undecided`);
  }
  for (const [run, ids] of b.undecided) {
    const was = a.undecided.get(run);
    if (was && was.join() !== ids.join()) out.push(`run ${run}: undecided now ${ids.join(', ') || 'none'} (was ${was.join(', ') || 'none'})`);
  }
  if (a.cardsNamed !== b.cardsNamed && a.cardsNamed && b.cardsNamed) out.push(`the decision now names ${b.cardsNamed} card(s), not ${a.cardsNamed}`);
  for (const [file, what] of b.files) {
    const was = a.files.get(file);
    if (was === undefined) out.push(`now also writes ${file}${file === b.decision ? ` (the distill_review decision, naming ${b.cardsNamed} card(s))` : ''}`);
    else if (was !== what) out.push(what.startsWith('revise') && was.split('\u0000')[1] !== what.split('\u0000')[1] ? `${file} changed on disk since it was shown: its diff differs` : `${file}: its new text differs`);
  }
  for (const file of a.files.keys()) if (!b.files.has(file)) out.push(`no longer writes ${file}`);
  return out;
}

const DIGEST_PARTS = ['the files written', "the cards' new bytes", 'the runs covered', 'what stays undecided'] as const;
const hash4 = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 6);

/**
 * A hash of what the reviewer sees of a plan (planChanges compares the same), in four parts so a mismatch can say what
 * changed: the files written, the cards' new bytes (and the bytes patches start from), the runs covered, what stays
 * undecided (deferred drafts included). `distill apply` prints it; `--expect-plan` checks it.
 */
export function planDigest(plan: Plan): string {
  const s = seen(plan);
  const files = [...s.files.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return [
    hash4(files.map(([f, what]) => `${f}\u0000${what.split('\u0000')[0]}`)),
    hash4(files),
    hash4(s.covered),
    hash4({ undecided: [...s.undecided.entries()].sort(), deferred: [...plan.deferred].sort() }),
  ].join('-');
}

/** What differs between two digests, by part; null when the expected one is not a digest. */
export function digestDifference(expected: string, actual: string): string[] | null {
  const a = expected.split('-');
  const b = actual.split('-');
  if (a.length !== DIGEST_PARTS.length || !a.every((x) => /^[0-9a-f]{6}$/.test(x))) return null;
  return DIGEST_PARTS.filter((_, i) => a[i] !== b[i]);
}

/** A plan made again under the lock differs from the one shown: nothing written; `fresh` is the plan to show now. */
export class PlanChangedError extends ConflictError {
  readonly fresh: Plan;
  readonly changes: string[];
  readonly why: string;
  constructor(shown: Plan, fresh: Plan, changes: string[]) {
    const why = whyReplanned(shown, fresh);
    super(`the plan changed since it was shown (${why}): ${changes.join('; ')}; nothing written (confirm the new plan)`);
    this.name = 'PlanChangedError';
    this.fresh = fresh;
    this.changes = changes;
    this.why = why;
  }
}
