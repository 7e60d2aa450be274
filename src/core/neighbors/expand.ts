// Rewrites variants and abbreviations (abbreviations.ts) to one form before tokenizing, and says which it expanded.
import { ABBREVIATIONS, VARIANTS } from './abbreviations.js';

const TABLE = new Map<string, string>([...Object.entries(VARIANTS), ...Object.entries(ABBREVIATIONS)]);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// Longest keys first so `warm-up` wins over a shorter key inside it; whole words only.
const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...TABLE.keys()].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}\\p{N}/])`,
  'gu',
);

/** The lower-cased text with variants and abbreviations in their long form. */
export function expandLower(low: string): string {
  return low.replace(PATTERN, (word) => TABLE.get(word) ?? word);
}

/** The abbreviations of `text` that were expanded, as `LR → learning rate` (abbreviations only, not spellings). */
export function expandedAbbreviations(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(PATTERN)) {
    const long = ABBREVIATIONS[match[0]];
    if (long && !out.some((o) => o.endsWith(`→ ${long}`))) out.push(`${match[0]} → ${long}`);
  }
  return out;
}

/** Whether a lower-case word is a key of the abbreviation table (expanded, so never a name of its own). */
export function isAbbreviation(word: string): boolean {
  return Object.hasOwn(ABBREVIATIONS, word);
}
