// Edits of drafts made in the review: the editor works on a copy, the text is checked when the editor closes, and
// a good edit is staged (undoable with u) and travels to the write as `overrides.text` of the draft's decision. The
// draft file itself is never touched by the review.
import { isPlaceholderClaim, parseCardText, stringOrNull, withBodyFields } from '../../core/index.js';
import type { DraftItem, StagedDecision } from './facade.js';

export type Edits = Record<string, string>;

export type EditCheck = { ok: true; title: string; claim: string | null; needsEdit: boolean } | { ok: false; error: string };

/**
 * Is the edited text still a draft the write can use? One function, so it can later defer to the core's own check
 * (checkDraftText in src/core/quest/drafts.ts).
 */
export function checkEditedDraft(draft: DraftItem, text: string): EditCheck {
  if (text.trim() === '') return { ok: false, error: 'the edited text is empty' };
  // A quirks entry is plain text, its first line its statement (core/quest/quirks.ts quirkWithText).
  if (draft.source === 'quirk') {
    const first = text.trim().split('\n')[0].replace(/^#+\s*/, '').trim();
    return { ok: true, title: first, claim: first, needsEdit: isPlaceholderClaim(first) };
  }
  const parsed = parseCardText(text);
  if (parsed.error) return { ok: false, error: `the frontmatter is not valid YAML: ${parsed.error}` };
  if (!parsed.hasFrontmatter) return { ok: false, error: 'no frontmatter: the text must start with a "---" block' };
  const id = stringOrNull(parsed.meta.id);
  if (!draft.id.startsWith('draft:') && id !== draft.id) {
    return { ok: false, error: `the id changed (${id ?? 'none'}; was ${draft.id}); ids are kept` };
  }
  const explicit = stringOrNull(withBodyFields(parsed.meta, parsed.body, ['claim']).claim);
  // As src/core/quest/drafts.ts reads a draft: a PR #60 draft states its claim, other drafts' titles are their claims.
  const title = stringOrNull(parsed.meta.title);
  const claim = explicit ?? (draft.source === 'pr60_draft' ? null : title);
  return { ok: true, title: title ?? (explicit ? explicit.slice(0, 80) : draft.title), claim, needsEdit: isPlaceholderClaim(claim) };
}

/** The draft as the reviewer last left it: its staged edit applied, else as read from disk. */
export function editedDraft(draft: DraftItem, edits: Edits): DraftItem {
  const text = edits[draft.id];
  if (text === undefined) return draft;
  const check = checkEditedDraft(draft, text);
  if (!check.ok) return draft;
  return { ...draft, text, title: check.title, claim: check.claim, needsEdit: check.needsEdit };
}

/** A staged decision carrying the draft's edit (or none when the edit was undone). */
export function withEditText(decision: StagedDecision, text: string | undefined): StagedDecision {
  const { text: _old, ...rest } = decision.overrides ?? {};
  const overrides = text === undefined ? rest : { ...rest, text };
  const next: StagedDecision = { ...decision };
  if (Object.keys(overrides).length) next.overrides = overrides;
  else delete next.overrides;
  return next;
}

/** The key of a kept copy (facade.keptEdits): the draft's id, or `new-lesson:<run>` for a new lesson (`a`). */
export function keptKey(e: { draftId: string; author?: { runId: string } }): string {
  return e.author ? `new-lesson:${e.author.runId}` : e.draftId;
}

// The error note of a kept copy, shared with the lessons screen (src/ui/shared/edit-note.ts).
export { stripErrorNote, withErrorNote } from '../shared/edit-note.js';
