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

/** Logical lines (CRLF or LF) wrapped to `width`, each wrapped piece keeping the colour of its line. */
export function wrapLines<T extends { text: string }>(lines: readonly T[], width: number): T[] {
  const out: T[] = [];
  for (const line of lines) for (const piece of wrapLine(line.text, width)) out.push({ ...line, text: piece });
  return out;
}

/** A text's lines (CRLF or LF). */
export function textLines(text: string): string[] {
  return text.replace(/\r\n/g, '\n').split('\n');
}
