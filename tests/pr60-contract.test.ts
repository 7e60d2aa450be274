// Acceptance for issue 12: what a TUI review (through the UI's core facade) and `distill apply` write on the sample
// quest 001 with its worktree (fixtures/demo-home) meets PR #60's contract as the formats spec states it (§6). The
// checks below restate PR #60's validate_experience_metadata, validate_cross_quest_patch and the distill_review
// schema checks on their own, reading the files with plain js-yaml and JSON: nothing from src/ judges the result.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { resolveQuest } from '../src/core/quest/home.js';
import { createCoreFacade } from '../src/ui/review/core-facade.js';
import { stageDecision } from '../src/ui/review/decisions.js';
import { copyFixture } from './helpers/home.js';
import { NOW, diffSnapshots, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const RUN = 'run-a400216f';
const D = {
  lora: 'draft:001/main-001__lora-warmup',
  warmup: 'draft:001/main-001__warmup-divergence',
  bottleneck: 'draft:001/main-001__bottleneck-vs-rank',
  todo: 'draft:001/main-001__seed-noise',
};
const WARMUP_CARD = 'knowledge-05abb9e0';
const ADAPTER_CARD = 'knowledge-edbc526f';
const DECIDED = new Set(['new', 'patch', 'neighbor_but_separate', 'reject']);
/** A lesson an agent wrote straight into global memory for quest 001: `status: draft`, no lineage yet. */
const AGENT_DRAFT = `---
id: knowledge-a9e17d01
type: knowledge
kind: knowledge
title: LoRA diverges too with warmup below 3%
quest_id: '001'
status: draft
source: auto
claim: LoRA runs with warmup_ratio below 0.03 diverge on CoNLL-1k.
tags:
- domain:nlp
- topic:peft
created_at: '2026-06-01T09:00:00+00:00'
updated_at: '2026-06-01T09:00:00+00:00'
scope: global
---
Written by the agent after main-001.
`;

// ---- PR #60 restated ------------------------------------------------------------------------------------------
const pyStr = (v: unknown) => (v === undefined || v === null || v === false || v === 0 || v === '' ? '' : String(v).trim());

function frontmatter(text: string): Record<string, unknown> {
  const t = text.replace(/\r\n/g, '\n'); // read_text
  const parts = t.split('---\n');
  expect(t.startsWith('---\n') && parts.length >= 3).toBe(true);
  return (yaml.load(parts[1]) ?? {}) as Record<string, unknown>;
}

function validateExperienceMetadata(meta: Record<string, unknown>): void {
  if (!pyStr(meta.claim)) throw new Error('Experience frontmatter missing required field `claim`');
  const lineage = meta.lineage ?? [];
  if (!Array.isArray(lineage) || lineage.length === 0) throw new Error('Experience frontmatter `lineage` must be a non-empty list');
  lineage.forEach((entry, idx) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new Error(`Experience lineage[${idx}] must be a dict`);
    for (const key of ['quest', 'run']) if (!pyStr((entry as Record<string, unknown>)[key])) throw new Error(`lineage[${idx}] missing ${key}`);
  });
}

function validateCrossQuestPatch(before: Record<string, unknown>, after: Record<string, unknown>, quest: string): void {
  validateExperienceMetadata(after);
  const owning = new Set(((before.lineage as Record<string, unknown>[]) ?? []).map((e) => pyStr(e.quest)));
  if (owning.size === 0 || (owning.size === 1 && owning.has(quest))) return;
  if (pyStr(before.claim) !== pyStr(after.claim)) throw new Error('Cross-quest patch may not change `claim` text');
  if (Number(after.confidence ?? 0) > Number(before.confidence ?? 0)) throw new Error('Cross-quest patch may only downgrade `confidence`');
  const a = (after.lineage as unknown[]) ?? [];
  const b = (before.lineage as unknown[]) ?? [];
  if (a.length < b.length || JSON.stringify(a.slice(0, b.length)) !== JSON.stringify(b)) throw new Error('Cross-quest patch may not rewrite lineage');
}

function validateDistillReview(r: Record<string, unknown>, knownRuns: Set<string>): void {
  for (const key of ['verdict', 'action', 'reason']) expect(pyStr(r[key]), key).not.toBe('');
  expect(r.action).toBe('distill_review');
  const reviewed = r.reviewed_run_ids as string[];
  expect(Array.isArray(reviewed) && reviewed.length > 0, 'reviewed_run_ids non-empty').toBe(true);
  for (const id of reviewed) expect(knownRuns.has(id), `${id} known run`).toBe(true);
  const cards = r.cards_written as Record<string, unknown>[];
  expect(Array.isArray(cards)).toBe(true);
  if (cards.length === 0) expect(pyStr(r.reason_if_empty)).not.toBe('');
  for (const c of cards) {
    expect(['new', 'patch']).toContain(c.action);
    expect(['global', 'quest']).toContain(c.scope);
    expect(reviewed).toContain(c.target_run_id);
  }
  for (const n of (r.neighbor_decisions as Record<string, unknown>[]) ?? []) {
    expect(pyStr(n.candidate_card_id)).not.toBe('');
    expect(['patch', 'new', 'neighbor_but_separate']).toContain(n.decision);
    expect(pyStr(n.reason)).not.toBe('');
    expect(reviewed).toContain(n.target_run_id);
  }
}

// ---- the sample home as DeepScientist sees it ------------------------------------------------------------------
function questRoot(home: string): string {
  return path.join(home, 'quests', '001');
}

/** QuestService.active_workspace_root: current_workspace_root, else research_head_worktree_root, else the quest. */
function activeWorkspace(home: string): string {
  const root = questRoot(home);
  const recorded = (yaml.load(fs.readFileSync(path.join(root, 'quest.yaml'), 'utf8')) as { quest_root: string }).quest_root;
  const state = JSON.parse(fs.readFileSync(path.join(root, '.ds', 'research_state.json'), 'utf8'));
  const stored = state.current_workspace_root || state.research_head_worktree_root;
  return stored ? path.join(root, path.relative(recorded, stored)) : root;
}

function artifactDirs(home: string): string[] {
  const root = questRoot(home);
  const wt = path.join(root, '.ds', 'worktrees');
  return [root, ...fs.readdirSync(wt).map((n) => path.join(wt, n))].map((r) => path.join(r, 'artifacts')).filter((d) => fs.existsSync(d));
}

function knownRuns(home: string): Set<string> {
  const out = new Set<string>();
  for (const dir of artifactDirs(home)) {
    for (const line of fs.readFileSync(path.join(dir, '_index.jsonl'), 'utf8').split('\n').filter(Boolean)) {
      const e = JSON.parse(line);
      if (e.kind === 'run') out.add(e.artifact_id);
    }
  }
  return out;
}

function distillReviews(home: string): { file: string; record: Record<string, unknown> }[] {
  const out: { file: string; record: Record<string, unknown> }[] = [];
  for (const dir of artifactDirs(home)) {
    const decisions = path.join(dir, 'decisions');
    if (!fs.existsSync(decisions)) continue;
    for (const name of fs.readdirSync(decisions)) {
      const record = JSON.parse(fs.readFileSync(path.join(decisions, name), 'utf8'));
      if (record.action === 'distill_review') out.push({ file: path.join(decisions, name), record });
    }
  }
  return out;
}

/** Latest decision per draft in distill's ledger. */
function ledger(home: string): Map<string, string> {
  const out = new Map<string, string>();
  const file = path.join(home, '.distill', 'reviewed.jsonl');
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const e = JSON.parse(line);
    if (e.decision === 'reverted') out.delete(e.draft_id);
    else out.set(e.draft_id, e.decision);
  }
  return out;
}

/** PR #60 drafts of the quest tied to a run by their lineage. */
function draftsOfRun(home: string, run: string): string[] {
  const dir = path.join(home, 'drafts', 'experiences', '001');
  return fs.readdirSync(dir).filter((n) => n.endsWith('.md')).filter((n) => {
    const meta = frontmatter(fs.readFileSync(path.join(dir, n), 'utf8'));
    return ((meta.lineage as Record<string, unknown>[]) ?? []).some((e) => e.run === run);
  }).map((n) => `draft:001/${n.slice(0, -3)}`);
}

function checkContract(home: string, before: Map<string, string>): void {
  const changed = diffSnapshots(before, snapshot(home));
  // Cards: every created one passes validate_experience_metadata, every revised one validate_cross_quest_patch.
  for (const c of changed.filter((x) => /^[+~] memory\/knowledge\/.*\.md$/.test(x))) {
    const rel = c.slice(2);
    const after = frontmatter(fs.readFileSync(path.join(home, rel), 'utf8'));
    if (c.startsWith('+')) validateExperienceMetadata(after);
    else validateCrossQuestPatch(frontmatter(Buffer.from(before.get(rel)!, 'latin1').toString('utf8')), after, '001');
  }
  const reviews = distillReviews(home);
  expect(reviews.length).toBeGreaterThan(0);
  const decided = ledger(home);
  const active = activeWorkspace(home);
  const cards = new Map(
    fs.readdirSync(path.join(home, 'memory', 'knowledge')).filter((n) => n.endsWith('.md'))
      .map((n) => frontmatter(fs.readFileSync(path.join(home, 'memory', 'knowledge', n), 'utf8')))
      .map((meta) => [meta.id, meta]),
  );
  for (const { file, record } of reviews) {
    validateDistillReview(record, knownRuns(home));
    // In the active workspace (where the reviewed run lives), and describing it.
    expect(path.dirname(path.dirname(file))).toBe(path.join(active, 'artifacts'));
    expect(record.workspace_root).toBe(active);
    const index = fs.readFileSync(path.join(active, 'artifacts', '_index.jsonl'), 'utf8');
    expect(index).toContain(`"artifact_id": "${record.artifact_id}"`);
    // Every reviewed run fully decided: each of its drafts has a decision (defer is none).
    for (const run of record.reviewed_run_ids as string[]) {
      for (const d of draftsOfRun(home, run)) expect(DECIDED.has(decided.get(d) ?? 'undecided'), `${d} of ${run} decided`).toBe(true);
    }
    // Every card it names as written is there and carries PR #60's experience contract (new, patched or accepted).
    for (const c of record.cards_written as { card_id: string }[]) {
      expect(cards.has(c.card_id), c.card_id).toBe(true);
      validateExperienceMetadata(cards.get(c.card_id)!);
    }
  }
  // PR #60's list_distill_candidates (the active workspace only) no longer lists the run.
  const reviewed = new Set(reviews.flatMap((r) => r.record.reviewed_run_ids as string[]));
  expect(reviewed.has(RUN)).toBe(true);
}

describe('PR #60 contract on sample quest 001 (demo-home)', () => {
  it('a TUI review through the core facade: new, patch, s, defer, then the run closed', async () => {
    const home = copyFixture('demo-home');
    const before = snapshot(home);
    const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } });
    const data = facade.load();
    const item = (id: string) => data.drafts.find((d) => d.id === id)!;
    const stage = (id: string, decision: 'new' | 'patch' | 'neighbor_but_separate' | 'defer', target?: string) => {
      const neighbors = facade.neighbors(item(id));
      const chosen = target ? neighbors.find((n) => n.cardId === target) : undefined;
      if (target) expect(chosen, `${target} among the neighbors of ${id}`).toBeDefined();
      return stageDecision(item(id), decision, undefined, neighbors, chosen);
    };
    const first = [
      stage(D.lora, 'new'),
      stage(D.warmup, 'patch', WARMUP_CARD),
      stage(D.bottleneck, 'neighbor_but_separate', ADAPTER_CARD),
      stage(D.todo, 'defer'),
    ];
    expect(facade.describe(first).lines.join('\n')).toContain(`${RUN} stays uncovered: 1 draft still undecided`);
    await facade.write(first);
    expect(distillReviews(home)).toEqual([]); // partial progress covers nothing
    facade.load();
    await facade.write([{ draftId: `run:${RUN}`, decision: 'reject', reason: 'single seed, nothing to learn', neighbors: [] }]);
    checkContract(home, before);
    const [review] = distillReviews(home);
    // The decision that covers the run names every card that came from it, the first write's included.
    expect((review.record.cards_written as { action: string }[]).map((c) => c.action).sort()).toEqual(['new', 'new', 'patch']);
  });

  it('an agent\'s draft that already is a global card, accepted with c (new) in the TUI: written in place, passing', async () => {
    const home = copyFixture('demo-home');
    const file = path.join(home, 'memory', 'knowledge', 'agent-draft-lora-warmup.md');
    fs.writeFileSync(file, AGENT_DRAFT);
    const before = snapshot(home);
    const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } });
    const data = facade.load();
    const item = data.drafts.find((d) => d.id === 'knowledge-a9e17d01')!;
    expect(item).toBeDefined();
    const accept = stageDecision(item, 'new', RUN, facade.neighbors(item), undefined);
    // d on the staged decision shows the card's diff, not a new card.
    const preview = facade.cardPreview(accept);
    expect(preview).toMatchObject({ path: 'memory/knowledge/agent-draft-lora-warmup.md', accepted: true });
    expect(preview.lines).toContain('-status: draft');
    await facade.write([accept, { draftId: `run:${RUN}`, decision: 'reject', reason: 'the rest is noise', neighbors: [] }]);
    checkContract(home, before);
    expect(fs.readdirSync(path.join(home, 'memory', 'knowledge')).filter((n) => n.endsWith('.md'))).toHaveLength(7);
    const meta = frontmatter(fs.readFileSync(file, 'utf8'));
    expect(meta).not.toHaveProperty('status');
    expect(meta.lineage).toEqual([{ quest: '001', run: RUN, direction: 'main', note: expect.any(String) }]);
  });

  it('distill apply with every decision kind', async () => {
    const home = copyFixture('demo-home');
    const before = snapshot(home);
    const rows = [
      { draft: D.lora, decision: 'new', reason: 'a lesson' },
      { draft: D.warmup, decision: 'patch', neighbor: WARMUP_CARD, reason: 'same mechanism' },
      { draft: D.bottleneck, decision: 'neighbor_but_separate', neighbor: ADAPTER_CARD, reason: 'different knob' },
      { draft: D.todo, decision: 'reject', reason: 'single seed' },
    ];
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), rows), '--yes', '--reviewer', 'alice'], { DISTILL_NOW: NOW });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    checkContract(home, before);
  });
});
