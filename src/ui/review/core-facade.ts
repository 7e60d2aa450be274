// The review facade over src/core: reading the quest, neighbors, the write plan, and per-quest staging.
import fs from 'node:fs';
import path from 'node:path';
import { coverage, describePlan, draftsDir, executePlan, isoNow, listDrafts, openStoreSync, planReview, questStateDir, readStateFile, runLines, stagingSchema, unifiedDiff, UserError, writeFileAtomic, type CardMeta, type Draft, type GlobalCards, type Plan, type Quest, type ReadCardResult, type Run, type Store } from '../../core/index.js';
import type { DraftItem, NeighborItem, PlanSummary, QuestData, ReviewFacade, StagedDecision, StagingSnapshot, WriteResult } from './facade.js';
import { createNeighborFinder, type NeighborFinder } from './neighbor-source.js';

export interface CoreFacadeOptions {
  quest: Quest;
  env?: NodeJS.ProcessEnv;
  /** Shown once as warnings on the first load (e.g. journals recovered at start). */
  notes?: string[];
  /** The global store, already opened (with a progress line) by the caller; opened by the first load otherwise. */
  store?: Store;
  /** --reviewer; otherwise core/review/reviewer.ts's rule. */
  reviewer?: string;
}

export function stagingFile(quest: Quest): string {
  return path.join(questStateDir(quest.root), 'staging.json');
}

interface Loaded {
  /** The store's metadata; whole cards read once per load (what the neighbor pane shows is what a patch is planned from). */
  global: GlobalCards;
  runs: Map<string, Run>;
  /** Drafts of the quest (not yet reviewed). */
  allDrafts: Draft[];
  /** Drafts with the reviewed ones, as buildPlan wants them; read on first use. */
  planDrafts?: Draft[];
}

/** The store as the drafts list and the plan see it in one load: each whole card is read once, then kept. */
function sessionView(store: Store): GlobalCards {
  const whole = new Map<string, ReadCardResult>();
  return {
    get cards() {
      return store.cards;
    },
    byId: (id) => store.byId(id),
    readCard(card: CardMeta) {
      let result = whole.get(card.path);
      if (!result) whole.set(card.path, (result = store.readCard(card)));
      return result;
    },
  };
}

export function createCoreFacade(options: CoreFacadeOptions): ReviewFacade & { plan(staged: StagedDecision[]): Plan } {
  const { quest } = options;
  const env = options.env ?? process.env;
  const home = quest.home;
  let loaded: Loaded | null = null;
  let finder: NeighborFinder | null = null;
  const notes = [...(options.notes ?? [])];
  let store = options.store ?? null;

  const plan = (staged: StagedDecision[]): Plan => {
    if (!loaded) throw new UserError('quest not loaded');
    loaded.planDrafts ??= listDrafts(quest, { global: loaded.global, runs: loaded.runs, includeReviewed: true }).drafts;
    const source = { quest, global: loaded.global, runs: loaded.runs, drafts: loaded.planDrafts };
    return planReview(source, staged, { reviewer: options.reviewer, env });
  };

  return {
    plan,
    load(): QuestData {
      const report = coverage(quest);
      // A reload (after a write) re-stats the store and re-reads only changed files; the index follows the change.
      if (!store) store = openStoreSync(home, { env });
      else if (loaded) finder?.apply(store.refresh());
      const global = sessionView(store);
      const listed = listDrafts(quest, { global, runs: report.runs });
      loaded = { global, runs: report.runs, allDrafts: listed.drafts };
      const drafts: DraftItem[] = listed.drafts.map((d) => ({
        id: d.id,
        title: d.title,
        claim: d.claim,
        needsEdit: d.needsEdit,
        tags: d.tags,
        runIds: d.runIds,
        path: d.path,
        source: d.source,
        text: d.card.raw,
      }));
      const title = typeof quest.yaml.title === 'string' ? quest.yaml.title : quest.id;
      return {
        quest: { id: quest.id, root: quest.root, title },
        runs: report.candidates.map((c) => ({
          artifactId: c.artifactId,
          runId: c.runId,
          runKind: c.runKind,
          summary: c.summary,
          covered: c.covered,
          coveredBy: c.coveredBy,
          notes: [c.disagreement ? `copies disagree: ${c.disagreement}` : '', c.coverageNote ?? ''].filter(Boolean),
        })),
        drafts,
        warnings: [
          ...notes.splice(0),
          ...[...report.warnings, ...store.warnings, ...listed.warnings].map((w) => `${w.file}: ${w.message}`),
        ],
      };
    },
    neighbors(item: DraftItem): NeighborItem[] {
      if (!loaded) return [];
      finder ??= createNeighborFinder(loaded.global);
      const draft = loaded.allDrafts.find((d) => d.id === item.id);
      return draft ? finder.find(draft) : [];
    },
    patchDiff(decision: StagedDecision): string[] {
      const p = plan([decision]);
      const patch = p.patches[0];
      if (!patch) return ['(the plan has no patch for this draft)'];
      const rel = path.relative(home, patch.path);
      return unifiedDiff(patch.before, patch.after, 'a/' + rel, 'b/' + rel).split('\n');
    },
    cardPreview(decision: StagedDecision) {
      const p = plan([decision]);
      const card = p.newCards[0];
      if (!card) return { path: '', lines: ['(the plan writes no new card for this draft)'] };
      const lines = card.content.split('\n');
      // A separate card may also revise its neighbor's relations: show that diff too.
      for (const patch of p.patches) {
        const rel = path.relative(home, patch.path);
        lines.push('', ...unifiedDiff(patch.before, patch.after, 'a/' + rel, 'b/' + rel).split('\n'));
      }
      return { path: path.relative(home, card.path), lines };
    },
    watchPaths(): string[] {
      return [quest.root, draftsDir(home, quest.id)].filter((p) => fs.existsSync(p));
    },
    describe(decisions: StagedDecision[]): PlanSummary {
      const p = plan(decisions);
      const rel = (f: string) => path.relative(home, f);
      const files = [
        ...p.newCards.map((c) => `  create  ${rel(c.path)}`),
        ...p.patches.map((c) => `  revise  ${rel(c.path)}`),
        ...(p.decision ? [`  create  ${rel(p.decision.path)}`] : []),
        ...[...new Set([...p.memoryIndex.map((m) => m.file), ...(p.decision ? [p.decision.indexFile, p.decision.eventsFile] : [])])].map(
          (f) => `  append  ${rel(f)}`,
        ),
      ];
      // Which runs the write covers first, so they are never scrolled out of sight at 80x24.
      const runs = runLines(p);
      const lines = [...runs, ...(runs.length ? [''] : []), 'Files:', ...files, '', ...describePlan(p, { withRuns: false }).replace(/\n$/, '').split('\n')];
      const fileCount = p.newCards.length + p.patches.length + (p.decision ? 1 : 0);
      return { lines, fileCount };
    },
    async write(decisions: StagedDecision[]): Promise<WriteResult> {
      const p = plan(decisions);
      const result = await executePlan(home, p);
      if (result.status === 'rolled_back') throw new UserError(result.message);
      const files = [...result.created, ...result.revised, ...(result.decisionPath ? [result.decisionPath] : [])];
      return { reviewId: result.status === 'written' ? result.reviewId : null, files };
    },
    loadStaging(): StagingSnapshot | null {
      const parsed = readStateFile<StagingSnapshot>(stagingFile(quest), 'staging', stagingSchema, {
        hint: '; move it away to start over',
      });
      if (!parsed) return null;
      const edits: Record<string, string> = {};
      const savedEdits: unknown = parsed.edits;
      if (savedEdits && typeof savedEdits === 'object') {
        for (const [id, text] of Object.entries(savedEdits)) if (typeof text === 'string') edits[id] = text;
      }
      return { savedAt: String(parsed.savedAt ?? ''), staged: parsed.staged.filter((s) => s && typeof s.draftId === 'string'), edits };
    },

    saveStaging(staged: StagedDecision[], edits: Record<string, string> = {}): void {
      const snapshot: StagingSnapshot = { savedAt: isoNow(env), staged, ...(Object.keys(edits).length ? { edits } : {}) };
      writeFileAtomic(stagingFile(quest), JSON.stringify({ quest_id: quest.id, ...snapshot }, null, 2) + '\n');
    },
    clearStaging(): void {
      fs.rmSync(stagingFile(quest), { force: true });
    },
  };
}
