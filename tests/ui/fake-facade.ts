// A scripted facade for component tests: two runs, four drafts, neighbors, plans and writes recorded in memory.
import type { DraftItem, NeighborItem, QuestData, ReviewFacade, StagedDecision, StagingSnapshot } from '../../src/ui/review/facade.js';

export interface FakeFacade extends ReviewFacade {
  written: StagedDecision[][];
  saved: StagedDecision[][];
  staging: StagingSnapshot | null;
  data: QuestData;
  loads: number;
}

function draft(id: string, title: string, runIds: string[], extra: Partial<DraftItem> = {}): DraftItem {
  return {
    id,
    title,
    claim: `${title}.`,
    needsEdit: false,
    tags: ['topic:calibration'],
    runIds,
    path: `/home/q/drafts/${id}.md`,
    source: 'pr60_draft',
    text: `---\nid: ${id}\ntitle: ${title}\n---\nBody of ${title}.`,
    ...extra,
  };
}

function neighbor(cardId: string, title: string, score: number): NeighborItem {
  return { cardId, title, score, reasons: ['shared tags: topic:calibration'], path: `/home/memory/knowledge/${cardId}.md`, text: `---\nid: ${cardId}\ntitle: ${title}\ntags: [topic:calibration]\n---\nCard ${title} text` };
}

export function sampleData(): QuestData {
  return {
    quest: { id: '001', root: '/home/quests/001', title: 'NER adapters' },
    runs: [
      { artifactId: 'run-aaaa0001', runId: 'main-001', runKind: 'main_experiment', summary: 'first run', covered: true, coveredBy: ['decision-11111111'] },
      { artifactId: 'run-bbbb0002', runId: 'main-002', runKind: 'main_experiment', summary: 'second run', covered: false, coveredBy: [] },
    ],
    drafts: [
      draft('knowledge-d0000001', 'Warmup matters for adapters', ['run-bbbb0002']),
      draft('knowledge-d0000002', 'Temperature scaling in domain', ['run-bbbb0002']),
      draft('knowledge-d0000003', 'Seed variance dominates', []),
      draft('knowledge-d0000004', 'Todo draft', ['run-bbbb0002'], { claim: 'TODO', needsEdit: true }),
    ],
    warnings: [],
  };
}

export function fakeFacade(data: QuestData = sampleData(), staging: StagingSnapshot | null = null): FakeFacade {
  const fake: FakeFacade = {
    written: [],
    saved: [],
    staging,
    data,
    loads: 0,
    load: () => {
      fake.loads += 1;
      return fake.data;
    },
    neighbors: (d) =>
      d.id === 'knowledge-d0000003'
        ? []
        : [neighbor('knowledge-n0000001', `Neighbor A of ${d.title}`, 0.82), neighbor('knowledge-n0000002', 'Neighbor B', 0.41)],
    patchDiff: (s) => [`--- a/${s.neighborId}.md`, `+++ b/${s.neighborId}.md`, '@@ -1,2 +1,3 @@', ' old line', `+evidence from ${s.draftId}`],
    cardPreview: (s) => ({ path: `memory/knowledge/new-${s.draftId}.md`, lines: ['---', `id: new-${s.draftId}`, '---', `New card from ${s.draftId}.`] }),
    describe: (list) => ({
      lines: list.map((s) => `${s.decision} ${s.draftId}${s.neighborId ? ` -> ${s.neighborId}` : ''}`).concat(['create artifacts/decisions/decision-12345678.json']),
      fileCount: list.length + 1,
    }),
    write: async (list) => {
      fake.written.push(list);
      return { reviewId: 'decision-12345678', files: list.map((s) => s.draftId) };
    },
    loadStaging: () => fake.staging,
    saveStaging: (list, edits) => {
      fake.saved.push(list);
      fake.staging = { savedAt: '2026-01-01T00:00:00+00:00', staged: list, ...(edits && Object.keys(edits).length ? { edits } : {}) };
    },
    clearStaging: () => {
      fake.staging = null;
    },
  };
  return fake;
}
