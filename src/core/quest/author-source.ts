// What a new lesson draft is written from: a run of the quest (its evidence), or a quest note (an episode or an idea
// with an outcome) with the run it belongs to. Shared by `distill draft` and the review screen's author key.
import path from 'node:path';
import { UserError } from '../errors.js';
import type { FileWarning, Meta, Quest, Run } from '../model.js';
import { serializeCard } from '../format/serialize.js';
import type { GlobalCards } from '../store/cardMeta.js';
import { authorRunDraft, draftsDirInHome } from './author-draft.js';
import { authorNoteDraft, listQuestNotes } from './quest-notes.js';

export interface AuthorSource {
  /** The run: its artifact id (run-…) or its run id. Required without a note; with a note, when it names no one run. */
  run?: string;
  /** A quest note: its card id or file name. */
  note?: string;
  title?: string;
  claim?: string;
  /** The lesson in the author's own words (an agent's propose_lesson, `draft --body`): it replaces the pre-filled
   *  hypothesis; the run's result and evidence sections stay. */
  body?: string;
  /** Tags added to the ones the quest and idea give. */
  tags?: readonly string[];
}

export interface PreparedDraft {
  run: Run;
  direction: string;
  stem: string;
  /** The draft's text, pre-filled; the claim a placeholder unless given. */
  text: string;
  warnings: FileWarning[];
}

export function findRun(quest: Quest, runs: Map<string, Run>, ref: string): Run {
  const exact = runs.get(ref);
  if (exact) return exact;
  const byRunId = [...runs.values()].filter((r) => r.runId === ref);
  if (byRunId.length === 1) return byRunId[0];
  if (byRunId.length > 1) {
    throw new UserError(`quest ${quest.id}: run id ${ref} names ${byRunId.length} runs (${byRunId.map((r) => r.artifactId).join(', ')}); give the artifact id`);
  }
  const known = [...runs.keys()].slice(0, 8).join(', ');
  throw new UserError(`quest ${quest.id}: no run ${ref}${known ? ` (runs: ${known})` : ''}`);
}

/** The pre-filled draft for a run or a note. `global` (called for notes only) tells which notes are already promoted. */
export function prepareDraft(quest: Quest, runs: Map<string, Run>, source: AuthorSource, global: () => GlobalCards): PreparedDraft {
  const prepared = prepareFilled(quest, runs, source, global);
  if (!source.body?.trim() && !source.tags?.length) return prepared;
  return { ...prepared, text: withAuthorText(prepared.meta, prepared.body, source) };
}

/** The pre-filled draft with the author's body and tags: the title line, the body, then the run's `## Result` on. */
function withAuthorText(meta: Meta, body: string, source: AuthorSource): string {
  const next: Meta = { ...meta };
  const tags = [...(Array.isArray(meta.tags) ? meta.tags.map(String) : []), ...(source.tags ?? []).map((t) => t.trim()).filter(Boolean)];
  if (tags.length) next.tags = [...new Set(tags)];
  const own = source.body?.trim();
  if (!own) return serializeCard(next, body);
  const lines = body.split('\n');
  const heading = lines[0].startsWith('# ') ? `${lines[0]}\n\n` : '';
  const result = body.indexOf('\n## Result');
  return serializeCard(next, `${heading}${own}\n${result >= 0 ? body.slice(result) : ''}`);
}

function prepareFilled(quest: Quest, runs: Map<string, Run>, source: AuthorSource, global: () => GlobalCards): PreparedDraft & { meta: Meta; body: string } {
  const opts = { title: source.title, claim: source.claim };
  draftsDirInHome(quest.home, quest.id); // refused before any evidence is read or an editor opens
  if (!source.note) {
    if (!source.run) throw new UserError('draft: give the run with --run <id> (or a quest note with --note <id>)');
    const run = findRun(quest, runs, source.run);
    return { run, ...authorRunDraft(quest, run, opts) };
  }
  const ref = source.note;
  const { notes, warnings } = listQuestNotes(quest, { global: global(), runs, includeReviewed: true });
  const note = notes.find((n) => n.card.id === ref || path.basename(n.card.path, '.md') === ref);
  if (!note) {
    const known = notes.map((n) => n.card.id).slice(0, 8).join(', ');
    // A note file that could not be read (outside the home, broken YAML) may be the one meant: say so on the same line.
    const skipped = warnings.length ? `; ${warnings.length} note file${warnings.length > 1 ? 's' : ''} skipped, ${warnings[0].file}: ${warnings[0].message}` : '';
    throw new UserError(`quest ${quest.id}: no note ${ref} (a quest episode, or an idea with an outcome, not yet in global memory)${known ? ` (notes: ${known})` : ''}${skipped}`);
  }
  let run: Run;
  if (source.run) run = findRun(quest, runs, source.run);
  else if (note.runIds.length === 1) run = runs.get(note.runIds[0]) as Run;
  else {
    const which = note.runIds.length ? `names ${note.runIds.length} runs (${note.runIds.join(', ')})` : 'names no run';
    throw new UserError(`note ${ref} ${which}; give the run with --run`);
  }
  return { run, warnings, ...authorNoteDraft(quest, note, run, opts) };
}
