// The audit log `<home>/.distill/audit.jsonl` as `distill log` prints it: one entry per written action, reviews
// (apply, revert, rollback) and cleanup (merge, archive, ignore, edit, restore) alike: who, when, what, why.
import type { FileWarning } from '../model.js';
import { readJsonl } from '../format/jsonl.js';
import { auditPath } from '../journal/audit.js';
import { QUIRKS_QUEST } from '../quest/quirks.js';

export interface AuditEntry {
  at: string;
  who: string;
  action: string;
  /** The action's id: `cleanup-<8hex>` or a review's `decision-<8hex>`. */
  id: string;
  what: string;
  why: string;
  /** A review's decisions with the reviewer's reasons (audit lines written before they were recorded: none). */
  decisions: { draft: string; decision: string; card: string | null; reason: string }[];
  raw: Record<string, unknown>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

function whatOf(row: Record<string, unknown>): string {
  if (typeof row.summary === 'string' && row.summary) return row.summary;
  const action = str(row.action);
  if (action === 'apply' && row.quest_id === QUIRKS_QUEST) {
    return `review of the quirks files: ${list(row.created).length} new, ${list(row.revised).length} revised card(s)`;
  }
  if (action === 'apply') {
    return `review of quest ${str(row.quest_id)}: ${list(row.created).length} new, ${list(row.revised).length} revised card(s)`;
  }
  if (action === 'revert') return `revert review ${str(row.review_id)} of quest ${str(row.quest_id)}`;
  if (typeof row.message === 'string') return row.message;
  return list(row.cards).join(', ');
}

function decisionsOf(row: Record<string, unknown>): AuditEntry['decisions'] {
  if (!Array.isArray(row.decisions)) return [];
  return row.decisions
    .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
    .map((d) => ({ draft: str(d.draft), decision: str(d.decision), card: typeof d.card === 'string' ? d.card : null, reason: str(d.reason) }));
}

export function toAuditEntry(row: Record<string, unknown>): AuditEntry {
  return {
    at: str(row.at),
    who: str(row.reviewer ?? row.who) || '-',
    action: str(row.action) || '-',
    id: str(row.action_id ?? row.review_id) || '-',
    what: whatOf(row),
    why: str(row.why ?? row.reason),
    decisions: decisionsOf(row),
    raw: row,
  };
}

export function readAudit(home: string): { entries: AuditEntry[]; warnings: FileWarning[] } {
  const { rows, warnings } = readJsonl(auditPath(home));
  return { entries: rows.map(toAuditEntry), warnings };
}

export function auditText(entry: AuditEntry): string {
  const why = entry.why ? `\n    why: ${entry.why.replace(/\s+/g, ' ')}` : '';
  const decided = entry.decisions.map((d) => {
    const card = d.card ? ` → ${d.card}` : '';
    return `\n    ${d.decision} ${d.draft}${card}${d.reason ? `: ${d.reason.replace(/\s+/g, ' ')}` : ''}`;
  });
  return `${entry.at}  ${entry.who}  ${entry.action} ${entry.id}\n    ${entry.what}${why}${decided.join('')}`;
}
