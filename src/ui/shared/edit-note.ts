// The note on top of a kept copy of a refused edit (the review's drafts, the lessons screen's cards): the error as
// comment lines, removed again when the copy is read back (as git drops its comment lines from a commit message).
const NOTE = '# distill: ';

/** The copy reopened after a refused edit: the error as comment lines on top (inside the frontmatter when it opens one). */
export function withErrorNote(text: string, error: string): string {
  const note = `${NOTE}this edit was refused: ${error}\n${NOTE}fix it and close the editor; these lines are removed\n`;
  const clean = stripErrorNote(text);
  return clean.startsWith('---\n') ? `---\n${note}${clean.slice(4)}` : note + clean;
}

/** Drops the note lines withErrorNote added. */
export function stripErrorNote(text: string): string {
  return text.replace(/^# distill: .*\n/gm, '');
}
