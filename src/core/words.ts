// Counted words in messages: `1 card`, `3 cards`.
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
