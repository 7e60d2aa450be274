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

export function loadYaml(text: string): unknown {
  return yaml.load(text, { schema: PYYAML_SCHEMA });
}

export { yaml as jsYaml };
