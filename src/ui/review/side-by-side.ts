// Issue 17 (i17r): the draft and the focused neighbor side by side, field by field (the same field on the same row
// in both columns), a field whose value differs marked `≠` (as `distill lessons` marks a cluster's cards). Issue 35:
// why the neighbor matched on top (wrapped, never cut), the two bodies first, then the fields, the ones that differ
// only by identity or date (`id`, `created_at`, `updated_at`, `scope`, `kind`) folded into one line. Pure: lines laid
// out for a width, for the preview to scroll.
import { parseCardText, withBodyFields } from '../../core/index.js';
import type { ViewLine } from '../shared/ScrollView.js';
import { textLines, wrapLine } from '../shared/wrap.js';
import { reasonsLine } from './reasons-line.js';

const SEP = ' │ ';

function fieldValue(value: unknown): string {
  if (value === undefined) return '-';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') || '[]';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields in reading order: title and claim first, then the draft's own, then the neighbor's others. */
function fieldOrder(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const first = ['title', 'claim', 'tags', 'type', 'kind'];
  const keys = [...first, ...Object.keys(a), ...Object.keys(b)];
  return [...new Set(keys)].filter((k) => k in a || k in b);
}

function pad(text: string, width: number): string {
  const n = Array.from(text).length;
  return n >= width ? text : text + ' '.repeat(width - n);
}

/** Two texts as columns: each side wrapped to its column, the rows zipped. */
function zip(left: string, right: string, col: number, mark: string, color?: string): ViewLine[] {
  const l = wrapLine(left, col);
  const r = wrapLine(right, col);
  const out: ViewLine[] = [];
  for (let i = 0; i < Math.max(l.length, r.length); i++) {
    out.push({ text: `${i === 0 ? mark : ' '} ${pad(l[i] ?? '', col)}${SEP}${r[i] ?? ''}`, color });
  }
  return out;
}

/** Fields that differ only by identity or date: folded into one line, after the fields worth reading. */
const FOLDED = ['id', 'created_at', 'updated_at', 'scope', 'kind'];

export function sideBySideLines(
  draft: { id: string; text: string },
  neighbor: { cardId: string; text: string; score: number; reasons: readonly string[] },
  width: number,
): ViewLine[] {
  const col = Math.max(8, Math.floor((width - 2 - SEP.length - 1) / 2));
  const a = parseCardText(draft.text);
  const b = parseCardText(neighbor.text);
  // Why the neighbor is listed, on top, the whole width, wrapped (never cut).
  const lines: ViewLine[] = wrapLine(reasonsLine(neighbor.score, neighbor.reasons), Math.max(8, width - 1)).map((text) => ({ text, color: 'cyan' }));
  // No break after the label: a long draft id is split at the column's edge, not pushed to a row of its own.
  lines.push(...zip(`draft\u00a0${draft.id}`, `neighbor\u00a0${neighbor.cardId}`, col, ' ').map((l) => ({ ...l, bold: true })));
  // The bodies first, so the text to compare starts above the fold at 80x24.
  const left = textLines(a.body.replace(/^\n+/, ''));
  const right = textLines(b.body.replace(/^\n+/, ''));
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i];
    const r = right[i];
    lines.push(...zip(l ?? '', r ?? '', col, l !== r ? '≠' : ' '));
  }
  const fields: ViewLine[] = [];
  const folded: string[] = [];
  let differing = 0;
  // Fields as PR #60 reads them: a claim or keywords the top level lacks may sit in a block at the body's start.
  const am = withBodyFields(a.meta, a.body);
  const bm = withBodyFields(b.meta, b.body);
  const from = (read: Record<string, unknown>, top: Record<string, unknown>, key: string) => (read[key] !== top[key] ? ' (from the body block)' : '');
  for (const key of fieldOrder(am, bm)) {
    const l = fieldValue(am[key]);
    const r = fieldValue(bm[key]);
    const differs = l !== r;
    if (FOLDED.includes(key)) {
      folded.push(`${key} ${differs ? '≠' : '='}`);
      continue;
    }
    if (differs) differing += 1;
    fields.push(...zip(`${key}: ${l}${from(am, a.meta, key)}`, `${key}: ${r}${from(bm, b.meta, key)}`, col, differs ? '≠' : ' ', differs ? 'yellow' : undefined));
  }
  lines.push({ text: `  ── fields: ${differing} differ (≠); d shows what the staged decision writes` });
  lines.push(...fields);
  if (folded.length) {
    const text = `  ${folded.join(', ')} (identity and dates, folded)`;
    lines.push(...wrapLine(text, Math.max(8, width - 1)).map((t) => ({ text: t, color: 'gray' })));
  }
  return lines;
}
