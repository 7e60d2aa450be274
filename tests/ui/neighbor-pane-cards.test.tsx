// The review's neighbor pane (issue 33): a checkpoint card (`type:checkpoint-memory`) is never proposed, however close
// it is to the draft (here: the draft's own title and tags); a dual-frontmatter card whose claim sits in a block at the
// start of its body is found by that claim, and the side-by-side shows the claim as read, marked as coming from the
// body block. Through the keys of the review over the core facade on a copy of fixtures/demo-home plus two cards.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const CLAIM = 'On CoNLL-1k, LoRA rank 8 matches the F1 of adapter bottleneck 64 with fewer trainable parameters.';

function card(id: string, title: string, tags: string[], body: string): string {
  return `---\nid: ${id}\ntype: knowledge\nkind: knowledge\ntitle: ${title}\nquest_id: '002'\ntags:\n${tags.map((t) => `- ${t}\n`).join('')}` +
    `created_at: '2026-05-03T10:00:00+00:00'\nupdated_at: '2026-05-03T10:00:00+00:00'\nscope: global\n---\n${body}`;
}

async function open(stateTag: string | null) {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  const kn = path.join(home, 'memory/knowledge');
  const tags = [...(stateTag ? [stateTag] : []), 'domain:nlp', 'task:ner', 'topic:peft'];
  fs.writeFileSync(path.join(kn, 'checkpoint-lora-rank-8.md'), card('knowledge-c0de0001', 'LoRA rank 8 matches adapter bottleneck 64 on CoNLL-1k', tags, '## Next resume step\nTry rank 4.\n'));
  fs.writeFileSync(path.join(kn, 'parameter-budget-note.md'), card('knowledge-d0a10002', 'Parameter budget note', ['domain:nlp'], `---\nclaim: ${CLAIM}\nkeywords:\n- lora\n---\nFrom an older quest.\n`));
  const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_REVIEWER: 'alice' } });
  app = await renderApp(<ReviewApp store={createReviewStore({ facade })} env={{ NO_COLOR: '1' }} />, { columns: 140, rows: 40 });
  return app;
}

test('a checkpoint card with the draft\'s own title is not a neighbor; the dual-frontmatter card is, by its block claim', async () => {
  const a = await open('type:checkpoint-memory');
  // The first draft (LoRA rank 8 matches adapter bottleneck 64) is focused: its neighbors are listed.
  expect(a.frame()).toMatch(/› 1\.00 Parameter budget note · exact claim/);
  expect(a.frame()).toContain('0.52 Adapter bottleneck 64 is the sweet spot');
  expect(a.frame()).not.toMatch(/\d\.\d\d LoRA rank 8 matches adapter bottleneck/);
  await a.press('l');
  await a.press('l');
  const frame = a.frame();
  expect(frame).toContain('⇄ neighbor knowledge-d0a10002');
  expect(frame).toContain('why: score 1.00');
  // The claim as read, marked; the same claim as the draft's, so not a differing field.
  expect(frame).toMatch(/ {2}claim: On CoNLL-1k, LoRA rank 8 matches the F1 of adapter {10}│ claim: On CoNLL-1k, LoRA rank 8 matches the F1 of adapter/);
  expect(frame).toContain('bottleneck 64 with fewer trainable parameters. (from the body');
  expect(frame).toContain('│ keywords: lora (from the body block)');
});

test('the same card without its state tag is a neighbor (the test above can fail)', async () => {
  const a = await open(null);
  expect(a.frame()).toMatch(/\d\.\d\d LoRA rank 8 matches adapter bottleneck 64/);
});

test('a tag as agents write it (Type: Checkpoint-Memory) counts too', async () => {
  const a = await open("'Type: Checkpoint-Memory'");
  expect(a.frame()).toMatch(/› 1\.00 Parameter budget note/);
  expect(a.frame()).not.toMatch(/\d\.\d\d LoRA rank 8 matches adapter bottleneck/);
});
