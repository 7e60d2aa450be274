// The facts an upstream agent records on a run (DeepScientist main branch, no PR #60 drafts): title, verdict, primary
// metric against the baseline, reason, idea, evidence paths. A lesson for the run is drafted from these.
import fs from 'node:fs';
import path from 'node:path';
import { listCardFiles, outsideHomeCheck, readCardFile, stringOrNull, tagList } from '../cards.js';
import { listWorkspaces } from './artifacts.js';
import type { Card, FileWarning, Quest, Run } from '../model.js';
import { isStateCard } from '../state-cards.js';

export interface RunFacts {
  artifactId: string;
  runId: string | null;
  runKind: string | null;
  title: string | null;
  verdict: string | null;
  reason: string | null;
  metricId: string | null;
  value: number | null;
  baseline: number | null;
  delta: number | null;
  ideaId: string | null;
  campaignId: string | null;
  sliceId: string | null;
  branch: string | null;
  /** Evidence paths relative to the quest root (`.ds/worktrees/<wt>/outputs/...`). */
  evidence: string[];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function first<T>(...values: (T | null)[]): T | null {
  for (const v of values) if (v !== null) return v;
  return null;
}

/** A recorded path made relative to the quest root. Absolute paths carry the home they were written in (possibly
 *  another machine's): the part after `quests/<id>/` is kept. Relative ones are relative to the run's workspace. */
export function questRelative(quest: Quest, workspaceRel: string, recorded: string): string {
  if (path.isAbsolute(recorded)) {
    const marker = `${path.sep}quests${path.sep}${quest.id}${path.sep}`;
    const at = recorded.lastIndexOf(marker);
    if (at >= 0) return recorded.slice(at + marker.length);
    const rel = path.relative(quest.root, recorded);
    return rel.startsWith('..') ? recorded : rel;
  }
  const base = path.isAbsolute(workspaceRel) ? path.relative(quest.root, workspaceRel) : workspaceRel;
  return path.normalize(path.join(base, recorded));
}

export function runFacts(quest: Quest, run: Run): RunFacts {
  const r = run.record;
  const details = record(r.details);
  const progress = record(r.progress_eval);
  const comparisons = record(r.baseline_comparisons);
  const metricId = first(stringOrNull(details.primary_metric_id), stringOrNull(progress.primary_metric_id), stringOrNull(comparisons.primary_metric_id));
  const items = Array.isArray(comparisons.items) ? comparisons.items.map(record) : [];
  const item = items.find((i) => i.metric_id === metricId) ?? null;
  const summary = record(r.metrics_summary);
  const evidence: string[] = [];
  const add = (p: unknown) => {
    if (typeof p !== 'string' || !p.trim()) return;
    const rel = questRelative(quest, run.workspaceRel, p.trim());
    if (!evidence.includes(rel)) evidence.push(rel);
  };
  const paths = record(r.paths);
  add(paths.run_md);
  add(paths.result_json);
  if (Array.isArray(r.evidence_paths)) r.evidence_paths.forEach(add);
  return {
    artifactId: run.artifactId,
    runId: run.runId,
    runKind: run.runKind,
    title: first(stringOrNull(details.title), stringOrNull(r.title)),
    verdict: first(stringOrNull(r.verdict), stringOrNull(details.verdict)),
    reason: first(stringOrNull(r.reason), stringOrNull(progress.reason)),
    metricId,
    value: first(num(details.primary_value), num(progress.run_value), num(item?.run_value), metricId ? num(summary[metricId]) : null),
    baseline: first(num(details.baseline_value), num(progress.baseline_value), num(item?.baseline_value)),
    delta: first(num(details.delta_vs_baseline), num(progress.delta_vs_baseline), num(item?.delta)),
    ideaId: stringOrNull(r.idea_id),
    campaignId: stringOrNull(r.campaign_id),
    sliceId: stringOrNull(r.slice_id),
    branch: stringOrNull(r.branch),
    evidence,
  };
}

export interface IdeaCard {
  card: Card;
  /** `## Hypothesis` of the card body, else null. */
  hypothesis: string | null;
  mechanism: string | null;
}

/** A `## <name>` section of a markdown body, trimmed; null when absent or a "Not recorded"/"TBD" filler. */
export function section(body: string, name: string): string | null {
  const lines = body.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((l) => new RegExp(`^#{2,3}\\s+${name}\\s*$`, 'i').test(l));
  if (start < 0) return null;
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,3}\s/.test(line)) break;
    out.push(line);
  }
  const text = out.join('\n').trim();
  return text === '' || /^(not recorded|tbd|none recorded yet\.?)$/i.test(text) ? null : text;
}

/** The idea card `idea_id`: `memory/ideas/<id>/idea.md` or a `memory/ideas/*.md` card with that id, in the quest
 *  root first, then in each workspace (upstream keeps idea cards in the idea's worktree). */
export function findIdeaCard(quest: Quest, ideaId: string, warnings: FileWarning[] = []): IdeaCard | null {
  if (!/^[A-Za-z0-9._-]+$/.test(ideaId)) return null;
  const outside = outsideHomeCheck(quest.home);
  for (const ws of listWorkspaces(quest)) {
    const memory = path.join(ws.root, 'memory');
    const candidates = [path.join(memory, 'ideas', ideaId, 'idea.md'), path.join(memory, 'ideas', `${ideaId}.md`)];
    for (const { file } of listCardFiles(memory, ['ideas'])) candidates.push(file);
    for (const file of candidates) {
      if (!fs.existsSync(file)) continue;
      // Its hypothesis and mechanism go into the draft: a card outside the home is not read (said once).
      const away = outside(file);
      if (away) {
        if (!warnings.some((w) => w.file === away.file)) warnings.push(away);
        continue;
      }
      const card = readCardFile(file, 'quest', 'ideas', quest.id).card;
      if (!card) continue;
      const named = path.basename(path.dirname(file)) === ideaId || path.basename(file, '.md') === ideaId;
      if (card.id !== ideaId && !(named && card.id === null)) continue;
      return { card, hypothesis: section(card.body, 'Hypothesis'), mechanism: section(card.body, 'Mechanism') };
    }
  }
  return null;
}

/** Tags that say what a lesson is about; workflow bookkeeping (`branch:`, `next:`, `lineage:` ..., the `idea-draft`
 *  DeepScientist puts on idea cards) and state tags (a lesson is no checkpoint, state-cards.ts) are left out. */
const WORKFLOW_TAG = /^(branch|next|lineage|stage|status|anchor|run|worktree):|^idea-draft$/i;

export function topicalTags(...lists: unknown[]): string[] {
  const out: string[] = [];
  for (const list of lists) {
    for (const tag of tagList(list)) if (!WORKFLOW_TAG.test(tag) && !isStateCard([tag]) && !out.includes(tag)) out.push(tag);
  }
  return out;
}
