// The scored pairs of every kind, from the persisted pair set where the cards did not change (pair-store.ts): a kind
// whose cards all kept their size and mtime is read back as it was; one where a few changed, were added or deleted is
// re-paired from those cards only, its other stored pairs scored again (the words' weights moved; so the scores are a
// full pass's); one that changed in more than an eighth of its cards, whose template bodies changed, or
// whose stored features do not read, is paired anew. (An incremental run finds the candidates of the unchanged cards as
// the last full pass did: their probe words are picked by document frequency, which the change may shift a little.)
import path from 'node:path';
import type { CardMeta } from '../store/cardMeta.js';
import type { Pair } from './clusters.js';
import { exactPairs } from './pairs.js';
import { cardBands, freshKindData, KindScorer, membersByKind, openingIsTemplate, scoreKind, templateBodies, type KindData } from './batch-pairs.js';
import { KindIndex, Vocab } from './kind-index.js';
import { cardTokens } from './pair-signals.js';
import type { PairFile, StoredFeatures, StoredKind } from './pair-store.js';

export interface KindOutcome {
  kind: string;
  stored: StoredKind;
  /** Features to store; null: as the file holds them. */
  features: StoredFeatures | null;
  /** `stale`: only the stored pairs of unchanged cards, nothing scored (a screen's first frame, `storedOnly`). */
  how: 'stored' | 'incremental' | 'full' | 'stale';
}

const sameSet = (a: readonly string[], b: ReadonlySet<string>) => a.length === b.size && a.every((x) => b.has(x));

/** Which stored card (local index) each current card is, when its size and mtime did not change; -1 otherwise. */
function matchStored(prev: StoredKind | undefined, names: string[], stats: number[]): Int32Array {
  const before = new Int32Array(names.length).fill(-1);
  if (!prev) return before;
  const at = new Map(prev.names.map((name, i) => [name, i]));
  names.forEach((name, l) => {
    const i = at.get(name);
    if (i !== undefined && prev.stats[2 * i] === stats[2 * l] && prev.stats[2 * i + 1] === stats[2 * l + 1]) before[l] = i;
  });
  return before;
}

/**
 * Scores one kind's pairs (`members`: global indexes into `cards`) into `out`, reusing what `file` stored when it fits;
 * yields cards done. `created` is filled with the stored `created_at` of unchanged cards (by path).
 */
export function* kindPairSteps(
  cards: readonly CardMeta[], kind: string, members: number[], floor: number, file: PairFile | null, out: Pair[],
  created: Map<string, string | null>, result: (outcome: KindOutcome) => void, storedOnly = false,
): Generator<number> {
  const kindCards = members.map((i) => cards[i]);
  const names = kindCards.map((card) => path.basename(card.path));
  const stats = kindCards.flatMap((card) => [card.size, card.mtimeMs]);
  const prev = file && file.floor <= floor ? file.kinds[kind] : undefined;
  const before = matchStored(prev, names, stats);
  const after = new Map<number, number>();
  before.forEach((i, l) => {
    if (i < 0) return;
    after.set(i, l);
    const c = prev!.created[i];
    if (c !== undefined) created.set(kindCards[l].path, c);
  });
  const local = new Map(members.map((g, l) => [g, l]));
  const storedKind = (pairs: readonly Pair[], templates: Iterable<string>): StoredKind => ({
    names, stats, pairs: pairs.map((p) => [local.get(p.a)!, local.get(p.b)!, p.score, p.reasons]), created: {}, templates: [...templates],
  });
  if (prev && ((after.size === members.length && prev.names.length === after.size) || storedOnly)) {
    const pairs = prev.pairs
      .filter(([, , score]) => score >= floor)
      .map(([a, b, score, reasons]): Pair => ({ a: members[after.get(a)!], b: members[after.get(b)!], score, reasons }));
    for (const pair of pairs) out.push(pair);
    result({ kind, stored: storedKind(pairs, prev.templates), features: null, how: after.size === members.length && prev.names.length === after.size ? 'stored' : 'stale' });
    return;
  }
  if (storedOnly) {
    result({ kind, stored: storedKind([], []), features: null, how: 'stale' });
    return;
  }
  const current = new Set(names);
  const changed = members.length - after.size + (prev?.names.filter((name) => !current.has(name)).length ?? 0);
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
    index = new KindIndex({ tokens, bands, runs: kindCards.map((card) => card.lineageRuns) });
    data = { members, vocab, tokens, bands, templates, df: (id) => index.df(id) };
    only = [];
    before.forEach((i, l) => i < 0 && only!.push(l));
  } else {
    ({ data, index } = freshKindData(cards, members));
  }
  // Exact pairs first, as they always came (the first reasons of a link are its exact ones).
  const pairs: Pair[] = exactPairs(kindCards).map((p) => ({ ...p, a: members[p.a], b: members[p.b] }));
  yield 0;
  const scorer = new KindScorer(cards, data);
  if (prev && feats) {
    // The other stored pairs are scored again (the words' weights moved with the change): what a full pass gives them.
    for (const [a, b, , reasons] of prev.pairs) {
      const [x, y] = [after.get(a), after.get(b)];
      if (x === undefined || y === undefined || reasons.some((r) => r === 'same title' || r === 'same claim')) continue;
      const pair = scorer.score(x, y, floor);
      if (pair) pairs.push(pair);
    }
  }
  for (const done of scoreKind(index, scorer, members.length, floor, pairs, only)) yield done;
  for (const pair of pairs) out.push(pair);
  const features: StoredFeatures = {
    vocab: data.vocab.words,
    tokens: data.tokens.map((t) => [...t]),
    bands: data.bands.map((b) => (b ? [...b] : null)),
  };
  result({ kind, stored: storedKind(pairs, templates), features, how: only ? 'incremental' : 'full' });
}

/** Every kind's pairs; yields cards done of cards.length. */
export function* pairSetSteps(
  cards: readonly CardMeta[], floor: number, file: PairFile | null, out: Pair[], created: Map<string, string | null>, outcomes: KindOutcome[],
  storedOnly = false,
): Generator<number> {
  let done = 0;
  for (const [kind, members] of membersByKind(cards)) {
    for (const step of kindPairSteps(cards, kind, members, floor, file, out, created, (o) => outcomes.push(o), storedOnly)) yield done + step;
    done += members.length;
  }
  yield done;
}
