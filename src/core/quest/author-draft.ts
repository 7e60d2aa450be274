// A lesson draft for a run that has none (issue 14): pre-filled from the run's evidence and its idea card, written as
// a PR #60 draft `<home>/drafts/experiences/<quest>/<direction>__<id>.md` so PR #60 tooling reads it too.
import fs from 'node:fs';
import path from 'node:path';
import { draftsDir, isPlaceholderClaim } from './drafts.js';
import { isFsError, UserError, WriteFailed } from '../errors.js';
import { parseCardText } from '../format/frontmatter.js';
import type { FileWarning, Meta, Quest, Run } from '../model.js';
import { findIdeaCard, runFacts, type RunFacts } from './run-evidence.js';
import { lessonTags } from './lesson-tags.js';
import { serializeCard } from '../format/serialize.js';
import { fsyncDir, tmpPathFor, writeNewFileDurable } from '../journal/atomic.js';
import { resolveWriteRoot } from '../journal/guard.js';
import { makeDirs } from '../files/make-dirs.js';

/** PR #60's claim placeholder, verbatim: `isPlaceholderClaim` flags it, so the draft shows as needing an edit. */
export const CLAIM_PLACEHOLDER = 'TODO: claim — one mechanism-bearing sentence.';

export interface AuthorOptions {
  title?: string;
  claim?: string;
}

export interface AuthoredDraft {
  facts: RunFacts;
  direction: string;
  /** The id part of the file name: the slice, else the run id, else the artifact id. */
  stem: string;
  meta: Meta;
  body: string;
  text: string;
  /** Files not read on the way (an idea card outside the home). */
  warnings: FileWarning[];
}

/** PR #60 names a draft `<campaign>__<slice>`; a main run has no campaign: its idea, else its branch, stands in. */
export function directionOf(facts: RunFacts): string {
  if (facts.campaignId) return facts.campaignId;
  if (facts.ideaId) return facts.ideaId;
  if (facts.branch) return facts.branch;
  return facts.runKind === 'main_experiment' || !facts.runKind ? 'main' : facts.runKind;
}

/** A file-name-safe slug: ASCII letters, digits, `.`, `-`, `_`; anything else becomes `-`. */
export function fileSlug(text: string, fallback: string): string {
  const slug = text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}

/** Rounds away float noise (0.02100000000000002 -> 0.021) and signs a delta. */
export function fmt(value: number, signed = false): string {
  const text = String(Number(value.toPrecision(6)));
  return signed && value > 0 ? `+${text}` : text;
}

function resultLines(f: RunFacts): string[] {
  const lines: string[] = [];
  const kind = [f.runId, f.runKind, f.branch ? `branch ${f.branch}` : null].filter(Boolean).join(', ');
  lines.push(`- run: ${f.artifactId}${kind ? ` (${kind})` : ''}`);
  if (f.metricId && f.value !== null) {
    let metric = `- ${f.metricId}: ${fmt(f.value)}`;
    if (f.baseline !== null) metric += ` vs baseline ${fmt(f.baseline)}`;
    const delta = f.delta ?? (f.baseline !== null ? f.value - f.baseline : null);
    if (delta !== null) metric += ` (delta ${fmt(delta, true)})`;
    lines.push(metric);
  }
  if (f.verdict) lines.push(`- verdict: ${f.verdict}`);
  if (f.reason) lines.push(`- reason: ${f.reason}`);
  return lines;
}

export function authorRunDraft(quest: Quest, run: Run, options: AuthorOptions = {}): AuthoredDraft {
  const facts = runFacts(quest, run);
  const warnings: FileWarning[] = [];
  const idea = facts.ideaId ? findIdeaCard(quest, facts.ideaId, warnings) : null;
  const direction = directionOf(facts);
  const stem = facts.sliceId ?? facts.runId ?? facts.artifactId;
  const note = facts.title ?? run.summary ?? stem;
  const meta: Meta = { subtype: 'experience' };
  if (options.title?.trim()) meta.title = options.title.trim();
  meta.claim = options.claim?.trim() || CLAIM_PLACEHOLDER;
  if (idea?.mechanism) meta.mechanism = idea.mechanism.replace(/\s+/g, ' ');
  meta.confidence = 0.4;
  // The quest id is a string: PR #60's template writes `quest: 001`, which YAML reads as the number 1.
  meta.lineage = [{ quest: quest.id, run: facts.artifactId, direction, note }];
  // Tags from the quest, the idea and the run's metric (lesson-tags.ts), so recall finds the lesson; editable.
  const tags = lessonTags(quest, facts, idea?.card.meta.tags);
  if (tags.length) meta.tags = tags;

  const body: string[] = [`# ${options.title?.trim() || note}`, ''];
  body.push('## Hypothesis', '');
  if (idea) {
    body.push(`Idea ${facts.ideaId}: ${idea.card.title}`);
    if (idea.hypothesis) body.push('', idea.hypothesis);
  } else body.push(facts.ideaId ? `Idea ${facts.ideaId} (no idea card found)` : '(no idea recorded for this run)');
  body.push('', '## Result', '', ...resultLines(facts), '', '## Evidence', '');
  if (facts.evidence.length) body.push(...facts.evidence.map((p) => `- ${p}`));
  else body.push('- (no evidence paths recorded)');
  const text = serializeCard(meta, body.join('\n'));
  return { facts, direction, stem, meta, body: body.join('\n'), text, warnings };
}

/** Why an edited draft cannot be saved (YAML error, no frontmatter, a claim still empty or a placeholder, no
 *  lineage), or null when it is fine. */
export function draftProblem(text: string): string | null {
  const parsed = parseCardText(text);
  if (parsed.error) return parsed.error;
  if (!parsed.hasFrontmatter) return 'no frontmatter (the file must start with a line "---")';
  const claim = parsed.meta.claim;
  if (typeof claim !== 'string' || isPlaceholderClaim(claim)) return 'the claim is still empty or a placeholder; write one sentence';
  const lineage = parsed.meta.lineage;
  if (!Array.isArray(lineage) || lineage.length === 0) return 'lineage must be a non-empty list (PR #60 requires it)';
  return null;
}

/** `<direction>__<id>`, both slugged: the file name (without `.md`) PR #60 gives a draft. */
export function draftFileBase(direction: string, stem: string): string {
  return `${fileSlug(direction, 'main')}__${fileSlug(stem, 'run')}`;
}

/** link(2) fails if `file` exists. A filesystem without hard links gets an exclusive copy instead (still never
 *  overwrites; a crash mid-copy could leave a short file, which the reader reports as a broken draft). */
function exclusiveCreate(staging: string, file: string): void {
  try {
    fs.linkSync(staging, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    fs.copyFileSync(staging, file, fs.constants.COPYFILE_EXCL);
    const fd = fs.openSync(file, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/**
 * The system refused the draft (read-only, permission, no space, quota): exit 74 naming the cause and where, as every
 * write says it; a file where a directory goes is the user's to fix (exit 2). Anything else: one line, exit 2.
 */
function refused(error: unknown, where: string, what: string): Error {
  if (isFsError(error)) return new WriteFailed(Object.assign(error, { path: where }), 'nothing written');
  return new UserError(`${where}: ${what} (${(error as NodeJS.ErrnoException).code ?? error}); nothing written`);
}

/** The quest's drafts folder; refused (nothing made) when `drafts/`, `drafts/experiences/` or it leads out of the home. */
export function draftsDirInHome(home: string, questId: string): string {
  const dir = draftsDir(home, questId);
  resolveWriteRoot(home, dir);
  return dir;
}

/**
 * Creates `<dir>/<direction>__<stem>.md`, never overwriting: a name taken gets `-2`, `-3`, ... The bytes are made
 * durable under a temp name (written and fsynced), then hard-linked to the final name, which fails if the name exists
 * (O_EXCL semantics, even against a concurrent writer), then the temp name is removed.
 */
export function createDraftFile(home: string, questId: string, direction: string, stem: string, text: string): string {
  const dir = draftsDirInHome(home, questId);
  const base = draftFileBase(direction, stem);
  try {
    makeDirs(dir);
  } catch (error) {
    throw refused(error, (error as NodeJS.ErrnoException).path ?? dir, 'cannot create the drafts directory');
  }
  for (let n = 1; n < 1000; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.md`);
    if (fs.existsSync(file)) continue;
    // The staging file is a name of its own, made with O_EXCL and linked into place: written directly (it was written
    // through writeFileAtomic, a temp of the temp, so a kill left `<draft>.md.<hex>.tmp.<hex>.tmp`).
    const staging = tmpPathFor(file);
    try {
      writeNewFileDurable(staging, Buffer.from(text, 'utf8'), file);
    } catch (error) {
      fs.rmSync(staging, { force: true });
      throw refused(error, file, 'cannot write');
    }
    try {
      exclusiveCreate(staging, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw refused(error, file, 'cannot create');
    } finally {
      fs.rmSync(staging, { force: true });
    }
    fsyncDir(dir);
    return file;
  }
  throw new UserError(`${dir}: too many drafts named ${base}`);
}
