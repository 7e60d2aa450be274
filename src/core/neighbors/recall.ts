// RFC #64 recall over a tag index: cards ranked by how many of the given tags they carry (exact string equality, as
// DeepScientist stores tags), then updated_at newest first, then path descending. No tags: most recent. Ignored cards
// are never recalled. Only tags and metadata are needed: `distill recall` builds the tag index alone (buildTagIndex),
// never the neighbor engine's word and trigram postings (issue 16).
import { isMemoryKind, MEMORY_KINDS, type MemoryKind, type Scope } from '../model.js';
import type { CardMeta } from '../store/cardMeta.js';
import { byRecency } from './recency.js';

/** Tag postings over slots of a card list. The neighbor engine's index has the same shape and can be passed too. */
export interface TagIndex {
  readonly tagPostings: ReadonlyMap<string, readonly number[]>;
  cardAt(slot: number): CardMeta | null;
  cards(): CardMeta[];
}

/** The tag index of `cards` alone: one pass over their tags, nothing tokenized. */
export function buildTagIndex(cards: readonly CardMeta[]): TagIndex {
  const list = [...cards];
  const tagPostings = new Map<string, number[]>();
  list.forEach((card, slot) => {
    for (const tag of card.tags) {
      const slots = tagPostings.get(tag);
      if (slots) slots.push(slot);
      else tagPostings.set(tag, [slot]);
    }
  });
  return { tagPostings, cardAt: (slot) => list[slot] ?? null, cards: () => list };
}

export interface RecallOptions {
  tags?: readonly string[];
  /** A kind directory (`knowledge`, `papers`) or its singular (`paper`). */
  kind?: string;
  limit?: number;
  scope?: Scope;
  /** Also rank cards that share no tag, after those that do (default false: only cards with an overlap). */
  includeZero?: boolean;
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

export function recallCards(index: TagIndex, options: RecallOptions = {}): Recalled[] {
  const limit = options.limit ?? 10;
  const tags = [...new Set((options.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  let kindDir: MemoryKind | null = null;
  if (options.kind) {
    kindDir = kindDirOf(options.kind);
    if (!kindDir) throw new Error(`unknown kind ${options.kind} (one of ${MEMORY_KINDS.join(', ')})`);
  }
  const keep = (card: CardMeta | null): card is CardMeta =>
    card !== null && !card.ignored && (!kindDir || card.kindDir === kindDir) && (!options.scope || card.scope === options.scope);

  const overlap = new Map<CardMeta, number>();
  for (const tag of tags) {
    for (const slot of index.tagPostings.get(tag) ?? []) {
      const card = index.cardAt(slot);
      if (keep(card)) overlap.set(card, (overlap.get(card) ?? 0) + 1);
    }
  }
  let pool: CardMeta[];
  if (tags.length === 0 || options.includeZero) pool = index.cards().filter(keep);
  else pool = [...overlap.keys()];
  const rank = (a: CardMeta, b: CardMeta) => (overlap.get(b) ?? 0) - (overlap.get(a) ?? 0) || byRecency(a, b);
  // Top-k by insertion into a short sorted list: O(n log k) instead of sorting the whole store.
  const top: CardMeta[] = [];
  for (const card of pool) {
    if (top.length === limit && rank(card, top[top.length - 1]) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rank(card, top[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, card);
    if (top.length > limit) top.pop();
  }
  return top.map((card) => ({ card, overlap: overlap.get(card) ?? 0, sharedTags: tags.filter((t) => card.tags.includes(t)) }));
}
