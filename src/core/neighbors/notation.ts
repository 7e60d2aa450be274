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
