// The fields a patch (card-patch.ts) and a merge (cleanup/merge.ts) grow on an existing card, read the same way by
// both: `occurrences` as a count. What the card already holds is never reset: a value that cannot be read as what the
// field must be is refused, naming the file and field.
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
