// A js-yaml schema that resolves plain scalars the way PyYAML's SafeLoader (YAML 1.1) does, except timestamps,
// which stay the strings they were written as. DeepScientist reads cards with PyYAML, so `quest: 001` is the
// integer 1 there and `on` is true; reading them the same way keeps us honest about what it sees.
import yaml from 'js-yaml';
import { FALSE_WORDS, FLOAT_RE, INT_RE, NULL_RE, TRUE_WORDS } from './yaml11-rules.js';

const nullType = new yaml.Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (data: string) => NULL_RE.test(data),
  construct: () => null,
  predicate: (value: unknown) => value === null,
  represent: () => 'null',
});

const TRUE = new Set<string>(TRUE_WORDS);
const FALSE = new Set<string>(FALSE_WORDS);
const boolType = new yaml.Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (data: string) => TRUE.has(data) || FALSE.has(data),
  construct: (data: string) => TRUE.has(data),
  predicate: (value: unknown) => typeof value === 'boolean',
  represent: (value: object) => String(value),
});

function constructInt(data: string): number {
  let text = data.replace(/_/g, '');
  let sign = 1;
  if (text[0] === '-' || text[0] === '+') {
    if (text[0] === '-') sign = -1;
    text = text.slice(1);
  }
  if (text === '0') return 0;
  if (text.startsWith('0b')) return sign * parseInt(text.slice(2), 2);
  if (text.startsWith('0x')) return sign * parseInt(text.slice(2), 16);
  if (text.startsWith('0')) return sign * parseInt(text, 8);
  if (text.includes(':')) {
    return sign * text.split(':').reduce((acc, part) => acc * 60 + parseInt(part, 10), 0);
  }
  return sign * parseInt(text, 10);
}

const intType = new yaml.Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (data: string) => INT_RE.test(data),
  construct: constructInt,
  predicate: (value: unknown) => typeof value === 'number' && Number.isInteger(value),
  represent: (value: object) => String(value),
});

function constructFloat(data: string): number {
  let text = data.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (text[0] === '-' || text[0] === '+') {
    if (text[0] === '-') sign = -1;
    text = text.slice(1);
  }
  if (text === '.inf') return sign * Infinity;
  if (text === '.nan') return NaN;
  if (text.includes(':')) {
    return sign * text.split(':').reduce((acc, part) => acc * 60 + parseFloat(part), 0);
  }
  return sign * parseFloat(text);
}

/** A float whose value is integral (`1.0`) stays distinguishable from an int through this wrapper-free marker set. */
const floatType = new yaml.Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (data: string) => FLOAT_RE.test(data),
  construct: constructFloat,
  predicate: (value: unknown) => typeof value === 'number' && !Number.isInteger(value),
  represent: (value: object) => String(value),
});

/** PyYAML-1.1-like resolution of null, bool, int and float; strings, sequences and mappings from the failsafe core. */
export const PYYAML_SCHEMA = yaml.FAILSAFE_SCHEMA.extend({ implicit: [nullType, boolType, intType, floatType] });

/** More aliases than any card or decision has (PyYAML's dump writes one per shared object): refused before loading. */
export const MAX_YAML_ALIASES = 1000;
/** What the loaded value may expand to, aliases followed (characters of scalars and keys, plus one per node). */
export const YAML_EXPANSION_BUDGET = 1024 * 1024;

/** A YAML text whose aliases would expand past the budget (an alias bomb), or that holds too many of them. */
export class YamlBudgetError extends Error {}

/** Aliases (`*name` where a node starts) in the raw text; an over-count (a `*` inside a quoted string) only errs safe. */
function countAliases(text: string): number {
  return text.match(/(?:^|[\s[{,])\*[^\s[\]{},]/g)?.length ?? 0;
}

/**
 * The size of `value` with every alias expanded, stopping once it passes `limit`. Aliases make the value a DAG
 * (js-yaml shares the anchored node), so each distinct node is sized once: linear in the text, however deep the bomb.
 */
function expandedSize(value: unknown, limit: number): number {
  const sized = new Map<object, number>();
  const size = (v: unknown): number => {
    if (v === null || typeof v !== 'object') return typeof v === 'string' ? v.length : 8;
    const known = sized.get(v);
    if (known !== undefined) return known;
    sized.set(v, limit + 1); // a cycle (`&a [*a]`) counts as over the budget
    let total = 1;
    if (Array.isArray(v)) {
      for (const item of v) if ((total += size(item)) > limit) break;
    } else {
      for (const [key, item] of Object.entries(v)) if ((total += key.length + size(item)) > limit) break;
    }
    sized.set(v, total);
    return total;
  };
  return size(value);
}

/**
 * PyYAML-1.1 values of a YAML text. A text with aliases is held to a budget: at most MAX_YAML_ALIASES of them, and a
 * value that expands to no more than YAML_EXPANSION_BUDGET (plus twice the text's own length), so an alias bomb of a
 * few hundred bytes is refused at once (YamlBudgetError) instead of expanding into gigabytes downstream (a card
 * written from it, its JSON, its diff).
 */
export function loadYaml(text: string): unknown {
  const aliased = text.includes('*');
  if (aliased) {
    const aliases = countAliases(text);
    if (aliases > MAX_YAML_ALIASES) throw new YamlBudgetError(`${aliases} YAML aliases, over the ${MAX_YAML_ALIASES} distill reads (an alias bomb?)`);
  }
  const value = yaml.load(text, { schema: PYYAML_SCHEMA });
  if (aliased) {
    const limit = YAML_EXPANSION_BUDGET + 2 * text.length;
    if (expandedSize(value, limit) > limit) {
      throw new YamlBudgetError(`YAML aliases expand to over ${limit} characters from ${text.length} (an alias bomb?)`);
    }
  }
  return value;
}

export { yaml as jsYaml };
