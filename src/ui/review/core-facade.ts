// The review facade over src/core: reading the quest, neighbors, the write plan, and per-quest staging.
import fs from 'node:fs';
import path from 'node:path';
import { coverage, createDraftFile, draftFilesBasis, dropKeptEdit, keepEditText, keptEditKeys, keptEditOf, keptEditsDir, keptEditsDirs, draftsDir, listQuestNotes, loadPlanSource, planCandidates, draftFileBase, draftProblem, prepareDraft, isoNow, listDrafts, loadMinedPlanSource, loadQuirksPlanSource, MINED_QUEST, openStoreSync, planReview, QUIRKS_QUEST, questStateDir, stateDir, readStateFile, stagingSchema, unifiedDiff, uniqueWarnings, UserError, writeFileAtomic, type CardMeta, type Draft, type GlobalCards, type MinedDraft, type Plan, type PlanCandidates, type Quest, type ReadCardResult, type Run, type Store } from '../../core/index.js';
import type { DraftItem, NeighborItem, NewDraft, PlanSummary, QuestData, ReviewFacade, RunItem, StagedDecision, StagingSnapshot, WriteResult } from './facade.js';
import { planFiles, shownWriter } from './plan-write.js';
import { quirksSource } from './quirks-source.js';
import { minedChart, minedSource, withAcceptedCard } from './mined-source.js';
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
  // The quirks review has no quest directory: its staging is distill's own, in the home's state dir.
  if (quest.id === QUIRKS_QUEST) return path.join(stateDir(quest.home), 'staging-quirks.json');
  if (quest.id === MINED_QUEST) return path.join(stateDir(quest.home), 'staging-mined.json');
  return path.join(questStateDir(quest.root), 'staging.json');
}

/** A quest's runs (candidates) and undecided drafts, as the screen lists them. */
function questSource(quest: Quest, global: GlobalCards) {
  const report = coverage(quest);
  const listed = listDrafts(quest, { global, runs: report.runs });
  const runs: RunItem[] = report.candidates.map((c) => ({
    artifactId: c.artifactId,
    runId: c.runId,
    runKind: c.runKind,
    summary: c.summary,
    covered: c.covered,
    coveredBy: c.coveredBy,
    notes: [c.disagreement ? `copies disagree: ${c.disagreement}` : '', c.coverageNote ?? ''].filter(Boolean),
  }));
  const { notes, warnings } = listQuestNotes(quest, { global, runs: report.runs });
  const noteItems: DraftItem[] = notes.map(({ card, kind, runIds }) => ({
    // prepareDraft finds a note by its id or its file name.
    id: card.id ?? path.basename(card.path, '.md'),
    title: card.title,
    claim: null,
    needsEdit: false,
    tags: card.tags,
    runIds,
    path: card.path,
    source: `quest ${kind}`,
    text: card.raw,
    note: { kind },
  }));
  const unreadable = report.unreadable.map((w) => `${w.file}: ${w.message}`);
  return {
    runMap: report.runs, runWarnings: report.warnings, unreadable, candidates: planCandidates(report), runs, drafts: listed.drafts, notes: noteItems,
    warnings: uniqueWarnings([...listed.warnings, ...warnings]),
  };
}

interface Loaded {
  /** The store's metadata; whole cards read once per load (what the neighbor pane shows is what a patch is planned from). */
  global: GlobalCards;
  runs: Map<string, Run>;
  /** Drafts of the quest (not yet reviewed). */
  allDrafts: Draft[];
  /** Drafts with the reviewed ones, as buildPlan wants them; read on first use. */
  planDrafts?: Draft[];
  /** The quest's draft files when planDrafts was listed (basis.ts). */
  planDraftFiles?: string[];
  /** The gate before the write, for the plan's last run line (none in the quirks review). */
  candidates?: PlanCandidates;
  /** The quest notes listed, which a review can dismiss as not a lesson. */
  notes: { id: string; path: string }[];
  /** The mined patterns' plan source (quest `:mined`), read on first use. */
  minedSource?: ReturnType<typeof loadMinedPlanSource>;
}

/** The store as the drafts list and the plan see it in one load: each whole card is read once, then kept. */
function sessionView(store: Store): GlobalCards {
  const whole = new Map<string, ReadCardResult>();
  return {
    get cards() {
      return store.cards;
    },
    links: () => store.links(),
    byId: (id) => store.byId(id),
    readCard(card: CardMeta) {
      let result = whole.get(card.path);
      if (!result) whole.set(card.path, (result = store.readCard(card)));
      return result;
    },
  };
}

/** The author key's three calls (issue 14): pre-fill from the run's evidence, check, save as a PR #60 draft. */
function authoring(quest: Quest, current: () => Loaded | null): Pick<ReviewFacade, 'newDraft' | 'draftProblem' | 'saveDraft'> {
  return {
    newDraft(runId: string, noteId?: string): NewDraft {
      const loaded = current();
      if (!loaded) throw new UserError('quest not loaded');
      const draft = prepareDraft(quest, loaded.runs, { run: runId, note: noteId }, () => loaded.global);
      return { runId: draft.run.artifactId, direction: draft.direction, stem: draft.stem, name: `${draftFileBase(draft.direction, draft.stem)}.md`, text: draft.text };
    },
    draftProblem: (text: string) => draftProblem(text),
    saveDraft: (draft: NewDraft, text: string) => createDraftFile(quest.home, quest.id, draft.direction, draft.stem, text),
  };
}

export function createCoreFacade(options: CoreFacadeOptions): ReviewFacade & { plan(staged: StagedDecision[]): Plan; checkStore(): boolean } {
  const { quest } = options;
  const env = options.env ?? process.env;
  const home = quest.home;
  let loaded: Loaded | null = null;
  let finder: NeighborFinder | null = null;
  const notes = [...(options.notes ?? [])];
  let store = options.store ?? null;
  const quirks = quest.id === QUIRKS_QUEST;
  const mined = quest.id === MINED_QUEST;

  const plan = (staged: StagedDecision[]): Plan => {
    if (!loaded) throw new UserError('quest not loaded');
    if (mined) {
      // The patterns as mined now, decided ones included, with their own planner.
      loaded.minedSource ??= loadMinedPlanSource(home, loaded.global);
      return planReview(loaded.minedSource, staged, { reviewer: options.reviewer, env });
    }
    // The quest's draft files before they are listed (basis.ts): a draft written after this makes the write plan again.
    if (!quirks) loaded.planDraftFiles ??= draftFilesBasis(home, quest.id, quest.root);
    loaded.planDrafts ??= quirks
      ? loadQuirksPlanSource(home, loaded.global).drafts
      : listDrafts(quest, { global: loaded.global, runs: loaded.runs, includeReviewed: true }).drafts;
    const source = { quest, global: loaded.global, runs: loaded.runs, drafts: loaded.planDrafts, candidates: loaded.candidates, notes: loaded.notes, draftFiles: loaded.planDraftFiles };
    return planReview(source, staged, { reviewer: options.reviewer, env });
  };

  // Another review of the quest written since the plan was shown, or a draft of its runs: the same decisions planned
  // again from the home as it is now, under the write lock (only a quest's plan has a basis to go stale).
  const writer = shownWriter(home, plan, (decisions, shown) => {
    const fresh = loadPlanSource(quest, openStoreSync(home, { env }));
    return planReview({ ...fresh, notes: loaded?.notes }, decisions, { reviewer: options.reviewer, env, now: shown.now });
  });

  return {
    plan,
    /** Issue 16: checks a store opened unchecked from the cache (every file stat-ed); true when cards changed. */
    checkStore(): boolean {
      if (!store) return false;
      const change = store.refresh();
      finder?.apply(change);
      return change.added.length + change.updated.length + change.removed.length > 0;
    },
    load(): QuestData {
      // A reload (after a write) re-stats the store and re-reads only changed files; the index follows the change.
      if (!store) store = openStoreSync(home, { env });
      else if (loaded) {
        const change = store.refresh(); // not inside finder?.(…): it must run when no finder was made yet
        finder?.apply(change);
      }
      const global = sessionView(store);
      const pseudo = quirks ? quirksSource(home) : mined ? minedSource(home) : null;
      const source = pseudo
        ? { ...pseudo, runMap: new Map<string, Run>(), runWarnings: [], unreadable: [], notes: [], candidates: undefined }
        : questSource(quest, global);
      loaded = { global, runs: source.runMap, allDrafts: source.drafts, candidates: source.candidates, notes: source.notes.map((n) => ({ id: n.id, path: n.path })) };
      const drafts: DraftItem[] = source.drafts.map((d) => ({
        id: d.id,
        title: d.title,
        claim: d.claim,
        needsEdit: d.needsEdit,
        tags: d.tags,
        runIds: d.runIds,
        path: d.path,
        source: d.source,
        text: d.card.raw,
        ...(d.source === 'mined' ? { chart: (w: number) => minedChart(d as MinedDraft, w), where: `pattern ${(d as MinedDraft).pattern.id} (mined, not a file)` } : {}),
      }));
      const title = typeof quest.yaml.title === 'string' ? quest.yaml.title : quest.id;
      return {
        quest: { id: quest.id, root: quest.root, title },
        runs: source.runs,
        drafts,
        notes: source.notes,
        warnings: [
          ...notes.splice(0),
          ...[...source.runWarnings, ...store.warnings, ...source.warnings].map((w) => `${w.file}: ${w.message}`),
        ],
        gateUnreadable: source.unreadable,
      };
    },
    neighbors(item: DraftItem): NeighborItem[] {
      if (!loaded) return [];
      finder ??= createNeighborFinder(loaded.global, store!);
      const draft = loaded.allDrafts.find((d) => d.id === item.id);
      return draft ? withAcceptedCard(draft, finder.find(draft), loaded.global) : [];
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
      // An agent's draft that already is a global card is accepted in place: its diff is what `new` writes.
      const accepted = p.patches.find((patch) => patch.accepted);
      if (!card && accepted) {
        const rel = path.relative(home, accepted.path);
        return { path: rel, lines: unifiedDiff(accepted.before, accepted.after, 'a/' + rel, 'b/' + rel).split('\n'), accepted: true };
      }
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
    describe: (decisions: StagedDecision[]): PlanSummary => writer.describe(decisions),
    async write(decisions: StagedDecision[]): Promise<WriteResult> {
      const result = await writer.write(decisions);
      if (result.kind === 'changed') return { reviewId: null, files: [], changed: result.summary };
      // The files the plan listed (the logs appended to included), so the status line counts what the plan did.
      const files = result.kind === 'written' ? planFiles(result.plan).map((f) => f.path) : [];
      return {
        reviewId: result.kind === 'written' ? result.reviewId : null,
        files,
        cards: result.created + result.revised,
        decision: result.decision,
        ...(quirks ? { quirks: true } : {}),
      };
    },
    ...(quirks || mined ? {} : authoring(quest, () => loaded)),
    keptEdits: {
      keep: (key, text) => keepEditText(quest.home, quest.id, key, text),
      find: (key) => keptEditOf(quest.home, quest.id, key),
      drop: (key) => dropKeptEdit(quest.home, quest.id, key),
      keys: () => keptEditKeys(quest.home, quest.id),
      // Where they are now: the home, or outside it when the home refused them (kept-edits.ts).
      get dir() {
        return keptEditsDirs(quest.home, quest.id).join(' and ') || keptEditsDir(quest.home, quest.id);
      },
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
