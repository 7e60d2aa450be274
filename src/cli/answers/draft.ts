// What `distill draft` does, shared by the command and the MCP `propose_lesson` tool: a PR #60 draft file for a run
// (or from a quest note), pre-filled from the run's evidence, created without overwriting anything (core
// createDraftFile). Never a global card: a person decides in the review.
import path from 'node:path';
import { coverage, createDraftFile, draftFileBase, draftProblem, isPlaceholderClaim, openStoreSync, prepareDraft, UserError, type FileWarning, type Quest } from '../../core/index.js';

export interface DraftAsk {
  run?: string;
  note?: string;
  title?: string;
  claim?: string;
  body?: string;
  tags?: string[];
}

export interface PreparedText {
  /** The file name the draft gets (`<direction>__<id>.md`, a `-2` added when taken). */
  name: string;
  text: string;
  write(text: string): DraftWritten;
  warnings: FileWarning[];
}

export interface DraftWritten {
  file: string;
  needsEdit: boolean;
  json: Record<string, unknown>;
}

/** Refuses a claim that is empty or a placeholder; `flag` names the argument in the message. */
export function checkClaim(claim: string | undefined, flag: string): void {
  if (claim !== undefined && isPlaceholderClaim(claim)) throw new UserError(`${flag} ${JSON.stringify(claim)}: empty or a placeholder; write one sentence`);
}

/** The draft's text for `ask`, and how to write it (after an editor, for the command's --edit). */
export function prepareRunDraft(quest: Quest, ask: DraftAsk, env: NodeJS.ProcessEnv): PreparedText {
  const report = coverage(quest);
  const draft = prepareDraft(quest, report.runs, ask, () => openStoreSync(quest.home, { env }));
  return {
    name: `${draftFileBase(draft.direction, draft.stem)}.md`,
    text: draft.text,
    warnings: [...report.warnings, ...draft.warnings],
    write(text) {
      const file = createDraftFile(quest.home, quest.id, draft.direction, draft.stem, text);
      const needsEdit = draftProblem(text) !== null;
      const json = {
        quest: { id: quest.id, root: quest.root },
        path: file,
        draft_id: `draft:${quest.id}/${path.basename(file, '.md')}`,
        run: draft.run.artifactId,
        direction: draft.direction,
        needs_edit: needsEdit,
      };
      return { file, needsEdit, json };
    },
  };
}
