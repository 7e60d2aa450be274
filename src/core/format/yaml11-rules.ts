// PyYAML's YAML 1.1 rules for plain scalars, in one place: the implicit resolvers (which tag a plain scalar gets)
// and the keywords. The reader (yaml11.ts, a js-yaml schema), the fast frontmatter parser and the dumper
// (pyyaml-scalar.ts, which quotes what would not read back as a string) all take them from here.

export const TRUE_WORDS = ['yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'] as const;
export const FALSE_WORDS = ['no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'] as const;
/** The null spellings that start with a letter; `~` and the empty scalar are null too (NULL_RE). */
export const NULL_WORDS = ['null', 'Null', 'NULL'] as const;

/** The keywords that start with a letter, and the value each reads as. */
export const KEYWORDS: ReadonlyMap<string, boolean | null> = new Map<string, boolean | null>([
  ...TRUE_WORDS.map((w): [string, boolean] => [w, true]),
  ...FALSE_WORDS.map((w): [string, boolean] => [w, false]),
  ...NULL_WORDS.map((w): [string, null] => [w, null]),
]);

export const BOOL_RE = new RegExp(`^(?:${[...TRUE_WORDS, ...FALSE_WORDS].join('|')})$`);
export const FLOAT_RE =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
export const INT_RE =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
export const NULL_RE = new RegExp(`^(?:~|${NULL_WORDS.join('|')}|)$`);
export const TIMESTAMP_RE =
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/;

// The implicit resolvers, in PyYAML's registration order. Python's `$` also matches before a final "\n"; that
// difference never shows, because a string with a line break is never written plain anyway.
const RESOLVERS: ReadonlyArray<[string, RegExp]> = [
  ['bool', BOOL_RE],
  ['float', FLOAT_RE],
  ['int', INT_RE],
  ['merge', /^(?:<<)$/],
  ['null', NULL_RE],
  ['timestamp', TIMESTAMP_RE],
  ['value', /^(?:=)$/],
];

/** The tag PyYAML's resolver gives `value` written as a plain scalar (`str` when nothing else matches). */
export function resolvesTo(value: string): string {
  for (const [tag, re] of RESOLVERS) if (re.test(value)) return tag;
  return 'str';
}
