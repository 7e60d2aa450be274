// Checks cards and distill_review decisions against PR #60's contracts (experience_distill.py, schemas.py).
import fs from 'node:fs';
import path from 'node:path';
import { readCardFile, listCardFiles } from './cards.js';
import { coverage, isDistillReview } from './quest/coverage.js';
import { UserError } from './errors.js';
import { readRegularText } from './files/read-file.js';
import { isInside, listQuestIds, resolveQuest } from './quest/home.js';
import { experienceProblems } from './review/invariants.js';
import { MEMORY_KINDS, singularKind, type Artifact, type Card, type FileWarning, type MemoryKind } from './model.js';

export interface Violation {
  file: string;
  field: string;
  message: string;
}

export const CARD_ACTIONS = ['new', 'patch'] as const;
export const CARD_SCOPES = ['global', 'quest'] as const;
export const NEIGHBOR_DECISIONS = ['patch', 'new', 'neighbor_but_separate'] as const;

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Experience cards carry the PR #60 contract; plain DeepScientist cards only their own shape. */
export function isExperienceCard(card: Card): boolean {
  return card.meta.subtype === 'experience' || 'claim' in card.meta;
}

export function validateCard(card: Card): Violation[] {
  const out: Violation[] = [];
  const v = (field: string, message: string) => out.push({ file: card.path, field, message });
  if (!card.hasFrontmatter) return out; // listed by DeepScientist with id null; nothing to check
  const m = card.meta;
  if (!nonEmpty(m.id)) v('id', 'missing');
  else if (!new RegExp(`^${singularKind(card.kindDir)}-`).test(m.id)) v('id', `${m.id} does not start with ${singularKind(card.kindDir)}-`);
  if (m.type !== undefined && m.type !== card.kindDir) v('type', `is ${JSON.stringify(m.type)}, the directory says ${card.kindDir}`);
  if (m.scope !== undefined && m.scope !== card.scope) v('scope', `is ${JSON.stringify(m.scope)}, the location says ${card.scope}`);
  if (m.tags !== undefined && (!Array.isArray(m.tags) || m.tags.some((t) => typeof t !== 'string'))) v('tags', 'must be a list of strings');
  for (const key of ['created_at', 'updated_at']) {
    if (m[key] !== undefined && m[key] !== null && typeof m[key] !== 'string') v(key, 'must be an ISO timestamp string');
  }
  // PR #60's validate_experience_metadata, check for check (write/invariants.ts), on cards that carry its contract;
  // a plain card's lineage is still checked entry by entry.
  if (isExperienceCard(card)) for (const p of experienceProblems(m)) v(p.field, p.message);
  else if (m.lineage !== undefined) for (const p of experienceProblems({ ...m, claim: 'x' })) v(p.field, p.message);
  if (m.confidence !== undefined && m.confidence !== null && typeof m.confidence !== 'number' && typeof m.confidence !== 'string') {
    v('confidence', 'must be a number');
  }
  return out;
}

export function validateReview(review: Artifact, knownRuns: Set<string>): Violation[] {
  const out: Violation[] = [];
  const r = review.record;
  const v = (field: string, message: string) => out.push({ file: review.file, field, message });
  for (const key of ['verdict', 'action', 'reason']) if (!nonEmpty(r[key])) v(key, 'must be a non-empty string');
  const reviewed = Array.isArray(r.reviewed_run_ids) ? r.reviewed_run_ids : null;
  if (!reviewed || reviewed.length === 0) v('reviewed_run_ids', 'must be a non-empty list');
  const ids = new Set((reviewed ?? []).filter((x): x is string => typeof x === 'string'));
  (reviewed ?? []).forEach((id, i) => {
    if (typeof id !== 'string') v(`reviewed_run_ids[${i}]`, 'must be a string');
    else if (!knownRuns.has(id)) v(`reviewed_run_ids[${i}]`, `${id} is not a run artifact_id of this quest`);
  });
  if (!Array.isArray(r.cards_written)) v('cards_written', 'must be a list');
  else {
    if (r.cards_written.length === 0 && !nonEmpty(r.reason_if_empty)) v('reason_if_empty', 'required when cards_written is empty');
    r.cards_written.forEach((card, i) => {
      const f = `cards_written[${i}]`;
      if (!isObject(card)) return v(f, 'must be a mapping');
      if (!nonEmpty(card.card_id)) v(`${f}.card_id`, 'must be non-empty');
      if (!CARD_ACTIONS.includes(card.action as never)) v(`${f}.action`, `must be one of ${CARD_ACTIONS.join(', ')}`);
      if (!CARD_SCOPES.includes(card.scope as never)) v(`${f}.scope`, `must be one of ${CARD_SCOPES.join(', ')}`);
      if (!ids.has(card.target_run_id as string)) v(`${f}.target_run_id`, 'must be one of reviewed_run_ids');
    });
  }
  if (r.neighbor_decisions !== undefined && r.neighbor_decisions !== null) {
    if (!Array.isArray(r.neighbor_decisions)) v('neighbor_decisions', 'must be a list');
    else
      r.neighbor_decisions.forEach((nd, i) => {
        const f = `neighbor_decisions[${i}]`;
        if (!isObject(nd)) return v(f, 'must be a mapping');
        if (!nonEmpty(nd.candidate_card_id)) v(`${f}.candidate_card_id`, 'must be non-empty');
        if (!NEIGHBOR_DECISIONS.includes(nd.decision as never)) v(`${f}.decision`, `must be one of ${NEIGHBOR_DECISIONS.join(', ')}`);
        if (!nonEmpty(nd.reason)) v(`${f}.reason`, 'must be non-empty');
        if (!ids.has(nd.target_run_id as string)) v(`${f}.target_run_id`, 'must be one of reviewed_run_ids');
      });
  }
  return out;
}

export interface ValidationReport {
  cards: number;
  decisions: number;
  violations: Violation[];
  warnings: FileWarning[];
}

function checkCards(files: { file: string; kind: MemoryKind }[], scope: 'global' | 'quest', report: ValidationReport): void {
  for (const { file, kind } of files) {
    const { card, warnings } = readCardFile(file, scope, kind);
    report.cards += 1;
    for (const w of warnings) {
      // A card we cannot parse is a violation; softer problems stay warnings.
      if (w.message.endsWith('skipped')) report.violations.push({ file, field: 'frontmatter', message: w.message.replace(/; skipped$/, '') });
      else report.warnings.push(w);
    }
    if (card) report.violations.push(...validateCard(card));
  }
}

function checkQuest(home: string, questId: string, report: ValidationReport, withCards: boolean): void {
  const quest = resolveQuest(home, questId);
  const cov = coverage(quest);
  report.warnings.push(...cov.warnings);
  const known = new Set(cov.runs.keys());
  for (const review of cov.reviews) {
    report.decisions += 1;
    report.violations.push(...validateReview(review, known));
  }
  if (withCards) checkCards(listCardFiles(path.join(quest.root, 'memory')), 'quest', report);
}

/**
 * `target` is the home (global cards and every quest), a quest directory, one card file, or one decision JSON.
 */
export function validatePath(home: string, target: string): ValidationReport {
  const report: ValidationReport = { cards: 0, decisions: 0, violations: [], warnings: [] };
  const abs = path.resolve(target);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    throw new UserError(`${abs}: no such file or directory`);
  }
  if (abs === home) {
    checkCards(listCardFiles(path.join(home, 'memory')), 'global', report);
    for (const id of listQuestIds(home)) checkQuest(home, id, report, true);
    return report;
  }
  const quests = path.join(home, 'quests');
  if (stat.isDirectory()) {
    if (isInside(quests, abs) && abs !== quests) {
      const quest = resolveQuest(home, abs);
      checkQuest(home, quest.id, report, true);
      return report;
    }
    if (abs === path.join(home, 'memory')) {
      checkCards(listCardFiles(abs), 'global', report);
      return report;
    }
  }
  if (stat.isFile() && abs.endsWith('.md')) {
    const kind = path.basename(path.dirname(abs)) as MemoryKind;
    const scope = isInside(path.join(home, 'memory'), abs) ? 'global' : 'quest';
    checkCards([{ file: abs, kind: MEMORY_KINDS.includes(kind) ? kind : 'knowledge' }], scope, report);
    // A PR #60 draft has no id until it becomes a card (PR #60's draft template writes none).
    if (isInside(path.join(home, 'drafts', 'experiences'), abs)) report.violations = report.violations.filter((v) => v.field !== 'id');
    return report;
  }
  if (stat.isFile() && abs.endsWith('.json') && isInside(quests, abs)) {
    const quest = resolveQuest(home, abs);
    const cov = coverage(quest);
    const review = cov.reviews.find((r) => r.file === abs);
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(readRegularText(abs));
    } catch (error) {
      report.violations.push({ file: abs, field: '(file)', message: `not JSON: ${(error as Error).message.split('\n')[0]}` });
      return report;
    }
    const artifact: Artifact = review ?? {
      artifactId: String(record.artifact_id ?? path.basename(abs, '.json')),
      kind: String(record.kind ?? ''),
      file: abs,
      workspace: { root: quest.root, rel: '.', origin: 'quest_root' },
      record,
      indexLine: { artifact_id: '', kind: '', status: null, quest_id: null, path: null, summary: null, updated_at: null },
    };
    if (!isDistillReview(artifact)) {
      report.violations.push({ file: abs, field: 'action', message: 'not a distill_review decision' });
      return report;
    }
    report.decisions += 1;
    report.violations.push(...validateReview(artifact, new Set(cov.runs.keys())));
    return report;
  }
  throw new UserError(`${abs}: not the home, a quest, a card (.md) or a decision (.json) of ${home}`);
}
