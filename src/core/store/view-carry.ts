// What a store view made (the tags answered, recall's recency order) carried over to the view made after a card came
// or went (issue 36: a resident server's request after a card file is added, renamed or deleted). Positions after the
// change move by one: each old position's new one is found by walking both views' paths side by side (O(cards) integer
// and name steps), instead of scanning every card's tags again and sorting every card by date.
import { MEMORY_KINDS, type MemoryKind } from '../model.js';
import { lowerBound } from './entries.js';

const ORDER = new Map<MemoryKind, number>(MEMORY_KINDS.map((kind, i) => [kind, i]));

/** One view's positions: the kind and file name of each (path order) and its entry (an object kept while unchanged). */
export interface Positions {
  kindOf: readonly MemoryKind[];
  names: readonly string[];
  entries: readonly object[];
}

export interface Carried {
  /** Each old position's new one; -1 where the file went or was read again (a new entry). */
  toNew: Int32Array;
  /** The new positions no old one maps to: files that came or were read again. */
  fresh: number[];
}

export function carryPositions(before: Positions, now: Positions): Carried {
  const toNew = new Int32Array(before.names.length).fill(-1);
  const mapped = new Uint8Array(now.names.length);
  const n = now.names.length;
  let j = 0;
  for (let i = 0; i < before.names.length; i++) {
    // Most positions hold the same entry object in both: a pointer comparison; names are compared only around a change.
    if (j < n && now.entries[j] === before.entries[i]) {
      toNew[i] = j;
      mapped[j++] = 1;
      continue;
    }
    const kind = ORDER.get(before.kindOf[i])!;
    const name = before.names[i];
    for (; j < n; j++) {
      const k = ORDER.get(now.kindOf[j])!;
      if (k > kind || (k === kind && now.names[j] >= name)) break;
    }
    if (j < n && now.kindOf[j] === before.kindOf[i] && now.names[j] === name && now.entries[j] === before.entries[i]) {
      toNew[i] = j;
      mapped[j++] = 1;
    }
  }
  const fresh: number[] = [];
  for (let k = 0; k < n; k++) if (!mapped[k]) fresh.push(k);
  return { toNew, fresh };
}

/** A tag's positions (ascending, once per time the card carries it) moved to the new view; `tagsAt` for fresh ones. */
export function carryTagList(list: readonly number[], tag: string, { toNew, fresh }: Carried, tagsAt: (at: number) => readonly string[]): number[] {
  const out: number[] = [];
  for (const at of list) {
    const to = toNew[at];
    if (to >= 0) out.push(to);
  }
  for (const at of fresh) {
    const times = tagsAt(at).reduce((n, t) => (t === tag ? n + 1 : n), 0);
    if (times) out.splice(lowerBound(out, at), 0, ...new Array<number>(times).fill(at));
  }
  return out;
}

/** Position `at` re-read in place (no position moved): its count made again in the lists of the tags it carried or
 *  carries; the other tags' lists hold no such position. */
export function retag(tagged: Map<string, number[]>, at: number, before: readonly string[], now: readonly string[]): void {
  for (const tag of new Set([...before, ...now])) {
    const list = tagged.get(tag);
    if (!list) continue;
    const from = lowerBound(list, at);
    let end = from;
    while (end < list.length && list[end] === at) end++;
    const times = now.reduce((n, t) => (t === tag ? n + 1 : n), 0);
    if (times !== end - from) list.splice(from, end - from, ...new Array<number>(times).fill(at));
  }
}
