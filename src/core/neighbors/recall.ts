// RFC #64 recall over a tag index: cards ranked by how many of the given tags they carry (exact string equality, as
// DeepScientist stores tags), then updated_at newest first, then path descending. No tags: most recent. Ignored cards
// are never recalled; state cards (checkpoints, state-cards.ts) only with includeState. Only tags and metadata are needed: `distill recall` builds the tag index alone (buildTagIndex),
// never the neighbor engine's word and trigram postings (issue 16).
import { isMemoryKind, MEMORY_KINDS, type MemoryKind, type Scope } from '../model.js';
import type { CardMeta } from '../store/cardMeta.js';
import type { CardView } from '../store/view.js';
import { byRecency, timeOf } from './recency.js';

/** What recall's filter and order read of a card. */
export type RecallBrief = Pick<CardMeta, 'tags' | 'updatedAt' | 'ignored' | 'state' | 'path' | 'kindDir' | 'scope'>;

/** Tag postings over slots of a card list. The neighbor engine's index has the same shape and can be passed too. */
export interface TagIndex {
  readonly tagPostings: ReadonlyMap<string, readonly number[]>;
  /** One tag's postings, where the index finds them without making them all (default: tagPostings). */
  postingsOf?(tag: string): readonly number[];
  cardAt(slot: number): CardMeta | null;
  /** What recall ranks a slot by, where the index has it without the whole card (default: cardAt). */
  briefAt?(slot: number): RecallBrief | null;
  /** How many slots there are, where briefAt serves them all: recall without tags then decodes only what it returns. */
  slots?: number;
  cards(): CardMeta[];
  /** The usable slots newest first (byRecency), where the index keeps them (a resident server's): recall then walks
   *  them instead of ranking every card that carries a tag. */
  recencyOrder?(): Int32Array;
}

function addPosting(tagPostings: Map<string, number[]>, tag: string, slot: number): void {
  const slots = tagPostings.get(tag);
  if (slots) slots.push(slot);
  else tagPostings.set(tag, [slot]);
}

/** The tag index of `cards` alone: one pass over their tags, nothing tokenized. */
export function buildTagIndex(cards: readonly CardMeta[]): TagIndex {
  const list = [...cards];
  const tagPostings = new Map<string, number[]>();
  list.forEach((card, slot) => {
    for (const tag of card.tags) addPosting(tagPostings, tag, slot);
  });
  return { tagPostings, cardAt: (slot) => list[slot] ?? null, cards: () => list };
}

/** The same over a store's cards by position (Store.view()): tags, dates and flags from the cache's light section; a
 *  card's row is decoded only when recall returns it. */
export function buildTagIndexOfView(view: CardView, options: { ranked?: boolean } = {}): TagIndex {
  let all: Map<string, number[]> | null = null;
  const inside = (slot: number) => slot >= 0 && slot < view.length;
  return {
    // Every tag's postings only for a caller that asks for them all: recall asks for its few tags (postingsOf).
    get tagPostings() {
      if (!all) {
        all = new Map<string, number[]>();
        for (let slot = 0; slot < view.length; slot++) for (const tag of view.tags(slot)) addPosting(all, tag, slot);
      }
      return all;
    },
    postingsOf: (tag) => (all ? (all.get(tag) ?? []) : view.withTag(tag)),
    cardAt: (slot) => (inside(slot) ? view.card(slot) : null),
    slots: view.length,
    briefAt: (slot) => (inside(slot) ? view.brief(slot) : null),
    cards: () => view.cards(),
    ...(options.ranked ? { recencyOrder: () => recencyOrderOf(view) } : {}),
  };
}

const orders = new WeakMap<CardView, { version: number; order: Int32Array }>();

/** The view's usable positions newest first, kept with the view; the cards replaced since moved alone. */
function recencyOrderOf(view: CardView): Int32Array {
  const kept = orders.get(view);
  if (kept && kept.version === view.version) return kept.order;
  const moved = kept && view.replacedSince(kept.version);
  const carried = !kept && view.carried && orders.has(view.carried.from) ? view.carried : null;
  let order: Int32Array;
  if (kept && moved) order = moveReplaced(view, kept.order, new Set(moved));
  else if (carried) {
    // A card came or went: the order of the view before, its positions moved, the files read again put in place.
    const before = recencyOrderOf(carried.from);
    const mapped = new Int32Array(before.length);
    let n = 0;
    for (let i = 0; i < before.length; i++) if (carried.toNew[before[i]] >= 0) mapped[n++] = carried.toNew[before[i]];
    order = moveReplaced(view, mapped.subarray(0, n), new Set(carried.fresh));
  } else order = sortedByRecency(view);
  view.carried = null;
  orders.set(view, { version: view.version, order });
  return order;
}

function sortedByRecency(view: CardView): Int32Array {
  const briefs: { slot: number; brief: RecallBrief; time: number }[] = [];
  for (let slot = 0; slot < view.length; slot++) {
    const brief = view.brief(slot);
    if (brief) briefs.push({ slot, brief, time: timeOf(brief) });
  }
  // Each date parsed once, not looked up per comparison (100k cards: ~1.7M comparisons).
  briefs.sort((a, b) => byRecency(a.brief, b.brief, a.time, b.time));
  return Int32Array.from(briefs, (b) => b.slot);
}

/**
 * The order with the positions `gone` taken out and put back where their cards now rank (a card that is no usable card
 * any more left out): O(cards) moves of a typed array, no brief made but the few compared. The result may be `order`
 * itself, changed in place, or a longer copy.
 */
function moveReplaced(view: CardView, order: Int32Array, gone: Set<number>): Int32Array {
  let n = 0;
  for (let i = 0; i < order.length; i++) if (!gone.has(order[i])) order[n++] = order[i];
  let rest = order;
  if (order.length < n + gone.size) {
    rest = new Int32Array(n + gone.size);
    rest.set(order.subarray(0, n));
  }
  for (const slot of gone) {
    const brief = view.brief(slot);
    if (!brief) continue;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byRecency(brief, view.brief(rest[mid])!) < 0) hi = mid;
      else lo = mid + 1;
    }
    rest.copyWithin(lo + 1, lo, n);
    rest[lo] = slot;
    n++;
  }
  return n === rest.length ? rest : rest.subarray(0, n);
}

export interface RecallOptions {
  tags?: readonly string[];
  /** A kind directory (`knowledge`, `papers`) or its singular (`paper`). */
  kind?: string;
  limit?: number;
  scope?: Scope;
  /** Also rank cards that share no tag, after those that do (default false: only cards with an overlap). */
  includeZero?: boolean;
  /** Also recall state cards (checkpoints, resume packets: state-cards.ts); default false. */
  includeState?: boolean;
}

export interface Recalled {
  card: CardMeta;
  /** How many of the asked tags the card carries. */
  overlap: number;
  sharedTags: string[];
}

/** `knowledge`, `papers` or `paper` => the kind directory; null for anything else. */
export function kindDirOf(kind: string): MemoryKind | null {
  if (isMemoryKind(kind)) return kind;
  const plural = `${kind}s`;
  return isMemoryKind(plural) ? plural : null;
}

interface Item {
  brief: RecallBrief;
  overlap: number;
  card: () => CardMeta | null;
}

let counts = new Uint16Array(0);

/** The pool of an index that keeps its recency order: per overlap, most first, the slots walked newest first until
 *  `limit` are kept. They are the pool's best: nothing ranked after them could enter the top `limit`. */
function byRecencyWalk(index: TagIndex, tags: readonly string[], limit: number, keep: (brief: RecallBrief | null) => brief is RecallBrief): Item[] {
  if (counts.length < index.slots!) counts = new Uint16Array(index.slots!);
  const lists = tags.map((tag) => (index.postingsOf ? index.postingsOf(tag) : index.tagPostings.get(tag)) ?? []);
  let top = 0;
  for (const list of lists) for (const slot of list) top = Math.max(top, ++counts[slot]);
  const pool: Item[] = [];
  try {
    const order = index.recencyOrder!();
    for (let level = top; level > 0 && pool.length < limit; level--) {
      for (let i = 0; i < order.length && pool.length < limit; i++) {
        const slot = order[i];
        if (counts[slot] !== level) continue;
        const brief = index.briefAt!(slot);
        if (keep(brief)) pool.push({ brief, overlap: level, card: () => index.cardAt(slot) });
      }
    }
  } finally {
    for (const list of lists) for (const slot of list) counts[slot] = 0;
  }
  return pool;
}

export function recallCards(index: TagIndex, options: RecallOptions = {}): Recalled[] {
  const limit = options.limit ?? 10;
  const tags = [...new Set((options.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  let kindDir: MemoryKind | null = null;
  if (options.kind) {
    kindDir = kindDirOf(options.kind);
    if (!kindDir) throw new Error(`unknown kind ${options.kind} (one of ${MEMORY_KINDS.join(', ')})`);
  }
  const keep = (card: RecallBrief | null): card is RecallBrief =>
    card !== null && !card.ignored && (options.includeState === true || !card.state) && (!kindDir || card.kindDir === kindDir) && (!options.scope || card.scope === options.scope);

  // A card's overlap counts each posting, as a tag written twice on a card counts twice.
  let pool: Item[];
  const overlapOf = (brief: RecallBrief) => tags.reduce((n, tag) => n + brief.tags.filter((t) => t === tag).length, 0);
  if ((tags.length === 0 || options.includeZero) && index.briefAt && index.slots !== undefined) {
    pool = [];
    for (let slot = 0; slot < index.slots; slot++) {
      const brief = index.briefAt(slot);
      if (keep(brief)) pool.push({ brief, overlap: overlapOf(brief), card: () => index.cardAt(slot) });
    }
  } else if (tags.length === 0 || options.includeZero) {
    pool = index.cards().filter(keep).map((card) => ({ brief: card, overlap: overlapOf(card), card: () => card }));
  } else if (index.recencyOrder && index.briefAt && index.slots !== undefined) {
    pool = byRecencyWalk(index, tags, limit, keep);
  } else {
    // Overlaps first (postings only); then cards are looked at by overlap, most first, and a lower overlap only while
    // fewer than `limit` kept cards have a higher one (they rank first whatever their dates).
    const overlap = new Map<number, number>();
    for (const tag of tags) {
      for (const slot of (index.postingsOf ? index.postingsOf(tag) : index.tagPostings.get(tag)) ?? []) overlap.set(slot, (overlap.get(slot) ?? 0) + 1);
    }
    const byOverlap: number[][] = [];
    for (const [slot, n] of overlap) (byOverlap[n] ??= []).push(slot);
    pool = [];
    for (let n = byOverlap.length - 1; n > 0 && pool.length < limit; n--) {
      for (const slot of byOverlap[n] ?? []) {
        const brief = index.briefAt ? index.briefAt(slot) : index.cardAt(slot);
        if (keep(brief)) pool.push({ brief, overlap: n, card: () => index.cardAt(slot) });
      }
    }
  }
  const rank = (a: Pick<Item, 'overlap' | 'brief'>, b: Pick<Item, 'overlap' | 'brief'>) => b.overlap - a.overlap || byRecency(a.brief, b.brief);
  // Top-k by insertion into a short sorted list: O(n log k) instead of sorting the whole store.
  const top: Item[] = [];
  for (const item of pool) {
    if (top.length === limit && rank(item, top[top.length - 1]) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rank(item, top[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, item);
    if (top.length > limit) top.pop();
  }
  const out: Recalled[] = [];
  for (const item of top) {
    const card = item.card(); // decoded only now
    if (card) out.push({ card, overlap: item.overlap, sharedTags: tags.filter((t) => card.tags.includes(t)) });
  }
  return out;
}
