// The review flow's source for the mined patterns (pseudo-quest `:mined`): every pattern `distill mine` finds, decided
// ones included, with the planner that decides them (plan-mined.ts); `planReview` (review/flow.ts) calls it, so the
// review itself knows nothing of mining.
import type { FileWarning } from '../model.js';
import type { PlanSource } from '../review/flow.js';
import type { GlobalCards } from '../store/cardMeta.js';
import { minedDraft, minedQuest } from './draft.js';
import { mine } from './mine.js';
import { buildMinedPlan } from './plan-mined.js';

export function loadMinedPlanSource(home: string, global: GlobalCards): PlanSource & { warnings: FileWarning[] } {
  const result = mine(home, { all: true });
  const drafts = result.patterns.map((p) => minedDraft(home, p));
  return {
    quest: minedQuest(home), global, runs: new Map(), drafts, warnings: result.warnings,
    build: (staged, reviewer, now) => buildMinedPlan({ home, drafts, global, staged, reviewer, now }),
  };
}
