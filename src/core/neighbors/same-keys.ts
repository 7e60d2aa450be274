// The neighbor engine's first stage: the slots whose card has the probe's exact normalized title or claim, a lineage
// run the probe names, or its body key. A one-shot index (a command) finds them in one pass over the docs, making no
// string per doc; a resident one (keepKeys) keeps a key → slots map, built on its first query and kept by add/remove.
import type { Doc } from './types.js';

export interface SameKeys {
  exactTitle: Set<number>;
  exactClaim: Set<number>;
  /** Slot → the first run the probe names that the card shares, in the order the probe names its runs. */
  sameRun: Map<number, string>;
  sameBody: number[];
}

type Part = 'title' | 'claim' | 'body' | 'run';

/** Key → ascending slots, per part. Slots of removed docs stay until the index compacts (then it is rebuilt). */
export class KeyMap {
  private readonly maps: Record<Part, Map<string, number[]>> = { title: new Map(), claim: new Map(), body: new Map(), run: new Map() };

  constructor(docs: readonly (Doc | null)[]) {
    docs.forEach((doc, slot) => doc && this.add(doc, slot));
  }

  private put(part: Part, key: string, slot: number): void {
    const list = this.maps[part].get(key);
    if (list) list.push(slot);
    else this.maps[part].set(key, [slot]);
  }

  add(doc: Doc, slot: number): void {
    if (doc.titleKey) this.put('title', doc.titleKey, slot);
    if (doc.claimKey) this.put('claim', doc.claimKey, slot);
    if (doc.bodyKey !== null) this.put('body', doc.bodyKey, slot);
    for (const run of new Set(doc.runs)) this.put('run', run, slot);
  }

  find(docs: readonly (Doc | null)[], titleKey: string, claimKey: string, runs: readonly string[], bodyKey: string | null): SameKeys {
    const live = (part: Part, key: string) => (this.maps[part].get(key) ?? []).filter((slot) => docs[slot] !== null);
    const exactTitle = new Set(titleKey ? live('title', titleKey) : []);
    const exactClaim = new Set(claimKey ? live('claim', claimKey) : []);
    const sameBody = bodyKey !== null ? live('body', bodyKey) : [];
    const sameRun = new Map<number, string>();
    for (const run of runs) for (const slot of live('run', run)) if (!sameRun.has(slot)) sameRun.set(slot, run);
    return { exactTitle, exactClaim, sameRun, sameBody };
  }
}

/** The same answer in one pass over the docs (a few ms at 100k cards), so a one-shot build keeps no map of keys. */
export function scanSameKeys(docs: readonly (Doc | null)[], titleKey: string, claimKey: string, runs: readonly string[], bodyKey: string | null): SameKeys {
  const exactTitle = new Set<number>();
  const exactClaim = new Set<number>();
  const byRun = runs.map(() => [] as number[]);
  const sameBody: number[] = [];
  for (let slot = 0; slot < docs.length; slot++) {
    const doc = docs[slot];
    if (!doc) continue;
    if (doc.keyIs) {
      // A doc of the features file compares its keys where they lie, making no string per doc and query.
      if (titleKey && doc.keyIs('title', titleKey)) exactTitle.add(slot);
      if (claimKey && doc.keyIs('claim', claimKey)) exactClaim.add(slot);
      if (bodyKey !== null && doc.keyIs('body', bodyKey)) sameBody.push(slot);
    } else {
      if (titleKey && doc.titleKey === titleKey) exactTitle.add(slot);
      if (claimKey && doc.claimKey === claimKey) exactClaim.add(slot);
      if (bodyKey !== null && doc.bodyKey === bodyKey) sameBody.push(slot);
    }
    if (runs.length && doc.runs.length) {
      const first = runs.findIndex((run) => doc.runs.includes(run));
      if (first >= 0) byRun[first].push(slot);
    }
  }
  // In the order the probe names its runs, as a caller reading them one by one would meet the slots.
  const sameRun = new Map<number, string>();
  byRun.forEach((slots, k) => slots.forEach((slot) => sameRun.set(slot, runs[k])));
  return { exactTitle, exactClaim, sameRun, sameBody };
}
