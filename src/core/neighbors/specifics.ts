// The specifics of a finding: the numbers and names it states (`2e-4`, `64k`, `4-bit`, `SQuAD v2`, `TriviaQA`, `AdamW`).
// Two cards on one topic that each state a specific the other never mentions are about different settings (another
// dataset, another value, another method): evidence against a duplicate, however alike the wording. A card that only
// leaves things out (a terse one-liner of a long card, a title without the dataset) is not: the rule needs a specific
// unmatched on BOTH sides.
//
// A specific is a written span (`ImageNet-1k`, `R@20`, `8-bit`) made of atoms: numbers (`2e-4`, `0.03`, `64k`, `7B`)
// and names, read from how they are written: a capital after the first letter (`SQuAD`, `nDCG`, `AdamW`) or all
// capitals (`SGD`, `NER`). Capitalized plain words (`Peak`, `On`) are not names, nor the abbreviations of the table
// (LR, FT, ECE, …: expanded into words), nor a class of models (`LMs`, `LLMs`). A span counts as mentioned by the other card when
//   - each of its atoms is there: a number of the same value (`0.030` ~ `0.03`, `two` ~ `2`), a name as letters
//     word there, or two or three adjacent words written together (`BioASQ` ~ `Bio ASQ`; `SST2` ~ `SST-2` as atoms
//     already; but `GLUE` is not `SuperGLUE`), or an acronym
//     as the initials of consecutive words (`EM` ~ `exact match`, `ViTs` ~ `vision transformers`); or
//   - its head name stands bare in the other card (`ImageNet-1k` ~ `ImageNet`: one side is only less precise; two
//     different qualifiers, `CoNLL-2003` and `CoNLL-2012`, are two things).
import { activeTable, isAbbreviation, type Active } from './expand.js';
import { differences, sameNumbers, withLeadingZeros } from './notation.js';

const SPAN = /[\p{L}\p{N}]+(?:[-@+/.][\p{L}\p{N}]+)*/gu;
const ATOM = /\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?:[kKmMbB](?!\p{L}))?|\p{L}+/gu;
const NUMERIC = /^\d/;
const WORD_NUMBERS: Readonly<Record<string, string>> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
};

function canonicalNumber(atom: string): string {
  const low = atom.toLowerCase();
  return /^\d+\.\d+$/.test(low) ? low.replace(/0+$/, '').replace(/\.$/, '') : low;
}

// Names of a whole class of models, not of one: `LMs` where another card says `GPT-style models` or `Llama-2` is only
// less precise (a broader word), never a setting of its own.
const CLASS_NAMES = new Set(['lm', 'lms', 'llm', 'llms', 'plm', 'plms']);

function isNameAtom(atom: string, using: Active): boolean {
  if (atom.length < 2 || !/\p{Lu}/u.test(atom.slice(1))) return false;
  const low = atom.toLowerCase();
  return !isAbbreviation(low, using) && !CLASS_NAMES.has(low);
}

function acronymLetters(atom: string): string | null {
  const letters = atom.replace(/s$/, '').replace(/[^\p{Lu}]/gu, '');
  return letters.length >= 2 && letters.length <= 6 ? letters.toLowerCase() : null;
}

/** One specific as a card writes it. */
export interface Specific {
  /** The span, lower case (`imagenet-1k`). */
  text: string;
  numbers: string[];
  /** Names in lower case, each with its acronym letters (or null). */
  names: [string, string | null][];
  /** The first atom when it is a word of 3+ letters (`imagenet`), else null. */
  head: string | null;
}

/** The numbers a text states (canonical: `0.030` -> `0.03`, `64K` -> `64k`), unique, in order. */
export function numbersIn(text: string): string[] {
  const out: string[] = [];
  for (const atom of withLeadingZeros(text).match(ATOM) ?? []) {
    if (!NUMERIC.test(atom)) continue;
    const n = canonicalNumber(atom);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** The specifics a text states, unique, in order. */
export function specificsOf(text: string, using: Active = activeTable()): Specific[] {
  const out: Specific[] = [];
  for (const span of withLeadingZeros(text).matchAll(SPAN)) {
    const atoms = span[0].match(ATOM) ?? [];
    const numbers: string[] = [];
    const names: [string, string | null][] = [];
    for (const atom of atoms) {
      if (NUMERIC.test(atom)) numbers.push(canonicalNumber(atom));
      else if (isNameAtom(atom, using)) names.push([atom.toLowerCase(), acronymLetters(atom)]);
    }
    if (!numbers.length && !names.length) continue;
    const lower = span[0].toLowerCase();
    if (out.some((s) => s.text === lower)) continue;
    const first = atoms[0];
    out.push({ text: lower, numbers, names, head: first && !NUMERIC.test(first) && first.length >= 3 ? first.toLowerCase() : null });
  }
  return out;
}

/** What a card mentions anywhere it can be seen. */
export interface Mentions {
  numbers: Set<string>;
  /** Its words in order, lower case, as ATOM splits them; '' between texts. */
  words: string[];
  wordSet: Set<string>;
  /** Initials of each text's words in order, one string per text (`exact match on squad` -> `emos`). */
  initials: string[];
  /** Spans of a single word (`imagenet`), for the head rule. */
  bare: Set<string>;
}

export function mentionsOf(texts: readonly string[]): Mentions {
  const numbers = new Set<string>();
  const bare = new Set<string>();
  const initials: string[] = [];
  const words: string[] = [];
  for (const text of texts) {
    let heads = '';
    for (const span of withLeadingZeros(text.toLowerCase()).matchAll(SPAN)) {
      const atoms = span[0].match(ATOM) ?? [];
      for (const atom of atoms) {
        words.push(atom);
        if (NUMERIC.test(atom)) {
          const n = canonicalNumber(atom);
          numbers.add(n);
          for (const same of sameNumbers(n)) numbers.add(same);
        }
        else if (WORD_NUMBERS[atom]) numbers.add(WORD_NUMBERS[atom]);
      }
      const first = atoms[0];
      if (first && !NUMERIC.test(first)) {
        heads += first[0];
        if (atoms.length === 1) bare.add(first);
      }
    }
    if (heads) initials.push(heads);
    words.push('');
  }
  // A gap the card gives as two numbers is a number it states (`26.8 vs 27.3` ~ `0.5`).
  for (const d of differences([...numbers])) numbers.add(d);
  return { numbers, words, wordSet: new Set(words), initials, bare };
}

/** Whether two or three adjacent words of the other card written together make `name` (`bio asq` -> `bioasq`). */
function joined(name: string, words: readonly string[]): boolean {
  for (let i = 0; i < words.length - 1; i++) {
    const w = words[i];
    if (!w || !name.startsWith(w)) continue;
    const two = w + words[i + 1];
    if (two === name) return true;
    if (i + 2 < words.length && name.startsWith(two) && words[i + 1] && two + words[i + 2] === name) return true;
  }
  return false;
}

function nameMentioned([name, letters]: [string, string | null], other: Mentions): boolean {
  if (other.wordSet.has(name) || (name.endsWith('s') && other.wordSet.has(name.slice(0, -1)))) return true;
  if (joined(name, other.words) || (name.endsWith('s') && joined(name.slice(0, -1), other.words))) return true;
  return letters !== null && other.initials.some((heads) => heads.includes(letters));
}

/** The specifics of one card (as spans, lower case) that the other card never mentions. */
export function unmatched(specifics: readonly Specific[], other: Mentions): string[] {
  const out: string[] = [];
  for (const s of specifics) {
    if (s.head !== null && other.bare.has(s.head)) continue;
    if (s.numbers.every((n) => other.numbers.has(n)) && s.names.every((name) => nameMentioned(name, other))) continue;
    out.push(s.text);
  }
  return out;
}
