// Issue 17: gray-matter splits the review's draft texts with its JavaScript engines disabled: `---js` never runs.
import { afterEach, expect, test } from 'vitest';
import { checkDraftText } from '../src/core/quest/drafts.js';
import { RefusedLanguage, splitDraftMatter } from '../src/core/format/draft-matter.js';

const g = globalThis as { __distillRan?: boolean };
afterEach(() => {
  delete g.__distillRan;
});

const JS = '---js\n(globalThis.__distillRan = true, { title: "x", claim: "A real claim." })\n---\nBody.\n';

test('a ---js frontmatter is refused, never evaluated', () => {
  expect(() => splitDraftMatter(JS)).toThrow(RefusedLanguage);
  expect(() => splitDraftMatter(JS.replace('---js', '---javascript'))).toThrow(/frontmatter language "javascript" is refused/);
  expect(g.__distillRan).toBeUndefined();
});

test('an edited draft with a ---js frontmatter gets one clear error, and the code did not run', () => {
  const check = checkDraftText(JS);
  expect(check).toEqual({ ok: false, error: expect.stringContaining('frontmatter language "js" is refused') });
  expect(g.__distillRan).toBeUndefined();
});

test('YAML is read with the PyYAML 1.1 rules (yes is true, 010 is octal), CRLF too', () => {
  const split = splitDraftMatter('---\r\ntitle: T\r\nflag: yes\r\nn: 010\r\n---\r\nBody.\r\n');
  expect(split).toMatchObject({ language: 'yaml', data: { title: 'T', flag: true, n: 8 }, body: 'Body.\n', hasFrontmatter: true });
  expect(splitDraftMatter('no frontmatter').hasFrontmatter).toBe(false);
});
