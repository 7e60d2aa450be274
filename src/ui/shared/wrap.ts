// Soft wrapping for the preview and dialogs: long claims and bodies are wrapped at word boundaries instead of being
// cut at the pane's edge. Widths count code points (as the list panes' cut does); tabs become two spaces.

/** One logical line wrapped to `width` columns; words longer than a line are split. */
export function wrapLine(line: string, width: number): string[] {
  const w = Math.max(1, width);
  const chars = Array.from(line.replace(/\t/g, '  '));
  if (chars.length <= w) return [chars.join('')];
  const out: string[] = [];
  let start = 0;
  while (chars.length - start > w) {
    let cut = -1;
    for (let i = start + w; i > start; i--) {
      if (chars[i] === ' ') {
        cut = i;
        break;
      }
    }
    if (cut <= start) {
      out.push(chars.slice(start, start + w).join(''));
      start += w;
    } else {
      out.push(chars.slice(start, cut).join(''));
      start = cut + 1;
    }
  }
  out.push(chars.slice(start).join(''));
  return out;
}

/**
 * A line wrapped to `width` whose continuation lines start at column `hang` (a help line's description goes on under
 * the description, not under the key). No hang when it would leave under 10 columns.
 */
export function wrapHanging(line: string, width: number, hang: number): string[] {
  const pieces = wrapLine(line, width);
  if (pieces.length === 1 || hang <= 0 || width - hang < 10) return pieces;
  const chars = Array.from(line.replace(/\t/g, '  '));
  let at = Array.from(pieces[0]).length;
  while (chars[at] === ' ') at++;
  return [pieces[0], ...wrapLine(chars.slice(at).join(''), width - hang).map((p) => ' '.repeat(hang) + p)];
}

/** Logical lines (CRLF or LF) wrapped to `width`, each wrapped piece keeping the colour of its line (and its hang). */
export function wrapLines<T extends { text: string; hang?: number }>(lines: readonly T[], width: number): T[] {
  const out: T[] = [];
  for (const line of lines) for (const piece of wrapHanging(line.text, width, line.hang ?? 0)) out.push({ ...line, text: piece });
  return out;
}

/**
 * Help lines (`  <keys padded> <description>`) with their hang: the description's column when the line has one there
 * (`column`: 2 + the keys' width + 1), else none (section titles).
 */
export function hangingHelp(lines: readonly string[], column: number): { text: string; hang: number }[] {
  return lines.map((text) => ({ text, hang: text.startsWith('  ') && text[column - 1] === ' ' && /\S/.test(text[column] ?? '') ? column : 0 }));
}

/** A text's lines (CRLF or LF). */
export function textLines(text: string): string[] {
  return text.replace(/\r\n/g, '\n').split('\n');
}
