// The work of `distill lessons apply` (lessons-apply.ts registers it): loaded only when the command runs, so that
// `distill lessons --json` does not load the cleanup write path (plans, the journal, records and their schemas, diffs).
import crypto from 'node:crypto';
import path from 'node:path';
import type { Command } from 'commander';
import {
  cleanupPlanJson, describeCleanup, executeCleanup, isoNow, openStoreSync, parseActionsFile, planActions, recoverJournals,
  reviewerName, ConflictError, UserError, type CleanupResult,
} from '../../core/index.js';
import { homeOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings } from '../output.js';

interface ApplyOpts {
  expectPlan?: string;
  yes?: boolean;
  reviewer?: string;
  json?: boolean;
}

/** A line an earlier run of the file wrote (it stopped at a later line): not written twice. */
const alreadyApplied = (line: number, actionId: string) => `line ${line}: already applied (${actionId}), skipped`;

export async function runLessonsApply(file: string, command: Command, ctx: Ctx): Promise<void> {
  // `lessons` itself takes --json and --reviewer, and commander gives them to it wherever they stand.
  const opts = command.optsWithGlobals<ApplyOpts>();
  const io = ctx.io;
  const home = homeOf(command, ctx);
  for (const r of await recoverJournals(home)) io.err(`distill: ${r.message}\n`);
  const store = openStoreSync(home, { env: io.env });
  printWarnings(io, store.warnings);
  const actionsFile = path.resolve(io.cwd, file);
  const options = { reviewer: reviewerName(opts.reviewer, io.env), now: isoNow(io.env) };
  const planned = planActions(home, parseActionsFile(actionsFile), store.cards, options, io.cwd);
  const rel = (f: string) => path.relative(home, f);
  // What the dry run shows, as one hash (the time left out: a later --yes writes another time); --expect-plan checks it.
  const digest = crypto.createHash('sha256')
    .update(JSON.stringify(planned.map((p) => (p.plan ? cleanupPlanJson(p.plan) : { line: p.action.line, applied: p.applied }))).split(options.now).join('<now>'))
    .digest('hex').slice(0, 16);
  if (opts.expectPlan !== undefined && !opts.yes) throw new UserError('--expect-plan goes with --yes (a dry run prints the digest)');
  if (opts.expectPlan !== undefined && opts.expectPlan !== digest) {
    if (!/^[0-9a-f]{16}$/.test(opts.expectPlan)) throw new UserError(`--expect-plan ${opts.expectPlan}: not a plan digest (a dry run prints one, like ${digest})`);
    // Each action's cards are checked again under the lock against the bytes planned from here (executeCleanup).
    throw new ConflictError(`the plan changed since the dry run (a card an action touches changed, or was archived or edited: plan ${digest}, expected ${opts.expectPlan}); nothing written (run the dry run again)`);
  }
  if (!opts.yes) {
    if (opts.json) {
      printJson(io, { written: false, plan_digest: digest, actions: planned.map((p) => ({ line: p.action.line, ...(p.plan ? cleanupPlanJson(p.plan) : p.applied ? { action: p.action.kind, already_applied: p.applied } : { action: p.action.kind, no_change: true }) })) });
      return;
    }
    const out = [`${planned.length} action(s) from ${file}, by ${options.reviewer}:`];
    for (const p of planned) {
      if (p.applied) {
        out.push('', alreadyApplied(p.action.line, p.applied));
        continue;
      }
      const [head, ...rest] = p.plan ? describeCleanup(p.plan) : [`${p.action.kind} ${p.action.refs.join(', ')}: no change, nothing to write`];
      out.push('', `line ${p.action.line}: ${head}`, ...rest);
    }
    out.push('', `Plan digest ${digest}: --yes --expect-plan ${digest} writes this plan and nothing else.`, 'Nothing written; run again with --yes to write.');
    io.out(out.join('\n') + '\n');
    return;
  }
  const results: (CleanupResult & { line: number })[] = [];
  let failure: { line: number; message: string; code: number } | null = null;
  for (const p of planned) {
    if (!p.plan) continue;
    try {
      const result = await executeCleanup(p.plan);
      results.push({ ...result, line: p.action.line });
      if (result.status !== 'written') {
        failure = { line: p.action.line, message: result.message, code: 3 };
        break;
      }
    } catch (error) {
      // Earlier lines are written (each its own action): say which, then why this one stopped the rest.
      if (!(error instanceof UserError)) throw error;
      failure = { line: p.action.line, message: error.message, code: error.exitCode };
      break;
    }
  }
  if (opts.json) {
    printJson(io, {
      written: failure === null,
      actions: [
        ...planned.filter((p) => p.applied).map((p) => ({ line: p.action.line, action_id: p.applied, status: 'already_applied' })),
        ...results.map((r) => ({ line: r.line, action_id: r.actionId, status: r.status, message: r.message, paths: r.paths })),
      ].sort((a, b) => a.line - b.line),
      ...(failure ? { stopped: failure } : {}),
    });
  } else {
    const byLine = new Map(results.map((r) => [r.line, r]));
    for (const p of planned) {
      const r = byLine.get(p.action.line);
      if (p.applied) io.out(`${alreadyApplied(p.action.line, p.applied)}\n`);
      if (!r) continue;
      io.out(`line ${r.line}: ${r.message}\n`);
      for (const f of r.paths) io.out(`  ${rel(f)}\n`);
    }
    const written = results.filter((r) => r.status === 'written');
    // One restore per action: each line was written as its own action.
    if (written.length) io.out(`undo with: ${written.map((r) => `distill restore ${r.actionId}`).join('; ')}\n`);
  }
  if (failure) {
    const rest = planned.filter((p) => p.action.line > failure.line && p.plan).length;
    io.err(`distill: ${actionsFile}:${failure.line}: ${failure.message}; ${rest} later action(s) not written\n`);
    ctx.exitCode = failure.code === 2 ? 3 : failure.code;
  }
}
