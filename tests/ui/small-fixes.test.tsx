// Small things the review says: the edit message (the draft file is never written by the review).
import { afterEach, expect, test } from 'vitest';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

test('a staged edit says the draft file is never changed, not "until the review is written"', async () => {
  app = await start();
  const draft = app.store.getState().data.drafts[0];
  app.store.getState().finishEdit(draft.id, draft.text.replace('Body of', 'Edited body of'), '/tmp/unused-copy.md');
  const message = app.store.getState().message!;
  expect(message).toBe('edit of Warmup matters for adapters staged (u undoes; the write uses the edited text, the draft file itself is never changed)');
  expect(message).not.toContain('until the review is written');
});
