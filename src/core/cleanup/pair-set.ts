// The scored pairs of every kind, from the persisted pair set where the cards did not change (pair-store.ts): a kind
// whose cards all kept their size and mtime is read back as it was; one where a few changed, were added or deleted is
// re-paired from those cards only, its other stored pairs scored again (the words' weights moved; so the scores are a
// full pass's); one that changed in more than an eighth of its cards, whose template bodies changed, or
// whose stored features do not read, is paired anew. (An incremental run finds the candidates of the unchanged cards as
// the last full pass did: their probe words are picked by document frequency, which the change may shift a little.)
import type { CardMeta } from '../store/cardMeta.js';
import type { Pair } from './clusters.js';
import { exactPairSteps } from './pairs.js';
import { NEVER, type Pace } from '../steps.js';
import { cardBands, freshKindData, KindScorer, membersByKind, openingIsTemplate, scoreKind, templateBodies, type KindData } from './batch-pairs.js';
import { KindIndex, Vocab } from './kind-index.js';
import { cardTokens } from './pair-signals.js';
import { TextKeys } from './card-features.js';
import type { PairFile, StoredFeatures, StoredKind, StoredPair } from './pair-store.js';

export interface KindOutcome {
  kind: string;
  stored: StoredKind;
  /** Features to store; null: as the file holds them. */
  features: StoredFeatures | null;
  /** `stale`: only the stored pairs of unchanged cards, nothing scored (a screen's first frame, `storedOnly`). */
  how: 'stored' | 'incremental' | 'full' | 'stale';
}

const sameSet = (a: readonly string[], b: ReadonlySet<string>) => a.length === b.size && a.every((x) => b.has(x));

/**
 * Which stored card (local index) each current card is, when its size and mtime did not change (-1 otherwise), and how
 * many stored names are still there (changed or not).
 */
function matchStored(prev: StoredKind | undefined, names: string[], stats: number[]): { before: Int32Array; named: number } {
  const before = new Int32Array(names.length).fill(-1);
  let named = 0;
  if (!prev) return { before, named };
  const same = (i: number, l: number) => prev.stats[2 * i] === stats[2 * l] && prev.stats[2 * i + 1] === stats[2 * l + 1];
  const old = prev.names;
  if (isSorted(old) && isSorted(names)) {
    // Both in path order (as cards are listed and stored): walked side by side, no map of 100k names.
    let i = 0;
    for (let l = 0; l < names.length; l++) {
      while (i < old.length && old[i] < names[l]) i++;
      if (i >= old.length || old[i] !== names[l]) continue;
      named++;
      if (same(i, l)) before[l] = i;
    }
    return { before, named };
  }
  const at = new Map(old.map((name, i) => [name, i]));
  names.forEach((name, l) => {
    const i = at.get(name);
    if (i === undefined) return;
    named++;
    if (same(i, l)) before[l] = i;
  });
  return { before, named };
}

function isSorted(names: readonly string[]): boolean {
  for (let i = 1; i < names.length; i++) if (!(names[i - 1] < names[i])) return false;
  return true;
}

/** A card file's name: what path.basename gives for the store's `<root>/<kind>/<name>` paths, at a fraction of its cost. */
function nameOf(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

/**
 * Scores one kind's pairs (`members`: global indexes into `cards`) into `out`, reusing what `file` stored when it fits;
 * yields cards done. `created` is filled with the stored `created_at` of unchanged cards (by path).
 */
export function* kindPairSteps(
  cards: readonly CardMeta[], kind: string, members: number[], floor: number, file: PairFile | null, out: Pair[],
  created: Map<string, string | null>, result: (outcome: KindOutcome) => void, storedOnly = false, pace: Pace = NEVER, wideFloor = floor,
): Generator<number> {
  const n = members.length;
  const kindCards = members.map((i) => cards[i]);
  const names = new Array<string>(n);
  const stats = new Array<number>(2 * n);
  for (let l = 0; l < n; l++) {
    const card = kindCards[l];
    names[l] = nameOf(card.path);
    stats[2 * l] = card.size;
    stats[2 * l + 1] = card.mtimeMs;
  }
  // The file's floor is the wide one it was scored at (the near one follows from it: find.ts), so only the same one fits.
  const prev = file && file.floor === wideFloor ? file.kinds[kind] : undefined;
  const { before, named } = matchStored(prev, names, stats);
  // after[i]: the current local index of stored card i (-1: changed or gone).
  const after = new Int32Array(prev?.names.length ?? 0).fill(-1);
  let kept = 0;
  before.forEach((i, l) => {
    if (i < 0) return;
    after[i] = l;
    kept++;
    const c = prev!.created[i];
    if (c !== undefined) created.set(kindCards[l].path, c);
  });
  const stored = (pairs: StoredPair[], templates: Iterable<string>): StoredKind => ({ names, stats, pairs, created: {}, templates: [...templates] });
  const storedKind = (pairs: readonly Pair[], templates: Iterable<string>): StoredKind => {
    const local = new Map(members.map((g, l) => [g, l]));
    return stored(pairs.map((p) => [local.get(p.a)!, local.get(p.b)!, p.score, p.reasons]), templates);
  };
  const unchanged = kept === n && prev?.names.length === kept;
  if (prev && (unchanged || storedOnly)) {
    // The stored pairs of cards that are still as they were, in local indexes as stored and as the pairs of `out`.
    const local: StoredPair[] = [];
    for (const [a, b, score, reasons] of prev.pairs) {
      if (score < floor || after[a] < 0 || after[b] < 0) continue;
      local.push([after[a], after[b], score, reasons]);
      out.push({ a: members[after[a]], b: members[after[b]], score, reasons });
    }
    result({ kind, stored: stored(local, prev.templates), features: null, how: unchanged ? 'stored' : 'stale' });
    return;
  }
  if (storedOnly) {
    result({ kind, stored: storedKind([], []), features: null, how: 'stale' });
    return;
  }
  // Cards changed or added, and stored cards gone.
  const changed = n - kept + (prev ? prev.names.length - named : 0);
  const templates = templateBodies(kindCards);
  const feats = prev && changed <= members.length / 8 && sameSet(prev.templates, templates) ? file!.features()?.[kind] : undefined;
  let data: KindData;
  let index: KindIndex;
  let only: number[] | undefined;
  if (prev && feats) {
    const vocab = new Vocab([...feats.vocab]);
    const tokens = kindCards.map((card, l) => (before[l] >= 0 ? Int32Array.from(feats.tokens[before[l]]) : vocab.intern(cardTokens(card, openingIsTemplate(card, templates)))));
    const bands = kindCards.map((card, l) => {
      if (before[l] < 0) return cardBands(card, templates);
      const b = feats.bands[before[l]];
      return b ? Uint32Array.from(b) : null;
    });
    index = yield* KindIndex.steps({ tokens, bands, runs: kindCards.map((card) => card.lineageRuns) }, pace);
    data = { members, vocab, tokens, bands, templates, df: (id) => index.df(id) };
    only = [];
    before.forEach((i, l) => i < 0 && only!.push(l));
  } else {
    ({ data, index } = yield* freshKindData(cards, members, pace, templates));
  }
  // Exact pairs first, as they always came (the first reasons of a link are its exact ones).
  const keys = new TextKeys(kindCards);
  const pairs: Pair[] = (yield* exactPairSteps(kindCards, pace, keys)).map((p) => ({ ...p, a: members[p.a], b: members[p.b] }));
  yield 0;
  const scorer = new KindScorer(cards, data, keys);
  if (prev && feats) {
    // The other stored pairs are scored again (the words' weights moved with the change): what a full pass gives them.
    for (const [a, b, , reasons] of prev.pairs) {
      const x = after[a];
      const y = after[b];
      if (x < 0 || y < 0 || reasons.some((r) => r === 'same title' || r === 'same claim')) continue;
      const pair = scorer.score(x, y, floor);
      if (pair) pairs.push(pair);
    }
  }
  for (const done of scoreKind(index, scorer, members.length, floor, pairs, only, pace, wideFloor)) yield done;
  for (const pair of pairs) out.push(pair);
  const features: StoredFeatures = { vocab: data.vocab.words, tokens: [], bands: [] };
  for (let l = 0; l < n; l++) {
    const b = data.bands[l];
    features.tokens.push(plain(data.tokens[l]));
    features.bands.push(b ? plain(b) : null);
    if ((l & 255) === 255 && pace()) yield n;
  }
  result({ kind, stored: storedKind(pairs, templates), features, how: only ? 'incremental' : 'full' });
}

/** A typed array's values as a plain array (a spread walks an iterator, an object per value). */
function plain(values: Int32Array | Uint32Array): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i];
  return out;
}

/** Every kind's pairs; yields cards done of cards.length. */
export function* pairSetSteps(
  cards: readonly CardMeta[], floor: number, file: PairFile | null, out: Pair[], created: Map<string, string | null>, outcomes: KindOutcome[],
  storedOnly = false, pace: Pace = NEVER, wideFloor = floor,
): Generator<number> {
  let done = 0;
  for (const [kind, members] of membersByKind(cards)) {
    for (const step of kindPairSteps(cards, kind, members, floor, file, out, created, (o) => outcomes.push(o), storedOnly, pace, wideFloor)) yield done + step;
    done += members.length;
  }
  yield done;
}
