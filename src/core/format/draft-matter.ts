// Issue 17 (i17r): gray-matter as the frontmatter splitter for the review's draft texts (the editor's buffers), with
// every code-running engine disabled: a `---js` / `---javascript` / `---coffee` block is refused, never evaluated.
// YAML goes through the project's PyYAML 1.1 loader, so values read as DeepScientist reads them. The card store keeps
// its own fast parser (fast-frontmatter.ts): gray-matter re-reads whole files and caches by content, too slow and too
// loose (a "---" inside a line, a BOM) for 10k cards read on every start.
import matter from 'gray-matter';
import { loadYaml } from './yaml11.js';

export interface DraftMatter {
  /** The frontmatter language after the opening `---` (yaml unless one is named). */
  language: string;
  data: Record<string, unknown>;
  body: string;
  hasFrontmatter: boolean;
}

/** A frontmatter language that would run code (or is not YAML): refused. */
export class RefusedLanguage extends Error {}

const refuse = (name: string) => () => {
  throw new RefusedLanguage(`frontmatter language "${name}" is refused: a draft's frontmatter is YAML, and distill never runs code from a file`);
};

const ENGINES = {
  yaml: (text: string) => (loadYaml(text) ?? {}) as object,
  js: refuse('js'),
  javascript: refuse('javascript'),
  coffee: refuse('coffee'),
  coffeescript: refuse('coffeescript'),
  cson: refuse('cson'),
};

/** Splits a draft text; throws (with one clear line) for a non-YAML frontmatter language or bad YAML. */
export function splitDraftMatter(text: string): DraftMatter {
  // Options are always passed: gray-matter caches results by content only when called without them.
  const file = matter(text.replace(/\r\n/g, '\n'), { engines: ENGINES, language: 'yaml' });
  const language = ((file as { language?: string }).language ?? 'yaml').toLowerCase();
  if (language !== 'yaml' && language !== 'yml') refuse(language)();
  return {
    language,
    data: (file.data ?? {}) as Record<string, unknown>,
    body: file.content,
    // gray-matter leaves `matter` empty when there is no block; an empty block sets `isEmpty`.
    hasFrontmatter: Boolean(file.matter) || Boolean((file as { isEmpty?: boolean }).isEmpty),
  };
}
