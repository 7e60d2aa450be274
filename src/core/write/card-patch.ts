// Patching an existing global card with a draft's evidence (PRODUCT.md "patch"): lineage appended, tags and keywords
// unioned, a "Patch (<quest>/<run>): ..." paragraph added to the body, occurrences +1, last_seen and updated_at set;
// id and created_at kept. Cross-quest patches are checked against PR #60's invariants and refused when broken.
import { parseCardText } from '../frontmatter.js';
import { UserError } from '../errors.js';
import type { Card, Draft, Meta, Run } from '../model.js';
import { pyRstrip, pyStrip } from '../serialize.js';
import { lineageEntryFor, normalizeTags, unionList } from './card-new.js';
import { editCard } from './fm-edit.js';
import { crossQuestViolations, isSameQuest } from './invariants.js';

export interface PatchInput {
  card: Card;
  draft: Draft;
  questId: string;
  run: Run;
  now: string;
  overrides?: { claim?: string; title?: string; tags?: string[] };
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
  if (!card.hasFrontmatter || card.raw.includes('\r\n') || !card.raw.startsWith('---\n')) {
    throw new UserError(`${card.path}: card has no frontmatter DeepScientist can read; fix it before patching`);
  }
  const parsed = parseCardText(card.raw);
  if (parsed.error) throw new UserError(`${card.path}: ${parsed.error}`);
  const before = parsed.meta;
  const after: Meta = { ...before };
  const overrides = input.overrides ?? {};
  const entry = lineageEntryFor(draft, questId, run);
  const oldLineage = Array.isArray(before.lineage) ? before.lineage : before.lineage == null ? [] : [before.lineage];
  after.lineage = [...oldLineage, entry];
  after.tags = unionList(normalizeTags(before.tags), normalizeTags(overrides.tags ?? draft.tags));
  after.keywords = unionList(normalizeTags(before.keywords), normalizeTags(draft.meta.keywords));
  if (!Array.isArray(before.keywords) && after.keywords && (after.keywords as string[]).length === 0) delete after.keywords;
  if (overrides.claim !== undefined) after.claim = overrides.claim;
  if (overrides.title !== undefined) after.title = overrides.title;
  const occurrences = typeof before.occurrences === 'number' ? before.occurrences : 1;
  after.occurrences = occurrences + 1;
  after.last_seen = now;
  after.updated_at = now;
  const claim = typeof after.claim === 'string' ? after.claim : draft.claim ?? '';
  const body = `${pyRstrip(parsed.body)}\n\n${patchParagraph(questId, run, draft, claim)}\n`;
  const crossQuest = !isSameQuest(before, questId);
  const violations = crossQuestViolations(before, after, parsed.body, body, questId);
  if (violations.length) throw new UserError(`patch of ${label} refused: ${violations.join('; ')}`);
  return { meta: after, body, text: editCard(card.raw, before, after, body), crossQuest };
}
