// Accepting (`new`) an agent's draft that already is a global card (`status: draft` or `source: auto` in
// memory/knowledge): the card is accepted in place, never copied into a second card. It gains what PR #60's
// validate_experience_metadata requires (a lineage entry for the run, a claim when it has none), loses its
// `status: draft` line (the review is the acceptance) and gets `updated_at`; every other line and the body keep their
// bytes. plan-card.ts plans it as a revision of the card, so the diff is shown, the journal keeps its pre-image and
// `distill revert` gives its bytes back.
import { stringOrNull } from '../cards.js';
import { UserError } from '../errors.js';
import { parseCardText } from '../format/frontmatter.js';
import type { Card, Draft, Meta, Run } from '../model.js';
import { lineageEntryFor, normalizeTags } from './card-new.js';
import { editCard, lfCard } from './fm-edit.js';
import { experienceProblems, pyStrOr, questKey } from './invariants.js';

export interface AcceptInput {
  /** The card to write: as on disk, the reviewer's edit of it (`overrides.text`), or as this review revised it. */
  card: Card;
  draft: Draft;
  questId: string;
  run: Run;
  now: string;
  /** The claim the card gets when it has none: the override, else the draft's (checked not a placeholder). */
  claim: string;
  overrides?: { claim?: string; title?: string; tags?: string[] };
}

export interface AcceptResult {
  meta: Meta;
  body: string;
  text: string;
}

/** `edited`'s frontmatter with `raw`'s body, byte for byte (editCard normalizes the body's trailing blank lines). */
function keepBody(edited: string, raw: string): string {
  const close = raw.indexOf('\n---\n');
  const editedClose = edited.indexOf('\n---\n');
  if (close < 0 || editedClose < 0) return edited;
  return edited.slice(0, editedClose + 5) + raw.slice(close + 5);
}

export function buildAccept(input: AcceptInput): AcceptResult {
  const { card, draft, questId, run, now } = input;
  const what = `accepting ${card.id ?? card.path} (${card.path})`;
  const { raw, restore } = lfCard(card, 'accepting it');
  const parsed = parseCardText(raw);
  if (parsed.error) throw new UserError(`${card.path}: ${parsed.error}`);
  const before = parsed.meta;
  if (card.id && stringOrNull(before.id) !== card.id) {
    throw new UserError(`${what} refused: the edited card says id ${JSON.stringify(before.id ?? null)}; keep id: ${card.id}`);
  }
  const overrides = input.overrides ?? {};
  const after: Meta = { ...before };
  const oldLineage = Array.isArray(before.lineage) ? before.lineage : before.lineage == null ? [] : [before.lineage];
  const named = oldLineage.some((e) => {
    if (!e || typeof e !== 'object' || Array.isArray(e)) return false;
    const entry = e as Record<string, unknown>;
    return questKey(entry.quest, questId) === questId && stringOrNull(entry.run) === run.artifactId;
  });
  if (!named) after.lineage = [...oldLineage, lineageEntryFor(draft, questId, run)];
  if (overrides.claim !== undefined || !pyStrOr(before.claim)) after.claim = input.claim;
  if (overrides.title !== undefined) after.title = overrides.title;
  if (overrides.tags !== undefined) after.tags = normalizeTags(overrides.tags);
  if (stringOrNull(before.status)?.trim().toLowerCase() === 'draft') delete after.status;
  after.updated_at = now;
  const problems = experienceProblems(after);
  if (problems.length) {
    const list = problems.map((p) => `${p.field} ${p.message}`).join('; ');
    throw new UserError(`${what} refused: the card would fail PR #60's validate_experience_metadata (${list}); edit it (e) or give a "claim" override`);
  }
  const text = keepBody(editCard(raw, before, after, parsed.body), raw);
  return { meta: after, body: parsed.body, text: restore(text) };
}
