// A cluster's pairs as the lessons screen shows them above its cards: how sure the cluster is, then every pair of its
// cards with its grade and the reasons for and against (issue 34), wrapped to the width in a row budget. Pure.
import { isAgainstReason, NOT_SCORED, type Cluster, type ClusterLink } from '../../core/index.js';
import { wrapText } from './all-cards.js';

export interface PairLine {
  text: string;
  /** The pair has evidence against. */
  against: boolean;
}

/** `same lesson` links `=`, `likely` ones `≈`, members not linked to each other `·`. */
const MARK = { 'same lesson': '=', likely: '≈', none: '·' } as const;

/** The ids without what all of the cluster's ids start with (`knowledge-`), so a pair fits a narrow column. */
function shortIds(cluster: Cluster): (id: string) => string {
  const ids = cluster.cards.map((c) => c.id ?? '');
  let common = ids[0] ?? '';
  for (const id of ids) while (!id.startsWith(common)) common = common.slice(0, -1);
  const cut = common.lastIndexOf('-') + 1;
  return (id) => id.slice(cut);
}

/** One pair's text: mark, ids, score, grade, the reasons for, then those against. */
export function pairText(link: ClusterLink, short: (id: string) => string = (id) => id): string {
  const against = link.reasons.filter(isAgainstReason);
  const reasons = link.reasons.filter((r) => r !== NOT_SCORED && !isAgainstReason(r));
  const grade = link.grade ?? 'not linked';
  const why = link.reasons.includes(NOT_SCORED) ? NOT_SCORED : reasons.join('; ') || 'nothing shared';
  return `${MARK[link.grade ?? 'none']} ${short(link.a)} ~ ${short(link.b)} ${link.score.toFixed(2)} ${grade}: ${why}${against.length ? ` · against: ${against.join('; ')}` : ''}`;
}

/** The cluster's confidence and how many of its pairs are linked, the line above them. */
export function confidenceText(cluster: Cluster): string {
  const linked = cluster.links.filter((l) => l.grade !== null).length;
  return `${cluster.confidence} · ${linked} of ${cluster.links.length} pairs linked`;
}

/**
 * Every pair, wrapped to `width`, in at most `rows` rows: each pair gets the rows it needs up to 3, fewer when all would
 * not fit (at least one, cut), and when even one row each does not fit, the last row says how many pairs are left.
 */
export function pairLines(cluster: Cluster, width: number, rows: number): PairLine[] {
  const short = shortIds(cluster);
  const wrapped = cluster.links.map((link) => ({
    lines: wrapText(pairText(link, short), Math.max(10, width), 3),
    against: link.reasons.some(isAgainstReason),
  }));
  const need = wrapped.reduce((n, w) => n + w.lines.length, 0);
  if (need <= rows) return wrapped.flatMap((w) => w.lines.map((text) => ({ text, against: w.against })));
  if (wrapped.length > rows) {
    const shown = wrapped.slice(0, Math.max(0, rows - 1)).map((w) => ({ text: w.lines[0], against: w.against }));
    return [...shown, { text: `… ${wrapped.length - shown.length} more pairs (distill lessons --json lists every pair)`, against: false }];
  }
  // Each pair its share of the rows, the first pairs (the linked ones, strongest first) the rounding.
  let left = rows;
  return wrapped.flatMap((w, i) => {
    const share = Math.max(1, Math.min(w.lines.length, Math.floor(left / (wrapped.length - i))));
    left -= share;
    return w.lines.slice(0, share).map((text) => ({ text, against: w.against }));
  });
}
