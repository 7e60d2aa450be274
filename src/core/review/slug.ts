// Card file names: DeepScientist's `slugify(title, default=kind)`, except that we never overwrite another card.
// DeepScientist writes `<kind>.md` for an empty slug (every non-ASCII title) and silently overwrites on a clash;
// we give such a card a unique, deterministic name derived from its id instead.
import path from 'node:path';

/** Lower-case, runs of anything but [a-z0-9] become `-`, `-` stripped from both ends. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The file name for a new card in `dir`. `taken(file)` says whether a path is already used (on disk or by another
 * card of the same plan). An empty slug becomes the card id; a clash gets `-<id hex>` appended.
 */
export function cardFileName(dir: string, title: string, cardId: string, taken: (file: string) => boolean): string {
  const slug = slugify(title);
  const hex = cardId.replace(/^[a-z]+-/, '');
  const candidates = slug ? [`${slug}.md`, `${slug}-${hex}.md`] : [`${cardId}.md`];
  for (const name of candidates) if (!taken(path.join(dir, name))) return path.join(dir, name);
  for (let n = 2; ; n++) {
    const name = `${slug || cardId}-${hex}-${n}.md`;
    if (!taken(path.join(dir, name))) return path.join(dir, name);
  }
}
