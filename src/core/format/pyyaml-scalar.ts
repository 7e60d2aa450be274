// How PyYAML 6 looks at one scalar before writing it: which styles the text allows (Emitter.analyze_scalar with
// allow_unicode=True) and how the double-quoted writer escapes a character. Which tag a plain scalar would resolve
// to (the YAML 1.1 implicit resolvers) is in yaml11-rules.ts.

export type ScalarTag = 'str' | 'null' | 'bool' | 'int' | 'float';

export interface ScalarAnalysis {
  /** Length in code points (Python's len). */
  length: number;
  empty: boolean;
  multiline: boolean;
  allowBlockPlain: boolean;
  allowSingleQuoted: boolean;
}

const isBreak = (c: number): boolean => c === 0x0a || c === 0x85 || c === 0x2028 || c === 0x2029;
const isSpaceOrBreak = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0 || isBreak(c);
const LEADING_INDICATORS = new Set([...'#,[]{}&*!|>\'"%@`'].map((ch) => ch.charCodeAt(0)));
const [HASH, COLON, QUESTION, DASH, SPACE] = [0x23, 0x3a, 0x3f, 0x2d, 0x20];

function isPrintable(code: number): boolean {
  if (code === 0x0a || (code >= 0x20 && code <= 0x7e)) return true;
  if (code === 0xfeff) return false;
  return (
    code === 0x85 ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code < 0x10ffff)
  );
}

/** Emitter.analyze_scalar, reduced to what block-style dumping needs. Works on code points, as Python does. */
export function analyzeScalar(scalar: string): ScalarAnalysis {
  const cps: number[] = [];
  for (let i = 0; i < scalar.length; i++) {
    const c = scalar.codePointAt(i)!;
    cps.push(c);
    if (c > 0xffff) i++;
  }
  const n = cps.length;
  if (n === 0) {
    return { length: 0, empty: true, multiline: false, allowBlockPlain: true, allowSingleQuoted: true };
  }
  let blockIndicators = scalar.startsWith('---') || scalar.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let followedByWhitespace = n === 1 || isSpaceOrBreak(cps[1]);
  let previousSpace = false;
  let previousBreak = false;

  for (let index = 0; index < n; index++) {
    const c = cps[index];
    if (index === 0) {
      if (LEADING_INDICATORS.has(c)) blockIndicators = true;
      if ((c === QUESTION || c === COLON || c === DASH) && followedByWhitespace) blockIndicators = true;
    } else if ((c === COLON && followedByWhitespace) || (c === HASH && precededByWhitespace)) {
      blockIndicators = true;
    }
    const lineBreak = isBreak(c);
    if (lineBreak) lineBreaks = true;
    if (!isPrintable(c)) special = true;
    if (c === SPACE) {
      if (index === 0) leadingSpace = true;
      if (index === n - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (lineBreak) {
      if (index === 0) leadingBreak = true;
      if (index === n - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isSpaceOrBreak(c);
    followedByWhitespace = index + 2 >= n || isSpaceOrBreak(cps[index + 2]);
  }

  let allowBlockPlain = true;
  let allowSingleQuoted = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) allowBlockPlain = false;
  if (breakSpace) allowBlockPlain = allowSingleQuoted = false;
  if (spaceBreak || special) allowBlockPlain = allowSingleQuoted = false;
  if (lineBreaks || blockIndicators) allowBlockPlain = false;
  return { length: n, empty: false, multiline: lineBreaks, allowBlockPlain, allowSingleQuoted };
}

// Short escapes of the double-quoted writer.
const ESCAPES: Record<string, string> = {
  '\0': '0',
  '\x07': 'a',
  '\x08': 'b',
  '\x09': 't',
  '\x0A': 'n',
  '\x0B': 'v',
  '\x0C': 'f',
  '\x0D': 'r',
  '\x1B': 'e',
  '"': '"',
  '\\': '\\',
  '\x85': 'N',
  '\xA0': '_',
  '\u2028': 'L',
  '\u2029': 'P',
};

/** Whether the double-quoted writer escapes `ch` (allow_unicode: non-ASCII up to \uFFFD stays raw). */
export function needsEscape(ch: string): boolean {
  if (ch === '"' || ch === '\\' || ch === '\x85' || ch === '\u2028' || ch === '\u2029' || ch === '\uFEFF') return true;
  const code = ch.codePointAt(0)!;
  const printable =
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd);
  return !printable;
}

/** PyYAML's escape for one character in a double-quoted scalar. */
export function escapeChar(ch: string): string {
  const short = ESCAPES[ch];
  if (short !== undefined) return '\\' + short;
  const code = ch.codePointAt(0)!;
  const hex = code.toString(16).toUpperCase();
  if (code <= 0xff) return '\\x' + hex.padStart(2, '0');
  if (code <= 0xffff) return '\\u' + hex.padStart(4, '0');
  return '\\U' + hex.padStart(8, '0');
}
