// Python's `json.dumps(..., ensure_ascii=False)` byte for byte, for the JSON files DeepScientist writes:
// artifacts are `json.dumps(record, indent=2, ensure_ascii=False) + "\n"`, index lines `json.dumps(obj,
// ensure_ascii=False)`. JavaScript numbers do not say whether they were `1` or `1.0`: an integral number is printed as
// a Python int when it is a safe integer (|n| < 2^53), and as a Python float otherwise: a bigger JS number has lost
// its exact integer value anyway, and JSON.parse("1e+300") gives one. Exact big ints travel as `bigint`. Records
// DeepScientist writes carry integral values as ints (the sample has no `1.0`); a value that must be printed as a
// Python float whatever its value goes in a `PyFloat`.

/** A number that Python holds as a float, so `1` prints as `1.0` (JSON) or `1.0` (YAML). */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** Python's `repr(float)`: shortest round-trip digits, exponent form when the exponent is < -4 or >= 16. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // toExponential() without an argument gives the shortest digits that round-trip, as Python's repr does.
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(value).toExponential());
  if (!match) throw new Error(`cannot format float ${value}`);
  const digits = match[1] + (match[2] ?? '');
  const exponent = Number(match[3]);
  const decpt = exponent + 1; // position of the decimal point relative to the digits
  if (decpt <= -4 || decpt > 16) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const exp = Math.abs(exponent).toString().padStart(2, '0');
    return `${sign}${mantissa}e${exponent < 0 ? '-' : '+'}${exp}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/** Python's integer text for a JS safe integer or a bigint. */
export function pythonIntText(value: number | bigint): string {
  return typeof value === 'bigint' ? value.toString() : BigInt(value).toString();
}

function jsonNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return Number.isSafeInteger(value) ? pythonIntText(value) : pythonFloatRepr(value);
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** `json.dumps(str, ensure_ascii=False)`: only `"`, `\` and C0 controls are escaped; `/`, DEL, non-ASCII stay raw. */
export function pyJsonString(text: string): string {
  const escaped = text.replace(/[\u0000-\u001f"\\]/g, (ch) => {
    return SHORT_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `"${escaped}"`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Entries as json.dumps sees them; `undefined` values are left out, as JSON.stringify does. */
function objectEntries(value: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

function scalarText(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return jsonNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return pyJsonString(value);
  if (value instanceof PyFloat) {
    return Number.isFinite(value.value) ? pythonFloatRepr(value.value) : jsonNumber(value.value);
  }
  return null;
}

function encode(value: unknown, indent: string | null, depth: number, seen: Set<object>): string {
  const scalar = scalarText(value);
  if (scalar !== null) return scalar;
  if (typeof value !== 'object' || (!Array.isArray(value) && !isPlainObject(value))) {
    throw new TypeError(`Object of type ${describe(value)} is not JSON serializable`);
  }
  if (seen.has(value)) throw new TypeError('Circular reference detected');
  seen.add(value);
  const items = Array.isArray(value)
    ? value.map((item) => encode(item, indent, depth + 1, seen))
    : objectEntries(value).map(([k, v]) => `${pyJsonString(k)}: ${encode(v, indent, depth + 1, seen)}`);
  seen.delete(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (items.length === 0) return open + close;
  if (indent === null) return open + items.join(', ') + close;
  const inner = '\n' + indent.repeat(depth + 1);
  return open + inner + items.join(',' + inner) + '\n' + indent.repeat(depth) + close;
}

function describe(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value;
  return value.constructor?.name ?? 'object';
}

/** `json.dumps(value, indent=2, ensure_ascii=False) + "\n"`: DeepScientist's artifact and state files. */
export function pyJsonPretty(value: unknown): string {
  return encode(value, '  ', 0, new Set()) + '\n';
}

/** `json.dumps(value, ensure_ascii=False)`: one line, `", "` and `": "`, no trailing newline (`_index.jsonl`). */
export function pyJsonLine(value: unknown): string {
  return encode(value, null, 0, new Set());
}
