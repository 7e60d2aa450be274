// The tags a lesson drafted for a run starts with (core/quest/lesson-tags.ts): the quest's (quest.yaml, the domain: and
// task: tags of its memory cards but a checkpoint's, else its id when it names a task), no workflow or state tags.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { lessonTags, questTags, tagSlug } from '../src/core/quest/lesson-tags.js';
import { topicalTags } from '../src/core/quest/run-evidence.js';
import type { Quest } from '../src/core/model.js';
import { tempDirs } from './helpers/home.js';

const temps = tempDirs();

function quest(id: string, yaml: Record<string, unknown>, cards: Record<string, string[]> = {}): Quest {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-lesson-tags-'));
  temps.push(home);
  const root = path.join(home, 'quests', id);
  fs.mkdirSync(path.join(root, 'memory', 'knowledge'), { recursive: true });
  for (const [name, tags] of Object.entries(cards)) {
    const text = `---\nid: knowledge-${name}\ntitle: ${name}\ntags:\n${tags.map((t) => `- ${t}\n`).join('')}---\nbody\n`;
    fs.writeFileSync(path.join(root, 'memory', 'knowledge', `${name}.md`), text);
  }
  return { id, root, home, yaml };
}

test('a slug as DeepScientist slugs a family', () => {
  expect(tagSlug('Subword Regularisation')).toBe('subword-regularisation');
  expect(tagSlug('  Adapter-Tuning ')).toBe('adapter-tuning');
  expect(tagSlug('label smoothing (0.1)')).toBe('label-smoothing-0.1');
});

test('the quest: quest.yaml tags and fields, its cards\' domain: and task: tags, a checkpoint\'s left out', () => {
  const q = quest('001', { tags: ['topic:peft', 'branch:main'], domain: 'NLP' }, {
    a: ['domain:nlp', 'task:ner', 'topic:warmup'],
    b: ['type:checkpoint-memory', 'task:secret-state'],
  });
  expect(questTags(q)).toEqual(['topic:peft', 'domain:nlp', 'task:ner']);
});

test('no task: tag anywhere: a quest id that names a task stands in; a numbered one does not', () => {
  expect(questTags(quest('wnut17-social', {}))).toEqual(['task:wnut17-social']);
  expect(questTags(quest('001', {}))).toEqual([]);
  expect(questTags(quest('001', { task: 'Open QA' }))).toEqual(['task:open-qa']);
});

test('the run: metric, never a workflow or state tag', () => {
  const q = quest('001', {}, { a: ['domain:nlp'] });
  expect(lessonTags(q, { ideaId: null, metricId: 'span_f1' }, ['idea-draft', 'family:gazetteer', 'next:experiment'], ['Type:Checkpoint-Memory', 'topic:debugging'])).toEqual([
    'topic:debugging', 'domain:nlp', 'family:gazetteer', 'metric:span_f1',
  ]);
  expect(topicalTags(['type:status-clarification', 'type:revision-lesson'])).toEqual(['type:revision-lesson']);
});
