// `distill draft [QUEST] --run <id> | --note <id> [--title T] [--claim C] [--edit] [--json]`: write a lesson draft for
// a run that has none (pre-filled from the run's evidence) or from a quest note, as a PR #60 draft file. Prints its path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';
import type { Command } from 'commander';
import { authorNoteDraft, authorRunDraft, coverage, createDraftFile, draftFileBase, draftProblem, isPlaceholderClaim, listQuestNotes, openStoreSync, UserError, type Quest, type Run } from '../../core/index.js';
import { questOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings, type Io } from '../output.js';
import { editWithEditor } from '../../ui/shared/editor.js';

export function findRun(quest: Quest, runs: Map<string, Run>, ref: string): Run {
  const exact = runs.get(ref);
  if (exact) return exact;
  const byRunId = [...runs.values()].filter((r) => r.runId === ref);
  if (byRunId.length === 1) return byRunId[0];
  if (byRunId.length > 1) {
    throw new UserError(`quest ${quest.id}: run id ${ref} names ${byRunId.length} runs (${byRunId.map((r) => r.artifactId).join(', ')}); give the artifact id`);
  }
  const known = [...runs.keys()].slice(0, 8).join(', ');
  throw new UserError(`quest ${quest.id}: no run ${ref}${known ? ` (runs: ${known})` : ''}`);
}

function openEditor(io: Io, file: string): void {
  const { editor, status, error } = editWithEditor(file, io.env);
  if (error) throw new UserError(`cannot run editor ${editor}: ${error.message}`);
  if (status !== 0) throw new UserError(`editor ${editor} exited with status ${status}; nothing written`);
}

async function askReopen(problem: string, file: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${file}: ${problem}\n[r]eopen / [a]bort? `);
    return /^\s*r/i.test(answer);
  } finally {
    rl.close();
  }
}

/** Edits `text` in $VISUAL/$EDITOR on a temp copy until it passes draftProblem (or the user aborts). */
async function editUntilValid(io: Io, text: string, name: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-draft-'));
  const file = path.join(dir, name);
  try {
    fs.writeFileSync(file, text);
    for (;;) {
      openEditor(io, file);
      const edited = fs.readFileSync(file, 'utf8');
      const problem = draftProblem(edited);
      if (!problem) return edited;
      if (!io.isTTY) throw new UserError(`${name}: ${problem}; nothing written`);
      if (!(await askReopen(problem, name))) throw new UserError(`${name}: aborted; nothing written`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function noteDraft(quest: Quest, runs: Map<string, Run>, io: Io, ref: string, runRef: string | undefined, opts: { title?: string; claim?: string }) {
  const global = openStoreSync(quest.home, { env: io.env });
  const { notes, warnings } = listQuestNotes(quest, { global, runs, includeReviewed: true });
  printWarnings(io, warnings);
  const note = notes.find((n) => n.card.id === ref || path.basename(n.card.path, '.md') === ref);
  if (!note) {
    const known = notes.map((n) => n.card.id).slice(0, 8).join(', ');
    throw new UserError(`quest ${quest.id}: no note ${ref} (a quest episode, or an idea with an outcome, not yet in global memory)${known ? ` (notes: ${known})` : ''}`);
  }
  let run: Run;
  if (runRef) run = findRun(quest, runs, runRef);
  else if (note.runIds.length === 1) run = runs.get(note.runIds[0]) as Run;
  else {
    const which = note.runIds.length ? `names ${note.runIds.length} runs (${note.runIds.join(', ')})` : 'names no run';
    throw new UserError(`note ${ref} ${which}; give the run with --run`);
  }
  return { run, ...authorNoteDraft(quest, note, run, opts) };
}

export function registerDraft(program: Command, ctx: Ctx): void {
  program
    .command('draft [quest]')
    .description('write a lesson draft for a run (or from a quest note), pre-filled from its evidence, as a PR #60 draft file; prints its path')
    .option('--run <id>', 'the run: its artifact id (run-…) or its run id')
    .option('--note <id>', 'a quest episode or idea (its id or file name) to draft the lesson from')
    .option('--title <text>', 'title of the lesson')
    .option('--claim <text>', 'the claim: one mechanism-bearing sentence (else a placeholder to fill)')
    .option('--edit', 'open the draft in $VISUAL/$EDITOR before saving; it is checked when the editor closes')
    .option('--json', 'machine-readable output')
    .action(async (questArg: string | undefined, opts: { run?: string; note?: string; title?: string; claim?: string; edit?: boolean; json?: boolean }, command: Command) => {
      const io = ctx.io;
      if (!opts.run && !opts.note) throw new UserError('draft: give the run with --run <id> (or a quest note with --note <id>)');
      if (opts.claim !== undefined && isPlaceholderClaim(opts.claim)) {
        throw new UserError(`--claim ${JSON.stringify(opts.claim)}: empty or a placeholder; write one sentence`);
      }
      const quest = questOf(command, ctx, questArg);
      const report = coverage(quest);
      printWarnings(io, report.warnings);
      const draft = opts.note
        ? noteDraft(quest, report.runs, io, opts.note, opts.run, opts)
        : (() => {
            const run = findRun(quest, report.runs, opts.run as string);
            return { run, ...authorRunDraft(quest, run, opts) };
          })();
      const text = opts.edit ? await editUntilValid(io, draft.text, `${draftFileBase(draft.direction, draft.stem)}.md`) : draft.text;
      const file = createDraftFile(quest.home, quest.id, draft.direction, draft.stem, text);
      const needsEdit = draftProblem(text) !== null;
      if (opts.json) {
        printJson(io, {
          quest: { id: quest.id, root: quest.root },
          path: file,
          draft_id: `draft:${quest.id}/${path.basename(file, '.md')}`,
          run: draft.run.artifactId,
          direction: draft.direction,
          needs_edit: needsEdit,
        });
        return;
      }
      io.out(`${file}\n`);
      if (needsEdit) io.err(`distill: the claim is a placeholder: edit ${path.relative(io.cwd, file)} or run again with --claim\n`);
    });
}
