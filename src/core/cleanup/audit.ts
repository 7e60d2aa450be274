// The audit log `<home>/.distill/audit.jsonl` as `distill log` prints it: one entry per written action, reviews
// (apply, revert, rollback) and cleanup (merge, archive, ignore, edit, restore) alike: who, when, what, why.
import type { FileWarning } from '../model.js';
import { readJsonl } from '../format/jsonl.js';
import { auditPath } from '../journal/audit.js';

export interface AuditEntry {
  at: string;
  who: string;
  action: string;
  /** The action's id: `cleanup-<8hex>` or a review's `decision-<8hex>`. */
  id: string;
  what: string;
  why: string;
  raw: Record<string, unknown>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

function whatOf(row: Record<string, unknown>): string {
  if (typeof row.summary === 'string' && row.summary) return row.summary;
  const action = str(row.action);
  if (action === 'apply') {
    return `review of quest ${str(row.quest_id)}: ${list(row.created).length} new, ${list(row.revised).length} revised card(s)`;
  }
  if (action === 'revert') return `revert review ${str(row.review_id)} of quest ${str(row.quest_id)}`;
  if (typeof row.message === 'string') return row.message;
  return list(row.cards).join(', ');
}

export function toAuditEntry(row: Record<string, unknown>): AuditEntry {
  return {
    at: str(row.at),
    who: str(row.reviewer ?? row.who) || '-',
    action: str(row.action) || '-',
    id: str(row.action_id ?? row.review_id) || '-',
    what: whatOf(row),
    why: str(row.why ?? row.reason),
    raw: row,
  };
}

export function readAudit(home: string): { entries: AuditEntry[]; warnings: FileWarning[] } {
  const { rows, warnings } = readJsonl(auditPath(home));
  return { entries: rows.map(toAuditEntry), warnings };
}

export function auditText(entry: AuditEntry): string {
  const why = entry.why ? `\n    why: ${entry.why.replace(/\s+/g, ' ')}` : '';
  return `${entry.at}  ${entry.who}  ${entry.action} ${entry.id}\n    ${entry.what}${why}`;
}
