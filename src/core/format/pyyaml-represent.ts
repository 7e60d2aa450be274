// PyYAML's SafeRepresenter: what node `yaml.safe_dump` makes of a value (Python's types as distill holds them: a
// PyFloat for a float with an integral value, a bigint for a big int). The emitter (pyyaml.ts) writes the nodes.
import { PyFloat, pythonFloatRepr, pythonIntText } from './pyjson.js';
import type { ScalarTag } from './pyyaml-scalar.js';

export interface ScalarNode {
  kind: 'scalar';
  tag: ScalarTag;
  value: string;
}
export interface SeqNode {
  kind: 'seq';
  items: unknown[];
}
export interface MapNode {
  kind: 'map';
  entries: Array<[string, unknown]>;
}
export type Node = ScalarNode | SeqNode | MapNode;

function yamlFloat(value: number): string {
  if (Number.isNaN(value)) return '.nan';
  if (value === Infinity) return '.inf';
  if (value === -Infinity) return '-.inf';
  const text = pythonFloatRepr(value).toLowerCase();
  // PyYAML adds '.0' to an exponent form without a point, so it still reads back as a float.
  return !text.includes('.') && text.includes('e') ? text.replace('e', '.0e') : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** SafeRepresenter: what node PyYAML would make of the equivalent Python value. */
export function represent(value: unknown): Node {
  if (value === null || value === undefined) return { kind: 'scalar', tag: 'null', value: 'null' };
  if (typeof value === 'boolean') return { kind: 'scalar', tag: 'bool', value: value ? 'true' : 'false' };
  if (typeof value === 'string') return { kind: 'scalar', tag: 'str', value };
  if (typeof value === 'bigint') return { kind: 'scalar', tag: 'int', value: value.toString() };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value)
      ? { kind: 'scalar', tag: 'int', value: pythonIntText(value) }
      : { kind: 'scalar', tag: 'float', value: yamlFloat(value) };
  }
  if (value instanceof PyFloat) return { kind: 'scalar', tag: 'float', value: yamlFloat(value.value) };
  if (Array.isArray(value)) return { kind: 'seq', items: value };
  if (isPlainObject(value)) {
    return { kind: 'map', entries: Object.entries(value).filter(([, v]) => v !== undefined) };
  }
  const name = typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
  throw new TypeError(`cannot represent an object: ${name} (frontmatter holds strings, numbers, lists and maps)`);
}
