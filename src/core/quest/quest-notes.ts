// Quest notes as lesson material (issue 14): quest-scope `episodes` (failure stories) and `ideas` with an outcome that
// never reached global memory. Each is tied to runs by its lineage, a run field, or a mention of a run id in its text;
// a note can be turned into a draft pre-filled from its text (the note itself is never changed).
import path from 'node:path';
import { CLAIM_PLACEHOLDER, directionOf } from './author-draft.js';
import { listCardFiles, outsideHomeCheck, readCardFile, stringOrNull } from '../cards.js';
import { lineageOf, promotedTail } from './drafts.js';
import type { Card, FileWarning, Meta, Quest, Run } from '../model.js';
import { readReviewed, reviewedKey } from '../review/reviewed.js';
import { runFacts, section } from './run-evidence.js';
import { lessonTags } from './lesson-tags.js';
import { serializeCard } from '../format/serialize.js';
import { isAutoMeta, linksOf, type GlobalCards } from '../store/cardMeta.js';

export interface QuestNote {
  card: Card;
  kind: 'episodes' | 'ideas';
  /** Run artifact ids the note is about; empty: quest-level. */
  runIds: string[];
}

/** An idea card says how it turned out: an `outcome`/`result` field or section, or a final status. */
function hasOutcome(card: Card): boolean {
  if (stringOrNull(card.meta.outcome) || stringOrNull(card.meta.result)) return true;
  if (/^(succeeded|failed|rejected|abandoned|completed|done|refuted|confirmed)$/i.test(stringOrNull(card.meta.status) ?? '')) return true;
  return section(card.body, 'Outcome') !== null || section(card.body, 'Result') !== null;
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Runs a note names: lineage / run fields (artifact or run ids), then whole-word mentions in its title and body. */
export function noteRuns(card: Card, runs: Map<string, Run>): string[] {
  const out: string[] = [];
  const add = (id: string) => {
    if (!out.includes(id)) out.push(id);
  };
  const refs = lineageOf(card.meta).map((e) => e.run).filter((r): r is string => Boolean(r));
  for (const key of ['run', 'run_id', 'source_run']) {
    const v = stringOrNull(card.meta[key]);
    if (v) refs.push(v);
  }
  for (const ref of refs) for (const run of runs.values()) if (run.artifactId === ref || run.runId === ref) add(run.artifactId);
  const text = `${card.title}\n${card.body}`;
  for (const run of runs.values()) {
    for (const id of [run.artifactId, run.runId]) {
      if (id && new RegExp(`(^|[^A-Za-z0-9_-])${escapeRe(id)}(?![A-Za-z0-9_-])`).test(text)) add(run.artifactId);
    }
  }
  return out;
}

export interface NoteOptions {
  global: GlobalCards;
  runs: Map<string, Run>;
  includeReviewed?: boolean;
}

/** Notes of the quest root's `memory/episodes` and `memory/ideas` that no global card holds (same id or
 *  promoted_from), that are not drafts already (auto cards) and not decided in a review. */
export function listQuestNotes(quest: Quest, options: NoteOptions): { notes: QuestNote[]; warnings: FileWarning[] } {
  const warnings: FileWarning[] = [];
  const ids = new Set<string>();
  const promoted = new Set<string>();
  for (const c of linksOf(options.global)) {
    if (c.id) ids.add(c.id);
    const tail = promotedTail(c.promotedFrom);
    if (tail) promoted.add(tail);
  }
  const reviewed = options.includeReviewed ? new Map() : readReviewed(quest.home);
  const notes: QuestNote[] = [];
  const outside = outsideHomeCheck(quest.home);
  for (const { file, kind } of listCardFiles(path.join(quest.root, 'memory'), ['episodes', 'ideas'])) {
    const away = outside(file);
    if (away) {
      warnings.push(away);
      continue;
    }
    const result = readCardFile(file, 'quest', kind, quest.id);
    warnings.push(...result.warnings);
    const card = result.card;
    if (!card || !card.hasFrontmatter || !card.id || isAutoMeta(card.meta)) continue;
    if (ids.has(card.id) || promoted.has(`${quest.id}/${kind}/${path.basename(file)}`)) continue;
    if (reviewed.has(reviewedKey(quest.id, card.id))) continue;
    if (kind === 'ideas' && !hasOutcome(card)) continue;
    notes.push({ card, kind: kind as QuestNote['kind'], runIds: noteRuns(card, options.runs) });
  }
  return { notes, warnings };
}

export interface NoteDraft {
  direction: string;
  stem: string;
  meta: Meta;
  body: string;
  text: string;
}

/** A PR #60 draft from a note: lineage to `run`, the note's topical tags, its text as the body, claim to fill. */
export function authorNoteDraft(quest: Quest, note: QuestNote, run: Run, options: { title?: string; claim?: string } = {}): NoteDraft {
  const facts = runFacts(quest, run);
  const direction = directionOf(facts);
  const meta: Meta = { subtype: 'experience' };
  if (options.title?.trim()) meta.title = options.title.trim();
  meta.claim = options.claim?.trim() || CLAIM_PLACEHOLDER;
  meta.confidence = 0.4;
  meta.lineage = [{ quest: quest.id, run: run.artifactId, direction, note: note.card.title }];
  // The note's own topical tags first, then the quest's, its run's idea family and metric (lesson-tags.ts).
  const tags = lessonTags(quest, facts, [], note.card.meta.tags);
  if (tags.length) meta.tags = tags;
  const rel = path.relative(quest.root, note.card.path);
  const body = [
    `# ${options.title?.trim() || note.card.title}`,
    '',
    `From the quest ${note.kind === 'episodes' ? 'episode' : 'idea'} ${note.card.id} (${rel}):`,
    '',
    note.card.body.replace(/^\n+/, '').trimEnd() || '(empty note)',
  ].join('\n');
  return { direction, stem: path.basename(note.card.path, '.md'), meta, body, text: serializeCard(meta, body) };
}
