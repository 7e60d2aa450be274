// The shipped name lists (quantities.ts, settings.ts, effects.ts) are written by family; the matcher (named.ts) reads
// them as one table of name -> family.

/** Each name of each family, mapped to its family (frozen). */
export function tableOf(families: Readonly<Record<string, readonly string[]>>): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(Object.entries(families).flatMap(([family, names]) => names.map((name) => [name, family]))));
}
