// `distill draft [QUEST] --run <id> | --note <id> [--title T] [--claim C] [--edit] [--json]`: write a lesson draft for
// a run that has none (pre-filled from the run's evidence) or from a quest note, as a PR #60 draft file. Prints its path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';
import type { Command } from 'commander';
import { draftProblem, UserError } from '../../core/index.js';
import { checkClaim, prepareRunDraft } from '../answers/draft.js';
import { listOption, questOf } from '../context.js';
import type { Ctx } from '../context.js';
import { printJson, printWarnings, type Io } from '../output.js';
import { editorFailure, editWithEditor } from '../../ui/shared/editor.js';

function openEditor(io: Io, file: string): void {
  const failure = editorFailure(editWithEditor(file, io.env), 'nothing written');
  if (failure) throw new UserError(failure);
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

export function registerDraft(program: Command, ctx: Ctx): void {
  program
    .command('draft [quest]')
    .description('write a lesson draft for a run (or from a quest note), pre-filled from its evidence, as a PR #60 draft file; prints its path')
    .option('--run <id>', 'the run: its artifact id (run-…) or its run id')
    .option('--note <id>', 'a quest episode or idea (its id or file name) to draft the lesson from')
    .option('--title <text>', 'title of the lesson')
    .option('--claim <text>', 'the claim: one mechanism-bearing sentence (else a placeholder to fill)')
    .option('--body <text>', 'the lesson in your words: replaces the pre-filled hypothesis (the run\'s result and evidence stay)')
    .option('--tags <tags>', 'comma-separated tags added to the quest\'s and idea\'s')
    .option('--edit', 'open the draft in $VISUAL/$EDITOR before saving; it is checked when the editor closes')
    .option('--json', 'machine-readable output')
    .action(async (questArg: string | undefined, opts: { run?: string; note?: string; title?: string; claim?: string; body?: string; tags?: string; edit?: boolean; json?: boolean }, command: Command) => {
      const io = ctx.io;
      checkClaim(opts.claim, '--claim');
      const quest = questOf(command, ctx, questArg);
      const draft = prepareRunDraft(quest, { ...opts, tags: listOption(opts.tags) }, io.env);
      printWarnings(io, draft.warnings);
      const text = opts.edit ? await editUntilValid(io, draft.text, draft.name) : draft.text;
      const { file, needsEdit, json } = draft.write(text);
      if (opts.json) {
        printJson(io, json);
        return;
      }
      io.out(`${file}\n`);
      if (needsEdit) io.err(`distill: the claim is a placeholder: edit ${shownPath(io.cwd, file)} or run again with --claim\n`);
    });
}

/** The file as a person would type it from here: relative inside the current folder, else the absolute path. */
function shownPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
