// Test data with a long draft (40 body lines, a 300-character claim) for the reading tests of issue 17.
import type { QuestData } from '../../src/ui/review/facade.js';
import { sampleData } from './fake-facade.js';

export const LONG_CLAIM = `${'Warmup of six percent of the steps keeps the adapters stable '.repeat(5)}CLAIM-END`;

export function longDraftData(): QuestData {
  const data = sampleData();
  const body = Array.from({ length: 40 }, (_, i) => `body line ${String(i + 1).padStart(2, '0')}`);
  data.drafts[0] = {
    ...data.drafts[0],
    claim: LONG_CLAIM,
    text: ['---', 'id: knowledge-d0000001', 'title: Warmup matters for adapters', `claim: ${LONG_CLAIM}`, 'tags: [topic:warmup]', '---', ...body].join('\n'),
  };
  return data;
}
