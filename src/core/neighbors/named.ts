// Reading a finding for the things of a table it names: the quantities it says it moved (quantities.ts, targets.ts)
// and the settings it is about (settings.ts). A table maps each name (lower case, as it reads once the abbreviations
// are expanded) to its family; names of one family are one thing written differently. Two findings that each name
// some and none in common are about different things: evidence against a duplicate (finding.ts).
import { wholeMatches } from './boundary.js';
import { escape } from './expand.js';

/** A thing a finding names: its family, and the words it was named with (`exact match`, `r@20`, `grad clipping`). */
export interface Named {
  family: string;
  words: string;
}

export type Table = Readonly<Record<string, string>>;

const patterns = new WeakMap<Table, RegExp>();

/**
 * A table's names as one pattern of whole words, longest first (`peak learning rate` before `learning rate`), made
 * once per table (the shipped one, or a home's); `extra`: alternatives matched before the names, always the same for
 * one table. The left boundary is namesIn's (boundary.ts).
 */
export function namesPattern(table: Table, extra: readonly string[] = []): RegExp {
  let pattern = patterns.get(table);
  if (!pattern) {
    const names = Object.keys(table).sort((a, b) => b.length - a.length);
    const alternatives = [...extra, ...(names.length ? [`(${names.map(escape).join('|')})`] : [])];
    pattern = new RegExp(`(?:${alternatives.join('|') || '(?!)'})(?![\\p{L}\\p{N}])`, 'gu');
    patterns.set(table, pattern);
  }
  return pattern;
}

// A prefix that makes a name another thing, or its opposite, when written on to it (`anti-curriculum`,
// `non-mixup`, `self-ensembling`): the compound is a thing of its own, of its own family. (A compound a table lists,
// `self-distillation`, is matched whole before this is asked; another word before a hyphen, `linear-warmup`, leaves
// the name as it is.)
const PREFIX = /(?:^|[^\p{L}\p{N}])(anti|non|un|counter|inverse|reverse|de|self|semi|pseudo|meta)-$/u;

/**
 * The things of `table` an expanded text names, one per family, in order of first mention; a match of an `extra`
 * alternative (namesPattern) is of family `otherwise`. `unless`: a pattern of the text right before a name (up to 32
 * characters, ending where the name starts) that says the name is not one the text is about.
 */
export function namesIn(expanded: string, table: Table, extra: readonly string[] = [], otherwise = '', unless?: RegExp): Named[] {
  const out: Named[] = [];
  for (const match of wholeMatches(expanded, namesPattern(table, extra), true)) {
    const before = expanded.slice(Math.max(0, match.index - 32), match.index);
    if (unless?.test(before)) continue;
    let family = match[1] === undefined ? otherwise : table[match[1]];
    let words = match[0];
    const prefix = before.endsWith('-') ? PREFIX.exec(before)?.[1] : undefined;
    if (prefix !== undefined) {
      family = `${prefix}-${family}`;
      words = `${prefix}-${words}`;
    }
    if (!out.some((t) => t.family === family)) out.push({ family, words });
  }
  return out;
}

export const shareFamily = (a: readonly Named[], b: readonly Named[]) => a.some((t) => b.some((u) => u.family === t.family));

/** The names of one side, less each broader one that a narrower name of the same side is under (`augmentation` beside `mixup`). */
function narrowest(named: readonly Named[], broader: Readonly<Record<string, string>>): readonly Named[] {
  return named.filter((t) => !named.some((u) => broader[u.family] === t.family));
}

/**
 * Each side's names (as written) when both name some and they have no family in common; else null. With `broader`
 * (family -> its broader family), a family and its broader one are in common too, each side read by its narrowest
 * names: `augmentation` / `mixup` is one side less precise, `mixup augmentation` / `CutMix` two settings.
 */
export function otherNames(a: readonly Named[], b: readonly Named[], broader?: Readonly<Record<string, string>>): [string[], string[]] | null {
  if (!a.length || !b.length) return null;
  const x = broader ? narrowest(a, broader) : a;
  const y = broader ? narrowest(b, broader) : b;
  const related = (f: string, g: string) => f === g || (broader !== undefined && (broader[f] === g || broader[g] === f));
  if (x.some((t) => y.some((u) => related(t.family, u.family)))) return null;
  return [x.map((t) => t.words), y.map((t) => t.words)];
}
