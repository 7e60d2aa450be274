// The core's one surface: everything the command line (src/cli) and the screens (src/ui) use from src/core is
// exported here, and dependency-cruiser keeps them from importing core modules by path. Grouped by folder; see
// docs/ARCHITECTURE.md for what each folder holds.

export { readScope, stringOrNull } from './cards.js';
export type { ReadCardResult } from './cards.js';
// i17l: `distill lessons apply` (the actions file, its plans, the plan as text and JSON).
export { parseActionsFile } from './cleanup/actions-file.js';
export type { ScriptedAction } from './cleanup/actions-file.js';
export { planActions } from './cleanup/apply-actions.js';
export type { PlannedAction } from './cleanup/apply-actions.js';
export { cleanupPlanJson, describeCleanup } from './cleanup/describe.js';
export type { CleanupResult } from './cleanup/plan.js';
export { planArchive } from './cleanup/archive.js';
export { auditText, readAudit } from './cleanup/audit.js';
export { NOT_SCORED } from './cleanup/clusters.js';
export type { Cluster, ClusterLink } from './cleanup/clusters.js';
export { planEdit } from './cleanup/edit.js';
export { findClusters, findClustersAsync } from './cleanup/find.js';
export { planIgnore } from './cleanup/ignore.js';
export { conflictingPairs, MERGE_UNMARKED_MAX } from './cleanup/merge-check.js';
export { planMerge } from './cleanup/merge.js';
export { executeCleanup } from './cleanup/plan.js';
export type { CleanupOptions, CleanupPlan } from './cleanup/plan.js';
export { lessonsJson } from './cleanup/report.js';
export { cleanupThatChanged, listArchived, planRestore, type ArchivedEntry } from './cleanup/restore.js';
export { ConflictError, fsErrorLine, fsExitCode, isFsError, UserError } from './errors.js';
export { questStateDir } from './files/paths.js';
export { readProblem, readRegularText } from './files/read-file.js';
export { readStateFile } from './files/state-file.js';
export { stagingSchema } from './files/state-schemas.js';
export { parseCardTextFast } from './format/fast-frontmatter.js';
export { parseCardText } from './format/frontmatter.js';
export { bodyBlock, withBodyFields } from './format/body-fields.js';
export { isStateCard, STATE_TAGS } from './state-cards.js';
export { readBytesOrNull, writeFileAtomic } from './journal/atomic.js';
export { discardJournal, recoverJournals } from './journal/recover.js';
export { pendingJournalNotice } from './journal/pending.js';
export { clearDeadLocks } from './journal/lock-state.js';
export { removeTempLeftovers } from './journal/temps.js';
export { MEMORY_KINDS, singularKind, uniqueWarnings } from './model.js';
export { plural } from './words.js';
export type { Candidate, Draft, FileWarning, MemoryKind, Quest, Run } from './model.js';
export { buildNeighborIndex } from './neighbors/engine.js';
export type { Neighbor, NeighborIndex } from './neighbors/engine.js';
export { isAgainstReason } from './neighbors/finding.js';
export type { NeighborProbe } from './neighbors/engine.js';
export { probeFromCard, probeFromMeta } from './neighbors/probe.js';
export { recallCards } from './neighbors/recall.js';
export { loadVocabulary, vocabularyFile } from './neighbors/vocabulary.js';
export type { Recalled } from './neighbors/recall.js';
export { authorRunDraft, createDraftFile, draftFileBase, draftProblem } from './quest/author-draft.js';
export { coverage } from './quest/coverage.js';
export type { CoverageReport } from './quest/coverage.js';
export { isPlaceholderClaim, listDrafts } from './quest/drafts.js';
export { homeStatus } from './quest/home-status.js';
export type { HomeStatus, QuestStatus } from './quest/home-status.js';
export { isInside, questAround, resolveQuest } from './quest/home.js';
export { resolveHome } from './quest/home-path.js';
export { authorNoteDraft, listQuestNotes } from './quest/quest-notes.js';
export { findRun, prepareDraft, type AuthorSource, type PreparedDraft } from './quest/author-source.js';
export { listQuirkEntries } from './quest/quirks.js';
export type { QuirkDraft } from './quest/quirks.js';
export { parseDecisionsFile, withDecisionLine } from './review/decisions-file.js';
export { describePlan, planSummary, runLines } from './review/describe.js';
export { unifiedDiff } from './review/diff.js';
export { executePlan } from './review/execute.js';
export { draftFilesBasis } from './review/basis.js';
export { digestDifference, PlanChangedError, planChanges, planDigest } from './review/plan-changes.js';
export { loadPlanSource, planCandidates, planReview } from './review/flow.js';
export { isoNow } from './review/ids.js';
export { NOTE_LEVEL, RUN_LEVEL } from './review/plan.js';
export type { Plan, PlanCandidates } from './review/plan-types.js';
export { revertReview } from './review/revert.js';
export { reviewerName } from './review/reviewer.js';
export { NEIGHBOR_REASON } from './review/staged.js';
export type { DraftDecision, StagedDecision } from './review/staged.js';
export { NO_GLOBAL_CARDS, toCardMeta } from './store/cardMeta.js';
export type { CardMeta, GlobalCards } from './store/cardMeta.js';
export { openStore, openStoreSync } from './store/load.js';
export type { RefreshResult, Store } from './store/load.js';
export { validatePath } from './validate.js';

// Issue 16 (i16): recall from the tag index alone.
export { buildTagIndex, buildTagIndexOfView } from './neighbors/recall.js';
export type { TagIndex } from './neighbors/recall.js';
// Issue 16 (i16): the review's first frame from the metadata cache, the store checked right after.
export { openStoreFromCache, openStoreIfUnmoved } from './store/from-cache.js';
// Issue 16 (px16): the neighbor index from the features kept beside the metadata cache.
export { openNeighborIndex } from './neighbors/feature-cache.js';
export type { IndexedStore } from './neighbors/feature-cache.js';
// Issue 14 part B (i14q): the quirks files' entries reviewed like drafts (quest `:quirks`).
export { loadQuirksPlanSource } from './review/flow.js';
export { loadMinedPlanSource } from './mine/flow-mined.js';
export { QUIRKS_QUEST, quirksQuest } from './quest/quirks.js';
export { cacheDir, socketPath, stateDir } from './files/paths.js';
export { dropKeptEdit, keepEditText, keptEditKeys, keptEditOf, keptEditsDir, keptEditsDirs } from './files/kept-edits.js';
// Issue 17 (i17r): the review watches the quest's drafts folder.
export { draftsDir } from './quest/drafts.js';

// Issue 17 (i17r): gray-matter (JS engines disabled) splits the review's draft texts.
export { splitDraftMatter } from './format/draft-matter.js';
export type { DraftMatter } from './format/draft-matter.js';
export { nextTurn } from './steps.js';
// Issue 33 (i33): patterns mined from the runs of every quest.
export { mine, patternJson } from './mine/mine.js';
export { keptMinedCount, minedProposedCount } from './mine/mine-cache.js';
export type { MinedCount } from './mine/mine-cache.js';
export type { MineOptions, MineResult, MinedPattern } from './mine/mine.js';
export { evidenceChart, OUTCOME_SYMBOL } from './mine/chart.js';
export type { ChartLine } from './mine/chart.js';
export { minedDraft, minedQuest } from './mine/draft.js';
export type { MinedDraft } from './mine/draft.js';
export { MINED_QUEST } from './mine/ledger.js';
export { ResidentIndex } from './resident/resident.js';
export type { ResidentOptions, SyncReport } from './resident/resident.js';
