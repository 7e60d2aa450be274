// Rewrites variants and abbreviations to one form before tokenizing, and says which it expanded. The table in use is
// the shipped one (abbreviations.ts) merged with the home's own (vocabulary.ts), set when a home's store is opened.
import { createHash } from 'node:crypto';
import { ABBREVIATIONS, VARIANTS } from './abbreviations.js';
import { QUANTITIES } from './quantities.js';
import { SETTINGS } from './settings.js';

export interface Vocabulary {
  variants: Readonly<Record<string, string>>;
  abbreviations: Readonly<Record<string, string>>;
  /** Names of the quantities a finding can say it moved, each with its family (quantities.ts, targets.ts). */
  quantities: Readonly<Record<string, string>>;
  /** Names of the settings a finding can be about, each with its family (settings.ts). */
  settings: Readonly<Record<string, string>>;
}

export const SHIPPED: Vocabulary = { variants: VARIANTS, abbreviations: ABBREVIATIONS, quantities: QUANTITIES, settings: SETTINGS };

/** The text as a literal inside a RegExp. */
export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The table in use, as made for matching (opaque outside this file). */
export interface Active {
  vocabulary: Vocabulary;
  table: Map<string, string>;
  pattern: RegExp;
  hash: string;
}

function activate(vocabulary: Vocabulary): Active {
  const table = new Map<string, string>([...Object.entries(vocabulary.variants), ...Object.entries(vocabulary.abbreviations)]);
  // Longest keys first so `warm-up` wins over a shorter key inside it; whole words only.
  const keys = [...table.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${keys.map(escape).join('|') || '(?!)'})(?![\\p{L}\\p{N}/])`, 'gu');
  let hash = createHash('sha1').update(JSON.stringify(keys.map((k) => [k, table.get(k)]))).digest('hex').slice(0, 16);
  // A home's own quantities or settings make another hash (what the findings, so the pair set, depend on); the
  // shipped ones keep the hash of the words alone, so the card cache of a home that changed nothing is not made again.
  if (!sameEntries(vocabulary.quantities, QUANTITIES) || !sameEntries(vocabulary.settings, SETTINGS)) {
    const own = [vocabulary.quantities, vocabulary.settings].map((t) => Object.entries(t).sort());
    hash = createHash('sha1').update(`${hash} ${JSON.stringify(own)}`).digest('hex').slice(0, 16);
  }
  return { vocabulary, table, pattern, hash };
}

let active = activate(SHIPPED);

/** Makes `vocabulary` the table every later tokenization uses (the same table again costs nothing). */
export function selectVocabulary(vocabulary: Vocabulary): void {
  if (vocabulary === active.vocabulary) return;
  const next = activate(vocabulary);
  if (next.hash !== active.hash) active = next;
}

/** A short hash of the table in use: what the cached fingerprints were computed with. */
export function vocabularyHash(): string {
  return active.hash;
}

function sameEntries(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

/** The quantities of the table in use (targets.ts). */
export function activeQuantities(): Readonly<Record<string, string>> {
  return active.vocabulary.quantities;
}

/** The table in use now: what a value made later must be made with to equal one made now (finding.ts). */
export function activeTable(): Active {
  return active;
}

/**
 * The lower-cased text with variants and abbreviations in their long form. `noted`, when given, gets each abbreviation
 * expanded, as `lr → learning rate` (abbreviations only, not spellings; one per long form). `using`: another table
 * than the one in use (activeTable).
 */
export function expandLower(low: string, noted?: string[], using: Active = active): string {
  const { abbreviations } = using.vocabulary;
  return low.replace(using.pattern, (word) => {
    if (noted && Object.hasOwn(abbreviations, word)) {
      const long = abbreviations[word];
      if (!noted.some((o) => o.endsWith(`→ ${long}`))) noted.push(`${word} → ${long}`);
    }
    return using.table.get(word) ?? word;
  });
}

/** The abbreviations of `text` that were expanded, as `LR → learning rate` (abbreviations only, not spellings). */
export function expandedAbbreviations(text: string): string[] {
  const out: string[] = [];
  expandLower(text.toLowerCase(), out);
  return out;
}

/** Whether a lower-case word is a key of the abbreviation table (expanded, so never a name of its own). */
export function isAbbreviation(word: string, using: Active = active): boolean {
  return Object.hasOwn(using.vocabulary.abbreviations, word);
}
