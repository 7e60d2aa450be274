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
 * The longest slug used whole. DeepScientist has no cap, and a title of ~250 characters makes a name the file system
 * refuses (ENAMETOOLONG, 255 bytes): a longer slug is cut at a `-` and takes the id's hex, so it stays unique.
 */
export const MAX_SLUG = 120;

/**
 * The file name for a new card in `dir`. `taken(file)` says whether a path is already used (on disk or by another
 * card of the same plan). An empty slug becomes the card id; a clash gets `-<id hex>` appended; a slug over MAX_SLUG
 * is cut and always gets it.
 */
export function cardFileName(dir: string, title: string, cardId: string, taken: (file: string) => boolean): string {
  const whole = slugify(title);
  const hex = cardId.replace(/^[a-z]+-/, '');
  const slug = whole.length > MAX_SLUG ? cut(whole) : whole;
  const candidates = !slug ? [`${cardId}.md`] : slug === whole ? [`${slug}.md`, `${slug}-${hex}.md`] : [`${slug}-${hex}.md`];
  for (const name of candidates) if (!taken(path.join(dir, name))) return path.join(dir, name);
  for (let n = 2; ; n++) {
    const name = `${slug || cardId}-${hex}-${n}.md`;
    if (!taken(path.join(dir, name))) return path.join(dir, name);
  }
}

/** The slug cut to at most MAX_SLUG characters, at the last `-` when there is one past half of it. */
function cut(slug: string): string {
  const head = slug.slice(0, MAX_SLUG);
  const dash = head.lastIndexOf('-');
  return (dash > MAX_SLUG / 2 ? head.slice(0, dash) : head).replace(/-+$/, '');
}
