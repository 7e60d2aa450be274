// Header, status line and key bar: one line each.
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from './context.js';
import { useTheme } from '../shared/theme.js';
import { NOTE_LEVEL, RUN_LEVEL, stagedCounts } from './decisions.js';
import { namedDrafts } from './marks.js';
import { keyBarEntries } from '../shared/keys/table.js';
import { reviewLeftOut } from '../shared/keys/help-kinds.js';
import { fitBar } from '../shared/keys/key-table.js';
import { runProgress } from './lists.js';
import { reasonPrompt } from './store-reason.js';
import { MINED_QUEST, QUIRKS_QUEST } from '../../core/index.js';
import { focused, type ReviewState } from './state.js';

export function Header({ width }: { width: number }) {
  const theme = useTheme();
  const { quest, staged, edits } = useReview(useShallow((s) => ({ quest: s.data.quest, staged: s.staged, edits: s.edits })));
  const list = Object.values(staged);
  const edited = Object.keys(edits).length;
  // The quest's title last: on a narrow terminal it is what is cut, never the staged count.
  const title = quest.title && quest.title !== quest.id ? ` · ${quest.title}` : '';
  const pseudo = quest.id === QUIRKS_QUEST || quest.id === MINED_QUEST;
  const what = quest.id === QUIRKS_QUEST ? 'the quirks files' : quest.id === MINED_QUEST ? 'mined patterns' : `quest ${quest.id}`;
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        <Text bold color={theme.color('cyan')}>
          distill review
        </Text>
        {` · ${what} · staged: ${list.length ? `${list.length} (${stagedCounts(list)})` : 'none'}${edited ? `, ${edited} edit(s)` : ''}${pseudo ? '' : title}`}
      </Text>
    </Box>
  );
}

/** A prompt and what is typed: on a narrow terminal the prompt is cut, never the text being typed. */
function withInput(prompt: string, input: string, width: number): string {
  const typed = `${input}█`;
  const chars = Array.from(prompt + typed);
  if (chars.length <= width) return prompt + typed;
  const room = width - Array.from(typed).length - 1;
  if (room < 1) return Array.from(typed).slice(-width).join('');
  return `${Array.from(prompt).slice(0, room).join('')}…${typed}`;
}

export function StatusLine({ width }: { width: number }) {
  const theme = useTheme();
  const { modal, input, message, filter, rejecting, data, index, staged, reasonFor, neighbor } = useReview(
    useShallow((s) => ({
      modal: s.modal, input: s.input, message: s.message, filter: s.filter, rejecting: s.rejecting, data: s.data, index: s.index, staged: s.staged,
      reasonFor: s.reasonFor, neighbor: focused(s).neighbor?.cardId,
    })),
  );
  let text: string;
  let color: string | undefined;
  if (modal === 'filter') text = `/${input}█`;
  else if (modal === 'reason' && reasonFor) text = withInput(reasonPrompt(reasonFor, rejecting, data.drafts, width, input, neighbor), input, width);
  else if (modal === 'reason') {
    const runId = rejecting.length === 1 && rejecting[0].startsWith(RUN_LEVEL) ? rejecting[0].slice(RUN_LEVEL.length) : null;
    const run = data.runs.find((r) => r.artifactId === runId);
    const open = run ? runProgress(index, run, staged).undecided.length : 0;
    if (runId && open) {
      text = withInput(`Close ${runId}? ${open} undecided draft(s) will be recorded as rejected. Reason (Enter closes, Esc cancels): `, input, width);
      color = theme.color('yellow');
    } else if (runId) text = withInput(`Reject run ${runId} as a whole (nothing to distill), reason: `, input, width);
    else if (rejecting.length === 1 && rejecting[0].startsWith(NOTE_LEVEL)) {
      const named = namedDrafts([rejecting[0].slice(NOTE_LEVEL.length)], data.notes ?? [], Math.max(12, width - 52 - Array.from(input).length));
      text = withInput(`Not a lesson: ${named} (the note stays as it is), reason: `, input, width);
    } else text = withInput(reasonPrompt('reject', rejecting, data.drafts, width, input), input, width);
  }
  else if (modal === 'quit') {
    text = 'Decisions are staged. Write, Discard or Cancel? (w/d/c)';
    color = theme.color('yellow');
  } else if (message) {
    text = message;
    color = theme.color('yellow');
  } else if (filter) text = `filter /${filter.query} (n/N for next/previous match)`;
  else text = ' ';
  return (
    <Box width={width}>
      <Text wrap="truncate-end" color={color}>
        {text}
      </Text>
    </Box>
  );
}

export function KeyBar({ width }: { width: number }) {
  const theme = useTheme();
  const { modal, focus, zoom, situations, questId } = useReview(useShallow((s) => ({ modal: s.modal, focus: s.focus, zoom: s.zoom, situations: s.zoom ? '' : barSituations(s).join(' '), questId: s.data.quest.id })));
  // A kind of review leaves out the keys it has no use for, as its help does (a on the mined patterns: they are the lessons).
  const leftOut = reviewLeftOut(questId === MINED_QUEST ? 'mined' : questId === QUIRKS_QUEST ? 'quirks' : 'quest');
  // What the focused row allows goes first (the table's `first`), `? help` and `q quit` always stay (issue 35).
  const bar = fitBar(keyBarEntries(modal, focus, zoom, leftOut), new Set(situations.split(' ')), width);
  return (
    <Box width={width}>
      <Text wrap="truncate-end" dimColor color={theme.color('gray')}>
        {bar}
      </Text>
    </Box>
  );
}

/** The situations the key table's `first` names, as they hold for the focused row: `staged` (something to write or
 *  undo), `run-no-drafts` (a run with no draft: `a` writes one), `draft` (a draft: `e` edits it). */
export function barSituations(s: ReviewState): string[] {
  const out: string[] = [];
  if (Object.keys(s.staged).length || Object.keys(s.edits).length) out.push('staged');
  const f = focused(s);
  if (s.data.quest.id !== QUIRKS_QUEST && s.focus === 'runs' && f.run && !f.rows.some((r) => !r.draft.note)) out.push('run-no-drafts');
  if (s.focus !== 'runs' && f.draft && !f.draft.note) out.push('draft');
  return out;
}
