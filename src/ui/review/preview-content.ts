// What the preview shows for a state (pure but for the store's cached diff / card actions): the focused run, the
// draft, the draft and its neighbor side by side, or (d) what the staged decision writes.
import { editedDraft } from './draft-edit.js';
import { questTarget, runProgress } from './lists.js';
import { sideBySideLines } from './side-by-side.js';
import { reasonsLine } from './reasons-line.js';
import { focused, type ReviewActions, type ReviewState } from './state.js';
import type { ViewLine } from '../shared/ScrollView.js';
import { textLines } from '../shared/wrap.js';
import { MINED_QUEST, QUIRKS_QUEST } from '../../core/index.js';

export interface PreviewContent {
  title: string;
  lines: ViewLine[];
  /** Laid out in columns for the width already. */
  prewrapped?: boolean;
}

const plain = (lines: string[]): ViewLine[] => lines.map((text) => ({ text }));
/** A mined pattern's chart: the outcome by colour as well as by its symbol (colours off under NO_COLOR). */
const OUTCOME_COLOR = { win: 'green', loss: 'red', unknown: 'yellow' } as const;

function diffLines(lines: string[]): ViewLine[] {
  return lines.map((text) => {
    if (text.startsWith('+++') || text.startsWith('---')) return { text, color: 'white' };
    if (text.startsWith('+')) return { text, color: 'green' };
    if (text.startsWith('-')) return { text, color: 'red' };
    if (text.startsWith('@@')) return { text, color: 'cyan' };
    return { text };
  });
}

export function previewContent(s: ReviewState & Pick<ReviewActions, 'patchDiff' | 'stagedWrite'>, width: number): PreviewContent {
  const f = focused(s);
  if (s.showDiff && f.draft) {
    const staged = s.stagedWrite();
    if (staged) return { title: staged.title.startsWith('patch ') ? `Diff: ${staged.title}` : staged.title, lines: diffLines(staged.lines) };
    const diff = s.patchDiff();
    if (diff) return { title: `Diff: ${diff.title} (what p would write)`, lines: diffLines(diff.lines) };
    return { title: 'd: nothing staged and no neighbor to patch into; the draft as it is', lines: plain(textLines(f.draft.text)) };
  }
  if (s.focus === 'neighbors' && f.neighbor && f.draft) {
    const draft = editedDraft(f.draft, s.edits);
    const decided = s.staged[draft.id];
    const title = `Draft ${draft.id} ⇄ neighbor ${f.neighbor.cardId}${decided ? `  staged: ${decided.decision}` : ''}`;
    return { title, lines: sideBySideLines(draft, f.neighbor, width), prewrapped: true };
  }
  if (s.focus === 'neighbors' && f.neighbor) {
    const n = f.neighbor;
    return { title: `Neighbor ${n.cardId}  ${n.path}`, lines: [{ text: reasonsLine(n.score, n.reasons), color: 'cyan' }, { text: '' }, ...plain(textLines(n.text))] };
  }
  if (s.focus !== 'runs' && f.draft) {
    const decided = s.staged[f.draft.id];
    const edited = s.edits[f.draft.id] !== undefined ? ' (edited: staged, file unchanged)' : '';
    // A quest note is lesson material, not a draft: titled as what it is (issue 35).
    const what = f.draft.note ? `Note (${f.draft.note.kind === 'episodes' ? 'episode' : 'idea'})` : s.data.quest.id === QUIRKS_QUEST ? 'Quirks entry' : f.draft.source === 'mined' ? 'Pattern' : 'Draft';
    const title = `${what} ${f.draft.id}${edited}  ${f.draft.where ?? f.draft.path}${decided ? `  staged: ${decided.decision} (${decided.reason})` : ''}`;
    const chart = f.draft.chart ? [...f.draft.chart(width).map((l) => ({ text: l.text, color: l.outcome ? OUTCOME_COLOR[l.outcome] : undefined })), { text: '' }] : [];
    return { title, lines: [...chart, ...plain(textLines(editedDraft(f.draft, s.edits).text))] };
  }
  if (f.run && s.data.quest.id === QUIRKS_QUEST) {
    // A quirks file: entries, not a run; nothing of runs, coverage or distill_review (issue 35).
    const entries = f.rows.length;
    const lines = [f.run.summary ?? '', '', entries ? `${entries} entr${entries === 1 ? 'y' : 'ies'} to review in this file (Enter opens them)` : 'no entry left to review in this file'];
    return { title: `Quirks file ${f.run.artifactId}`, lines: plain(lines) };
  }
  if (f.run && s.data.quest.id === MINED_QUEST) {
    // A kind of factor: the patterns proposed about it; no run, no coverage, no distill_review (mining writes none).
    const open = runProgress(s.index, f.run, s.staged).undecided.length;
    const left = open ? `${open} pattern(s) to review under this kind of factor (Enter opens them)` : 'no pattern left to review under this kind of factor';
    return { title: `Factor ${f.run.artifactId}`, lines: plain([...(f.run.summary ? textLines(f.run.summary) : []), '', left]) };
  }
  if (f.run) {
    const lines = [
      `${f.run.artifactId}  run_id ${f.run.runId ?? '-'}  kind ${f.run.runKind ?? '-'}`,
      f.run.covered ? `covered by ${f.run.coveredBy.join(', ')}` : 'not covered by any distill_review yet',
      ...(f.run.notes ?? []),
      '',
      ...(f.run.summary ? textLines(f.run.summary) : []),
      '',
      notesLine(f.rows.filter((r) => !r.draft.note).length, f.rows.filter((r) => r.draft.note).length),
    ];
    return { title: `Run ${f.run.artifactId}`, lines: plain(lines) };
  }
  if (f.rows.length) {
    const target = questTarget(s.data, s.questRun);
    return {
      title: 'Quest-level drafts',
      lines: plain([
        `${f.rows.length} draft(s) tied to no candidate run of this quest; each stays listed here until it is decided.`,
        target
          ? `Decisions on them are recorded under ${target} (the newest candidate run unless picked; t picks another).`
          : 'There is no candidate run to record their decisions under.',
      ]),
    };
  }
  return { title: 'Preview', lines: plain(['nothing focused']) };
}

/** What waits under a run: its drafts (Enter opens them), and the quest notes a lesson can be written from (`a`). */
function notesLine(drafts: number, notes: number): string {
  // With no draft, `a` on the run writes a lesson from its evidence, notes or not (the notes' hint is added to it).
  const line = `${drafts} draft(s) to review under this run${drafts ? ' (Enter opens them)' : '; a writes a lesson for it from its evidence'}`;
  return notes ? `${line}; ${notes} quest note(s): a on one writes a lesson from it` : line;
}
