// One key for a factor however an agent spelled it: "Subword Regularisation", "subword-regularization" and
// "subword regularizations" are one family. A general normaliser (case, punctuation, hyphens, British/US -ise/-ize
// and -our/-or, plurals), never a list of known families: the key only has to be the same for every spelling.

/** A word's British/US and plural variants folded to one form. Short words are left alone ("use", "bus", "four"). */
function foldWord(word: string): string {
  let w = word;
  if (w.length > 4) {
    if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
    else if (w.endsWith('sses')) w = w.slice(0, -2);
    else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  }
  // -isation/-ise/-ised/-ising/-iser → -iz…: "regularisation", "tokenised", "optimiser".
  if (w.length > 5) w = w.replace(/is(ation|e|ed|ing|er)$/, 'iz$1');
  // -our → -or: "behaviour", "colour", "neighbour" (and its -ours, -oured forms after the plural fold).
  if (w.length > 5) w = w.replace(/our(ed|ing)?$/, 'or$1');
  return w;
}

/** The normalised key of a factor value: lower case, words split on anything not a letter or digit, each folded. */
export function normalizeFactor(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(foldWord)
    .join(' ');
}

/** The spelling to show for a factor: the most frequent one seen, ties to the lower-case then alphabetically first. */
export function displaySpelling(spellings: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of spellings) counts.set(s.trim(), (counts.get(s.trim()) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || lowerFirst(a[0], b[0]))[0]?.[0] ?? '';
}

function lowerFirst(a: string, b: string): number {
  const la = a === a.toLowerCase() ? 0 : 1;
  const lb = b === b.toLowerCase() ? 0 : 1;
  return la - lb || (a < b ? -1 : a > b ? 1 : 0);
}
