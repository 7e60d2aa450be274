// Numbers written in other notations made one: a decimal without its leading zero (`AUC .97`, `ECE .12→.03`) is the
// decimal (`0.97`), and a thousands suffix (`1k`) is the number it stands for, decimal or binary (`1000`, `1024`).
// General rules of how people write numbers in terse notes, applied before words, numbers and specifics are read.

const BARE_DECIMAL = /(?<![\p{L}\p{N}.])\.(?=\d)/gu;

/** The text with each decimal written without its leading zero given one (`.97` -> `0.97`). */
export function withLeadingZeros(text: string): string {
  return text.includes('.') ? text.replace(BARE_DECIMAL, '0.') : text;
}

/**
 * Other ways of writing a canonical number (specifics.ts canonicalNumber): `1k` -> `1000`, `1024`; `1024` -> `1k`;
 * `4000` -> `4k`. Empty for the others.
 */
export function sameNumbers(n: string): string[] {
  const k = /^(\d+)k$/.exec(n);
  if (k) {
    const v = Number(k[1]);
    return [String(v * 1000), String(v * 1024)];
  }
  if (!/^\d{4,}$/.test(n)) return [];
  const v = Number(n);
  const out: string[] = [];
  if (v % 1024 === 0) out.push(`${v / 1024}k`);
  if (v % 1000 === 0) out.push(`${v / 1000}k`);
  return out;
}

const PLAIN = /^\d+(?:\.\d+)?$/;
/** How many of a card's numbers their differences are taken of (the first ones: a card states a few). */
const MAX_OPERANDS = 10;

/**
 * The differences of two numbers a text gives (`26.8 vs 27.3` states a 0.5 gap, `86.0 → 87.1` a 1.1 gain), written to
 * the decimals of the more precise one; of decimals and of numbers from 10 on (two small counts make any small count).
 */
export function differences(numbers: Iterable<string>): string[] {
  const values: [number, number][] = [];
  for (const n of numbers) {
    if (values.length >= MAX_OPERANDS) break;
    if (!PLAIN.test(n)) continue;
    const v = Number(n);
    const decimals = n.includes('.') ? n.length - n.indexOf('.') - 1 : 0;
    if (decimals === 0 && v < 10) continue;
    values.push([v, decimals]);
  }
  const out: string[] = [];
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      const d = Math.abs(values[i][0] - values[j][0]);
      if (d === 0) continue;
      const text = d.toFixed(Math.max(values[i][1], values[j][1])).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
      if (!out.includes(text)) out.push(text);
    }
  }
  return out;
}
