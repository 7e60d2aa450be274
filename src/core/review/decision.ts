// The distill_review decision artifact in DeepScientist's record shape (formats §4.3 key order, §4.6 payload),
// its 7-key `artifacts/_index.jsonl` line (§4.4) and its `artifact.recorded` event line (§4.3 step 8).
import path from 'node:path';
import { pyJsonLine, pyJsonPretty } from '../format/pyjson.js';
import { sha256Hex, canonicalJson } from './ids.js';

export interface CardWritten {
  card_id: string;
  scope: 'global';
  action: 'new' | 'patch';
  target_run_id: string;
}

export interface NeighborDecision {
  candidate_card_id: string;
  decision: 'patch' | 'new' | 'neighbor_but_separate';
  target_run_id: string;
  reason: string;
}

export interface DraftDecisionNote {
  draft_id: string;
  draft_path: string;
  decision: string;
  target_run_id: string;
  card_id: string | null;
  reason: string;
}

export interface DecisionInput {
  id: string;
  questId: string;
  questRoot: string;
  /** The workspace the decision is recorded in (default the quest root, `.`). */
  workspaceRoot?: string;
  workspaceRel?: string;
  now: string;
  reviewer: string;
  branch: string;
  head: string | null;
  verdict: string;
  action: string;
  reason: string;
  summary: string;
  reviewedRunIds: string[];
  cardsWritten: CardWritten[];
  neighborDecisions: NeighborDecision[];
  reasonIfEmpty: string | null;
  drafts: DraftDecisionNote[];
  /** Extra payload keys (e.g. a revert's `reverted` block). */
  extra?: Record<string, unknown>;
  status?: string;
}

/** `<workspace>/artifacts/decisions/<id>.json`: the workspace that holds the reviewed runs (see plan-runs.ts). */
export function decisionPath(workspaceRoot: string, id: string): string {
  return path.join(workspaceRoot, 'artifacts', 'decisions', `${id}.json`);
}

function guidanceVm(id: string, reason: string, action: string): Record<string, unknown> {
  return {
    current_anchor: 'decision',
    recommended_skill: 'decision',
    recommended_action: action,
    summary: 'A decision was recorded. Follow the chosen route and keep the next outcome durable.',
    why_now: reason,
    complete_when: [
      'The next stage starts and writes its first durable output.',
      'Any new ambiguity is converted into another explicit decision.',
    ],
    alternative_routes: [],
    suggested_artifact_calls: [
      { name: 'artifact.record(...)', purpose: 'Persist the first durable output of the chosen route.' },
    ],
    requires_user_decision: false,
    pending_interaction_id: null,
    source_artifact_kind: 'decision',
    source_artifact_id: id,
    related_paths: [],
    stage_status: 'ready',
  };
}

/**
 * The record. `source` is `{kind: "user", role: "reviewer", name}`: DeepScientist's `source.kind` says who produced
 * a record (`agent`, `system`); a person reviewing at the terminal is neither, and `role`/`name` say which person.
 */
export function decisionRecord(input: DecisionInput): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    action: input.action,
    verdict: input.verdict,
    reason: input.reason,
    summary: input.summary,
    reviewed_run_ids: input.reviewedRunIds,
    cards_written: input.cardsWritten,
  };
  if (input.reasonIfEmpty !== null) payload.reason_if_empty = input.reasonIfEmpty;
  payload.neighbor_decisions = input.neighborDecisions;
  payload.draft_decisions = input.drafts;
  Object.assign(payload, input.extra ?? {});
  payload.anchor = 'distill';
  const fingerprint = sha256Hex(input.questId, canonicalJson(payload));
  return {
    kind: 'decision',
    schema_version: 1,
    artifact_id: input.id,
    id: input.id,
    quest_id: input.questId,
    created_at: input.now,
    updated_at: input.now,
    source: { kind: 'user', role: 'reviewer', name: input.reviewer },
    status: input.status ?? 'pending',
    branch: input.branch,
    head_commit: input.head,
    workspace_root: input.workspaceRoot ?? input.questRoot,
    workspace_rel_path: input.workspaceRel ?? '.',
    ...payload,
    semantic_key: `decision:distill:${input.action}:${input.verdict}:${fingerprint}`,
    guidance_vm: guidanceVm(input.id, input.reason, input.action),
  };
}

export function decisionText(record: Record<string, unknown>): string {
  return pyJsonPretty(record);
}

/** The 7-key `_index.jsonl` line, with its newline. */
export function artifactIndexLine(record: Record<string, unknown>, file: string): string {
  return (
    pyJsonLine({
      artifact_id: record.artifact_id,
      kind: record.kind,
      status: record.status ?? null,
      quest_id: record.quest_id ?? null,
      path: file,
      summary: record.summary ?? record.message ?? null,
      updated_at: record.updated_at ?? null,
    }) + '\n'
  );
}

/** The `artifact.recorded` line DeepScientist appends to `<quest>/.ds/events.jsonl`. No git checkpoint is made. */
export function recordedEventLine(record: Record<string, unknown>, file: string): string {
  const vm = record.guidance_vm as Record<string, unknown>;
  return (
    pyJsonLine({
      type: 'artifact.recorded',
      quest_id: record.quest_id,
      artifact_id: record.artifact_id,
      kind: record.kind,
      recorded_at: record.updated_at,
      status: record.status,
      summary: record.summary ?? null,
      reason: record.reason ?? null,
      guidance: vm?.summary ?? null,
      guidance_vm: vm ?? null,
      paths: {},
      interaction_id: null,
      expects_reply: null,
      reply_mode: null,
      options: [],
      allow_free_text: null,
      reply_schema: {},
      reply_to_interaction_id: null,
      attachments: [],
      artifact_path: file,
      workspace_root: record.workspace_root,
      branch: record.branch,
      head_commit: record.head_commit,
      flow_type: null,
      protocol_step: null,
      idea_id: null,
      campaign_id: null,
      slice_id: null,
      details: {},
      checkpoint: null,
    }) + '\n'
  );
}
