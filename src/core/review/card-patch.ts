// Patching an existing global card with a draft's evidence (PRODUCT.md "patch"): lineage appended, tags and keywords
// unioned, a "Patch (<quest>/<run>): ..." paragraph added to the body, occurrences +1, last_seen and updated_at set;
// id and created_at kept. Cross-quest patches are checked against PR #60's invariants and refused when broken.
import { stringOrNull } from '../cards.js';
import { parseCardText } from '../format/frontmatter.js';
import { lacks, listSeed, withBodyFields } from '../format/body-fields.js';
import { UserError } from '../errors.js';
import type { Card, Draft, Meta, Run } from '../model.js';
import { pyRstrip, pyStrip } from '../format/serialize.js';
import { lineageEntryFor, normalizeTags, type LineageEntry } from './card-new.js';
import { appendEntries, occurrencesOrRefuse, refuseNonList } from './card-fields.js';
import { editCard, lfCard } from './fm-edit.js';
import { crossQuestViolations, experienceProblems, isSameQuest, pyStrOr } from './invariants.js';

export interface PatchInput {
  card: Card;
  draft: Draft;
  questId: string;
  run: Run;
  now: string;
  overrides?: { claim?: string; title?: string; tags?: string[] };
  /** The entries to append when the evidence is several runs (a mined pattern); default the run's one entry. */
  lineage?: LineageEntry[];
}

export interface PatchResult {
  meta: Meta;
  body: string;
  text: string;
  crossQuest: boolean;
}

/** The paragraph a patch adds, as in the sample card: `Patch (rag-calib/main-001): <evidence>`. */
export function patchParagraph(questId: string, run: Run, draft: Draft, claim: string): string {
  const evidence = pyStrip(draft.body) || claim;
  return `Patch (${questId}/${run.runId ?? run.artifactId}): ${evidence}`;
}

export function buildPatch(input: PatchInput): PatchResult {
  const { card, draft, questId, run, now } = input;
  const label = `${card.id ?? card.path} (${card.path})`;
  // A CRLF card is patched on its LF form and keeps its CRLF endings (lfCard).
  const { raw, restore } = lfCard(card, 'patching');
  const parsed = parseCardText(raw);
  if (parsed.error) throw new UserError(`${card.path}: ${parsed.error}`);
  const before = parsed.meta;
  const after: Meta = { ...before };
  const overrides = input.overrides ?? {};
  const entries = input.lineage?.length ? input.lineage : [lineageEntryFor(draft, questId, run)];
  const oldLineage = Array.isArray(before.lineage) ? before.lineage : before.lineage == null ? [] : [before.lineage];
  after.lineage = [...oldLineage, ...entries];
  // The card's own tags and keywords stay as they are (a `- 2024` is not rewritten `- '2024'`); only new ones are
  // appended, so the append-only rule holds on the list as written. Its occurrences count is read, never reset.
  const what = `patch of ${card.id ?? card.path}`;
  refuseNonList(before, ['tags', 'keywords'], card.path, what);
  const occurrences = occurrencesOrRefuse(before, card.path, what);
  after.tags = appendEntries(before.tags, normalizeTags(overrides.tags ?? draft.tags));
  // Dual frontmatter: keywords and a claim the top level lacks are the body block's. What grows is written at the top
  // level (where it then wins), the block is left byte for byte; keywords not grown stay where they are.
  const seed = listSeed(before, parsed.body, 'keywords');
  const grown = appendEntries(seed.value, normalizeTags(draft.meta.keywords));
  after.keywords = grown === seed.value ? before.keywords : grown;
  const bodyClaim = lacks(before, 'claim') ? stringOrNull(withBodyFields(before, parsed.body, ['claim']).claim) : null;
  if (bodyClaim !== null && !lacks({ claim: bodyClaim }, 'claim')) after.claim = bodyClaim;
  if (after.tags === undefined) delete after.tags;
  if (after.keywords === undefined) delete after.keywords;
  if (overrides.claim !== undefined) after.claim = overrides.claim;
  if (overrides.title !== undefined) after.title = overrides.title;
  after.occurrences = occurrences + 1;
  after.last_seen = now;
  after.updated_at = now;
  const crossQuest = !isSameQuest(before, questId);
  // A same-quest card without a claim (a plain DeepScientist card) gets one, its title (the card's statement), so
  // the patched card passes PR #60's validate_experience_metadata; the diff shows it. Cross-quest, the claim is locked.
  if (!crossQuest && !pyStrOr(after.claim)) after.claim = stringOrNull(before.title) ?? draft.claim ?? undefined;
  const claim = typeof after.claim === 'string' ? after.claim : draft.claim ?? '';
  const body = `${pyRstrip(parsed.body)}\n\n${patchParagraph(questId, run, draft, claim)}\n`;
  // PR #60's validate_cross_quest_patch first checks the patched card with validate_experience_metadata.
  const missing = experienceProblems(after);
  if (missing.length) {
    const what = missing.map((p) => `${p.field} ${p.message}`).join('; ');
    const fix = crossQuest
      ? 'a cross-quest patch may not add a claim (it is locked); use s (neighbor_but_separate) to write a new card related to it'
      : 'give a "claim" override, or use s (neighbor_but_separate) to write a new card related to it';
    throw new UserError(`patch of ${label} refused: the patched card would fail PR #60's validate_experience_metadata (${what}); ${fix}`);
  }
  // The claim copied up from the body block is the card's claim as PR #60 reads it: no change to a locked claim.
  const readBefore = bodyClaim !== null && after.claim === bodyClaim ? { ...before, claim: bodyClaim } : before;
  const violations = crossQuestViolations(readBefore, after, parsed.body, body, questId);
  if (violations.length) throw new UserError(`patch of ${label} refused: ${violations.join('; ')}`);
  const text = editCard(raw, before, after, body);
  return { meta: after, body, text: restore(text), crossQuest };
}
