// The fields a patch (card-patch.ts) and a merge (cleanup/merge.ts) grow on an existing card, read the same way by
// both: `occurrences` as a count, `tags` and `keywords` as lists that only gain entries. What the card already holds
// is never rewritten: a value that cannot be read as what the field must be is refused, naming the file and field.
import { stringOrNull } from '../cards.js';
import { UserError } from '../errors.js';
import type { Meta } from '../model.js';

/**
 * A card's `occurrences` as a count, or null when it is not one. PR #60 itself never reads or writes the field; it is
 * read as Python's `int()` reads a YAML value: an integer (`3`, also `3.0`), or a string of digits (`'3'`, `' +3 '`,
 * `'1_000'`). Absent or null: 1 (the card itself). Not a count: a negative number, a fraction, a boolean (int(True) is
 * 1, but `yes` is no count), any other string, a list or a mapping.
 */
export function occurrencesCount(value: unknown): number | null {
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string') {
    const m = /^\s*\+?(\d+(?:_\d+)*)\s*$/.exec(value);
    if (!m) return null;
    const n = Number(m[1].replace(/_/g, ''));
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

/** The count of `meta.occurrences`, or a UserError naming the card file and the field. */
export function occurrencesOrRefuse(meta: Meta, file: string, what: string): number {
  const n = occurrencesCount(meta.occurrences);
  if (n === null) {
    throw new UserError(
      `${what} refused: ${file}: occurrences ${JSON.stringify(meta.occurrences)} is not a count (a whole number); ` +
        'fix it by hand, then try again',
    );
  }
  return n;
}

/** A list field (`tags`, `keywords`) that is there but is not a list: it cannot be appended to without rewriting it. */
export function refuseNonList(meta: Meta, keys: readonly string[], file: string, what: string): void {
  for (const key of keys) {
    const value = meta[key];
    if (value !== undefined && value !== null && !Array.isArray(value)) {
      throw new UserError(`${what} refused: ${file}: ${key} is not a list (${JSON.stringify(value)}); make it a YAML list by hand, then try again`);
    }
  }
}

/** An entry's normalized form, as DeepScientist's `_normalize_tags` makes it: str().strip(); null for no string. */
function normalized(item: unknown): string | null {
  const text = stringOrNull(item)?.trim();
  return text ? text : null;
}

/**
 * `existing` (a card's tags or keywords, as read) with the `added` entries it does not hold yet appended. Every entry
 * the card holds stays exactly as it is (`- 2024` stays the number 2024, `' b'` keeps its space, a duplicate stays),
 * so the file's lines for them are kept byte for byte; an added entry is compared by its normalized form. The card's
 * own value (absent or null included) comes back when nothing is added. `existing` must be a list or absent
 * (refuseNonList first).
 */
export function appendEntries(existing: unknown, added: readonly string[]): unknown {
  const held = new Set<string>();
  const list = Array.isArray(existing) ? existing : [];
  for (const item of list) {
    const key = normalized(item);
    if (key !== null) held.add(key);
  }
  const fresh: string[] = [];
  for (const item of added) {
    const key = normalized(item);
    if (key === null || held.has(key)) continue;
    held.add(key);
    fresh.push(key);
  }
  return fresh.length ? [...list, ...fresh] : existing;
}
