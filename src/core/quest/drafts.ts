// Draft lessons of a quest (PRODUCT.md "draft"): PR #60 drafts, quest knowledge never promoted, and auto/draft cards
// never reviewed. Each is tied to the quest's runs through its lineage or its PR #60 file name.
import fs from 'node:fs';
import path from 'node:path';
import { listCardFiles, outsideHomeCheck, readCardFile, stringOrNull, tagList } from '../cards.js';
import { UserError } from '../errors.js';
import { parseCardText } from '../format/frontmatter.js';
import { withBodyFields } from '../format/body-fields.js';
import { RefusedLanguage, splitDraftMatter } from '../format/draft-matter.js';
import { runFromArtifact } from './coverage.js';
import { scanArtifacts } from './artifacts.js';
import { readReviewed, reviewedKey } from '../review/reviewed.js';
import { MEMORY_KINDS, type Meta, type Card, type Draft, type MemoryKind, type DraftSource, type FileWarning, type Quest, type Run } from '../model.js';
import { isAutoMeta, linksOf, type GlobalCards } from '../store/cardMeta.js';
import { openStoreSync } from '../store/load.js';
import { isStateCard } from '../state-cards.js';

export function draftsDir(home: string, questId: string): string {
  return path.join(home, 'drafts', 'experiences', questId);
}

const PLACEHOLDER = /^\s*(?:todo|tbd|fixme|xxx)\b|^\s*<[^>]*>\s*$|^\s*\.\.\.\s*$/i;

export function isPlaceholderClaim(claim: string | null): boolean {
  return claim === null || claim.trim() === '' || PLACEHOLDER.test(claim);
}

/** A title from a long claim: at most 80 characters, cut at a word boundary and marked with "…". */
export function titleFromClaim(claim: string, max = 80): string {
  const text = claim.trim().replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const words = space > max / 3 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

interface LineageEntry {
  quest: string | null;
  run: string | null;
}

export function lineageOf(meta: Record<string, unknown>): LineageEntry[] {
  const raw = meta.lineage;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && !Array.isArray(e))
    .map((e) => ({ quest: stringOrNull(e.quest), run: stringOrNull(e.run) }));
}

/** Maps a draft's run references (artifact ids, run ids, a `<campaign>__<slice>` file stem) to run artifact ids. */
function attachRuns(card: Card, source: DraftSource, runs: Map<string, Run>, byRunId: Map<string, string[]>): string[] {
  const refs: string[] = [];
  for (const entry of lineageOf(card.meta)) if (entry.run) refs.push(entry.run);
  for (const key of ['run', 'run_id', 'source_run', 'target_run_id']) {
    const value = stringOrNull(card.meta[key]);
    if (value) refs.push(value);
  }
  if (source === 'pr60_draft') {
    const stem = path.basename(card.path, '.md');
    if (stem.includes('__')) refs.push(stem.replace('__', ':'));
    refs.push(stem);
  }
  const out: string[] = [];
  for (const ref of refs) {
    const ids = runs.has(ref) ? [ref] : byRunId.get(ref) ?? [];
    for (const id of ids) if (!out.includes(id)) out.push(id);
  }
  return out;
}

export type DraftTextCheck =
  | { ok: true; meta: Meta; body: string; title: string | null; claim: string | null; tags: string[] }
  | { ok: false; error: string };

/**
 * Checks a whole edited draft file (frontmatter + body), as the review's editor returns it: the YAML must parse and
 * the claim must be a real sentence (not empty, not a TODO placeholder).
 */
export function checkDraftText(text: string): DraftTextCheck {
  // The editor's buffer is split by gray-matter first (JS engines disabled: `---js` is refused, never run, i17r).
  // Its YAML errors are left to parseCardText below, which names them as every other command does.
  try {
    splitDraftMatter(text);
  } catch (error) {
    if (error instanceof RefusedLanguage) return { ok: false, error: error.message };
  }
  const parsed = parseCardText(text);
  if (parsed.error) return { ok: false, error: parsed.error };
  if (!parsed.hasFrontmatter) return { ok: false, error: 'no frontmatter: the draft must start with a "---" line' };
  const claim = stringOrNull(withBodyFields(parsed.meta, parsed.body, ['claim']).claim);
  if (isPlaceholderClaim(claim)) return { ok: false, error: 'claim is empty or a TODO placeholder' };
  return { ok: true, meta: parsed.meta, body: parsed.body, title: stringOrNull(parsed.meta.title), claim, tags: tagList(parsed.meta.tags) };
}

/** The draft as the reviewer edited it (`overrides.text`): same id, source and runs, fields from the new text. */
export function draftWithText(draft: Draft, text: string): Draft {
  const parsed = parseCardText(text);
  if (parsed.error) throw new UserError(`draft ${draft.id} (${draft.path}): edited text: ${parsed.error}`);
  if (!parsed.hasFrontmatter) throw new UserError(`draft ${draft.id} (${draft.path}): edited text has no frontmatter (a first "---" line)`);
  const card: Card = { ...draft.card, meta: parsed.meta, body: parsed.body, raw: text, tags: tagList(parsed.meta.tags), title: stringOrNull(parsed.meta.title) ?? draft.card.title };
  return { ...toDraft(card, draft.source, draft.id, draft.runIds), id: draft.id };
}

function toDraft(card: Card, source: DraftSource, questOrId: Quest | string, runIds: string[]): Draft {
  // Dual frontmatter: claim, mechanism, subtype, keywords the top level lacks, from a block at the body's start; a card
  // written from the draft carries them at its top level (its body, block included, is copied as it is).
  const meta = withBodyFields(card.meta, card.body);
  const explicit = stringOrNull(meta.claim);
  // A quest card's title is its statement; a PR #60 draft must state its claim explicitly.
  const claim = explicit ?? (source === 'pr60_draft' ? null : card.title);
  const stem = path.basename(card.path, '.md');
  return {
    id: typeof questOrId === 'string' ? questOrId : card.id ?? `draft:${questOrId.id}/${stem}`,
    source,
    path: card.path,
    title: stringOrNull(card.meta.title) ?? (explicit ? titleFromClaim(explicit) : stem),
    claim,
    needsEdit: isPlaceholderClaim(claim),
    tags: card.tags,
    keywords: tagList(meta.keywords),
    runIds,
    meta,
    body: card.body,
    card,
  };
}

/** The `quests/<id>/memory/<kind>/<file>` tail of a promoted_from path, robust to a moved home. */
export function promotedTail(promotedFrom: string | null): string | null {
  const match = promotedFrom ? /(?:^|\/)quests\/([^/]+)\/memory\/(.+)$/.exec(promotedFrom) : null;
  return match ? `${match[1]}/${match[2]}` : null;
}

export interface DraftList {
  drafts: Draft[];
  warnings: FileWarning[];
}

export interface DraftOptions {
  /** The global cards (an open Store); opened here, without its cache, when absent. */
  global?: GlobalCards;
  /** Runs of the quest by artifact id (from coverage()); scanned when absent. */
  runs?: Map<string, Run>;
  includeReviewed?: boolean;
}

export function listDrafts(quest: Quest, options: DraftOptions = {}): DraftList {
  const warnings: FileWarning[] = [];
  const home = quest.home;
  let runs = options.runs;
  if (!runs) {
    runs = new Map();
    for (const a of scanArtifacts(quest, ['run']).artifacts) runs.set(a.artifactId, runFromArtifact(a));
  }
  const byRunId = new Map<string, string[]>();
  for (const run of runs.values()) {
    if (!run.runId) continue;
    byRunId.set(run.runId, [...(byRunId.get(run.runId) ?? []), run.artifactId]);
  }
  const global = options.global ?? openStoreSync(home, { cache: false });
  const globalIds = new Set<string>();
  const promoted = new Set<string>();
  const links = linksOf(global); // ids and links without decoding every card
  for (const card of links) {
    if (card.id) globalIds.add(card.id);
    const tail = promotedTail(card.promotedFrom);
    if (tail) promoted.add(tail);
  }
  const reviewed = options.includeReviewed ? new Map() : readReviewed(home);
  const drafts: Draft[] = [];
  const add = (card: Card, source: DraftSource) => {
    const draft = toDraft(card, source, quest, attachRuns(card, source, runs!, byRunId));
    if (reviewed.has(reviewedKey(quest.id, draft.id))) return;
    if (drafts.some((d) => d.id === draft.id)) {
      warnings.push({ file: card.path, message: `draft id ${draft.id} appears twice; the second is ignored` });
      return;
    }
    drafts.push(draft);
  };

  // 1. PR #60 drafts.
  const dir = draftsDir(home, quest.id);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.md')).sort();
  } catch {
    /* none */
  }
  const outside = outsideHomeCheck(home);
  const read = (file: string, kind: MemoryKind) => {
    const away = outside(file);
    if (away) return { card: null, warnings: [away] };
    return readCardFile(file, 'quest', kind, quest.id);
  };
  for (const name of names) {
    const result = read(path.join(dir, name), 'knowledge');
    warnings.push(...result.warnings);
    if (result.card) add(result.card, 'pr60_draft');
  }

  // 2. Quest knowledge no global card holds, and 3. auto/draft cards of the quest, of any kind.
  const questMemory = path.join(quest.root, 'memory');
  for (const { file, kind } of listCardFiles(questMemory, MEMORY_KINDS)) {
    const result = read(file, kind);
    warnings.push(...result.warnings);
    const card = result.card;
    if (!card || !card.hasFrontmatter || !card.id) continue;
    if (isStateCard(card.tags)) continue; // a checkpoint/state card is a resume packet, not a lesson (docs/CARDS.md)
    const tail = `${quest.id}/${kind}/${path.basename(file)}`;
    const held = globalIds.has(card.id) || promoted.has(tail);
    if (isAutoMeta(card.meta) && !held) add(card, 'auto_card');
    else if (kind === 'knowledge' && !held) add(card, 'quest_knowledge');
  }
  // 3b. Global auto/draft cards that name this quest (read whole only now: the store holds their metadata).
  for (const link of links) {
    if (!link.auto || !link.id || (link.questId !== quest.id && !link.lineageQuests.includes(quest.id))) continue;
    const meta = link.meta();
    if (!meta || meta.state) continue; // state cards are not lessons
    const result = global.readCard(meta);
    warnings.push(...result.warnings);
    if (result.card) add(result.card, 'auto_card');
  }
  return { drafts, warnings };
}
