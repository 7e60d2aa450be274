// Newest first, as DeepScientist's list_recent orders cards: recall's order and the neighbor engine's tie-break.
import type { CardMeta } from '../store/cardMeta.js';

type Dated = Pick<CardMeta, 'updatedAt' | 'path'>;

const times = new WeakMap<Dated, number>();

/** updated_at as epoch ms; missing or unparseable sorts last (as DeepScientist's list_recent does). */
export function timeOf(card: Dated): number {
  let t = times.get(card);
  if (t === undefined) {
    // `2026-05-10 22:01:19+00:00` (str(datetime) of an unquoted timestamp) reads like the ISO form.
    t = card.updatedAt ? Date.parse(card.updatedAt.trim().replace(' ', 'T')) : NaN;
    if (Number.isNaN(t)) t = -Infinity;
    times.set(card, t);
  }
  return t;
}

/** Newer first, then path descending (DeepScientist's list_recent order). `ta`/`tb`: their timeOf, where known. */
export function byRecency(a: Dated, b: Dated, ta = timeOf(a), tb = timeOf(b)): number {
  return tb - ta || (a.path < b.path ? 1 : a.path > b.path ? -1 : 0);
}
