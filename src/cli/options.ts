// Option values that commander checks for the commands (argParser / choices), and commander's error text made into
// distill's one line: `distill: --limit x: not a positive whole number`.
import { InvalidArgumentError } from 'commander';

/** `--limit n`: a whole number from 1. */
export function positiveInteger(value: string): number {
  // Digits only: Number() also takes `0x2`, `1e1` and ` 3`.
  const n = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('not a positive whole number');
  return n;
}

/** A score in (0, 1], e.g. `--threshold`. */
export function unitScore(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 1) throw new InvalidArgumentError('expected a number in (0, 1]');
  return n;
}

/** "a, b, c" as "a, b or c". */
function either(list: string): string {
  const items = list.split(', ');
  return items.length < 2 ? list : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * Commander's error message (`error: …`, possibly over several lines) as the one line distill prints after
 * `distill: `. A bad option value names the option and the value first, as distill's own errors name the file.
 */
export function commanderErrorLine(text: string): string {
  const message = text.trim().replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
  const invalid = /^option '(?:-\w, )?(--[\w-]+)[^']*' argument '(.*)' is invalid\. (.*)$/s.exec(message);
  if (!invalid) return `${message} (run distill --help for usage)`;
  const [, flag, value, why] = invalid;
  const choices = /^Allowed choices are (.*)\.$/.exec(why);
  return `${flag} ${value}: ${choices ? `use ${either(choices[1])}` : why}`;
}
