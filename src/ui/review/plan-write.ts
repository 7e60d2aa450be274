// W and y of the review screen: what y writes is the plan W showed. The plan described is kept with the decisions it
// was made from; y executes that very plan (asShown), and when the home moved on meanwhile (another review of the quest
// landed, a draft of its runs was written) the plan made again under the lock is written only if the reviewer would see
// nothing different. Otherwise nothing is written and the write dialog shows the new plan, headed by what changed and
// why; the staged decisions stay staged and y confirms the new plan (docs/REVIEW-WRITES.md).
import path from 'node:path';
import { describePlan, executePlan, PlanChangedError, runLines, UserError, type Plan, type StagedDecision } from '../../core/index.js';
import type { PlanSummary } from './facade.js';

/** Every file a plan writes, as the write dialog lists them and the status line counts them: the cards created and
 *  revised, the decision, then each log appended to (once). */
export function planFiles(p: Plan): { verb: 'create' | 'revise' | 'append'; path: string }[] {
  const appended = new Set([...p.memoryIndex.map((m) => m.file), ...(p.decision ? [p.decision.indexFile, p.decision.eventsFile] : [])]);
  return [
    ...p.newCards.map((c) => ({ verb: 'create' as const, path: c.path })),
    ...p.patches.map((c) => ({ verb: 'revise' as const, path: c.path })),
    ...(p.decision ? [{ verb: 'create' as const, path: p.decision.path }] : []),
    ...[...appended].map((f) => ({ verb: 'append' as const, path: f })),
  ];
}

export function summarizePlan(home: string, p: Plan): PlanSummary {
  const files = planFiles(p).map((f) => `  ${f.verb.padEnd(6)}  ${path.relative(home, f.path)}`);
  // Which runs the write covers first, so they are never scrolled out of sight at 80x24.
  const runs = runLines(p);
  const lines = [...runs, ...(runs.length ? [''] : []), 'Files:', ...files, '', ...describePlan(p, { withRuns: false }).replace(/\n$/, '').split('\n')];
  // Every file listed counts, the logs appended to included.
  const closing = p.runs.filter((r) => r.closed && r.rejected.length).map((r) => ({ runId: r.runId, drafts: r.rejected.length }));
  return { lines, fileCount: files.length, closing };
}

export type ShownWrite =
  | { kind: 'written' | 'nothing'; plan: Plan; status: string; reviewId: string; created: number; revised: number; decision: boolean }
  | { kind: 'changed'; summary: PlanSummary };

export interface ShownWriter {
  describe(decisions: StagedDecision[]): PlanSummary;
  write(decisions: StagedDecision[]): Promise<ShownWrite>;
}

/** `plan` plans the decisions from the loaded screen; `replan` from the home as it is now, at the shown plan's time. */
export function shownWriter(home: string, plan: (d: StagedDecision[]) => Plan, replan: (d: StagedDecision[], shown: Plan) => Plan): ShownWriter {
  let shown: { key: string; plan: Plan } | null = null;
  const keyOf = (d: StagedDecision[]) => JSON.stringify(d);
  return {
    describe(decisions) {
      const p = plan(decisions);
      shown = { key: keyOf(decisions), plan: p };
      return summarizePlan(home, p);
    },
    async write(decisions) {
      const key = keyOf(decisions);
      // A write without a shown plan (a test, a script) plans now, as it always did.
      const asShown = shown?.key === key;
      const p = asShown ? shown!.plan : plan(decisions);
      try {
        const result = await executePlan(home, p, { replan: (s) => replan(decisions, s), asShown });
        if (result.status === 'rolled_back') throw new UserError(result.message);
        shown = null;
        const written = result.status === 'written';
        // The plan written (the one shown, or its replan that differs in nothing the reviewer sees).
        return { kind: written ? 'written' : 'nothing', plan: p, status: result.status, reviewId: result.reviewId, created: result.created.length, revised: result.revised.length, decision: result.decisionPath !== null };
      } catch (error) {
        if (!(error instanceof PlanChangedError)) throw error;
        shown = { key, plan: error.fresh };
        const summary = summarizePlan(home, error.fresh);
        const changed = [`Not written: the plan changed since it was shown (${error.why}):`, ...error.changes.map((c) => `  ${c}`), 'Below is the plan as it is now; y writes it, n/Esc goes back (decisions stay staged).'];
        return { kind: 'changed', summary: { ...summary, changed } };
      }
    },
  };
}
