// The preview under the panes: the focused draft, the focused neighbor, or the diff `patch` would write.
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from './context.js';
import { useTheme } from '../shared/theme.js';
import { editedDraft } from './draft-edit.js';
import { questTarget } from './lists.js';
import { focused } from './store.js';

interface Content {
  title: string;
  lines: string[];
  diff: boolean;
}

function bodyLines(text: string): string[] {
  return text.replace(/\r\n/g, '\n').replace(/\t/g, '  ').split('\n');
}

export function Preview({ height, width }: { height: number; width: number }) {
  const theme = useTheme();
  const state = useReview(
    useShallow((s) => ({
      data: s.data,
      index: s.index,
      cursor: s.cursor,
      neighbors: s.neighbors,
      focus: s.focus,
      showDiff: s.showDiff,
      questRun: s.questRun,
      staged: s.staged,
      edits: s.edits,
      patchDiff: s.patchDiff,
    })),
  );
  if (height <= 0) return null;
  const f = focused(state);
  let content: Content;
  const diff = state.showDiff ? state.patchDiff() : null;
  if (diff) content = { title: `Diff: ${diff.title}`, lines: diff.lines, diff: true };
  else if (state.showDiff && f.draft) {
    content = { title: 'Diff: no neighbor to patch into', lines: bodyLines(f.draft.text), diff: false };
  } else if (state.focus === 'neighbors' && f.neighbor) {
    const n = f.neighbor;
    const why = `score ${n.score.toFixed(2)} · matched on ${n.reasons.length ? n.reasons.join('; ') : 'fuzzy text only'}`;
    content = { title: `Neighbor ${n.cardId}  ${n.path}`, lines: [why, '', ...bodyLines(n.text)], diff: false };
  } else if (state.focus !== 'runs' && f.draft) {
    const decided = state.staged[f.draft.id];
    const edited = state.edits[f.draft.id] !== undefined ? ' (edited: staged, file unchanged)' : '';
    const title = `Draft ${f.draft.id}${edited}  ${f.draft.path}${decided ? `  staged: ${decided.decision} (${decided.reason})` : ''}`;
    content = { title, lines: bodyLines(editedDraft(f.draft, state.edits).text), diff: false };
  } else if (f.run) {
    const lines = [
      `${f.run.artifactId}  run_id ${f.run.runId ?? '-'}  kind ${f.run.runKind ?? '-'}`,
      f.run.covered ? `covered by ${f.run.coveredBy.join(', ')}` : 'not covered by any distill_review yet',
      ...(f.run.notes ?? []),
      '',
      ...(f.run.summary ? bodyLines(f.run.summary) : []),
      '',
      notesLine(f.rows.filter((r) => !r.draft.note).length, f.rows.filter((r) => r.draft.note).length),
    ];
    content = { title: `Run ${f.run.artifactId}`, lines, diff: false };
  } else if (f.rows.length) {
    const target = questTarget(state.data, state.questRun);
    const lines = [
      `${f.rows.length} draft(s) tied to no candidate run of this quest; each stays listed here until it is decided.`,
      target
        ? `Decisions on them are recorded under ${target} (the newest candidate run unless picked; t picks another).`
        : 'There is no candidate run to record their decisions under.',
    ];
    content = { title: 'Quest-level drafts', lines, diff: false };
  } else content = { title: 'Preview', lines: ['nothing focused'], diff: false };

  const shown = content.lines.slice(0, Math.max(0, height - 1));
  const lineColor = (line: string): string | undefined => {
    if (!content.diff) return undefined;
    if (line.startsWith('+++') || line.startsWith('---')) return theme.color('white');
    if (line.startsWith('+')) return theme.color('green');
    if (line.startsWith('-')) return theme.color('red');
    if (line.startsWith('@@')) return theme.color('cyan');
    return undefined;
  };
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate-end" bold color={theme.color('magenta')}>
        {'─ ' + content.title}
      </Text>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end" color={lineColor(line)}>
          {line === '' ? ' ' : line.slice(0, width + 8)}
        </Text>
      ))}
    </Box>
  );
}

/** What waits under a run: its drafts, and the quest notes a lesson can be written from (`a`). */
function notesLine(drafts: number, notes: number): string {
  const line = `${drafts} draft(s) to review under this run`;
  return notes ? `${line}; ${notes} quest note(s): a on one writes a lesson from it` : `${line}${drafts ? '' : '; a writes a lesson for it from its evidence'}`;
}
