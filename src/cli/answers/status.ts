// What `distill status` answers, shared by the command and the MCP `status` tool: every quest of the home with its
// coverage, drafts, notes and last activity, and the quirks files' unreviewed entries.
import { homeStatus, openStoreIfUnmoved, openStoreSync, type FileWarning, type HomeStatus, type QuestStatus } from '../../core/index.js';
import type { CardSource } from './source.js';

export function questStatusJson(q: QuestStatus): Record<string, unknown> {
  return {
    id: q.id,
    title: q.title,
    root: q.root,
    covered: q.covered,
    total: q.total,
    pending_runs: q.pending.map((c) => c.artifactId),
    drafts: q.drafts,
    notes: q.notes,
    // Decisions staged in a review left without writing, offered back when the quest is opened.
    staged: q.staged ?? 0,
    last_activity: q.lastActivity,
    error: q.error,
  };
}

export interface StatusAnswer {
  status: HomeStatus;
  warnings: FileWarning[];
  json: Record<string, unknown>;
}

export function status(home: string, env: NodeJS.ProcessEnv, runKinds: string[] | undefined, source: CardSource): StatusAnswer {
  // Metadata only: which quest cards are already promoted. A fresh process reads it from the cache alone while no card
  // file came, went or was renamed (the card store is not touched); else the store is opened (each file stat-ed,
  // changed ones read). A resident index has it at hand.
  const global = source.statusStore?.(home, env) ?? openStoreIfUnmoved(home, { env }) ?? openStoreSync(home, { env });
  const found = homeStatus(home, { runKinds, global });
  const json = {
    home,
    quests: found.quests.map(questStatusJson),
    quirks: { unreviewed: found.quirks.unreviewed, files: found.quirks.files.map((f) => ({ kind: f.kind, path: f.path, exists: f.exists, entries: f.entries, unreviewed: f.unreviewed })) },
  };
  return { status: found, warnings: [...global.warnings, ...found.warnings], json };
}
