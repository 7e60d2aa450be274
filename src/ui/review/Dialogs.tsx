// Full-body dialogs: help, the write plan, restoring staged decisions, and the nothing-to-review screen.
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from './context.js';
import { useTheme } from '../shared/theme.js';
import { stagedCounts } from './decisions.js';
import { helpLines } from '../shared/keys/table.js';

interface BodyProps {
  height: number;
  width: number;
}

function Lines({ title, lines, height, width }: { title: string; lines: string[] } & BodyProps) {
  const theme = useTheme();
  const shown = lines.slice(0, Math.max(0, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate-end" bold color={theme.color('cyan')}>
        {title}
      </Text>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}

export function HelpDialog(props: BodyProps) {
  return <Lines title="Keys (? or Esc to close)" lines={helpLines()} {...props} />;
}

export function PlanDialog(props: BodyProps) {
  const { plan, scroll, staged } = useReview(useShallow((s) => ({ plan: s.plan, scroll: s.planScroll, staged: s.staged })));
  const list = Object.values(staged);
  const lines = [
    `${list.length} staged decision(s): ${stagedCounts(list)}; ${plan?.fileCount ?? 0} file(s) to write:`,
    '',
    ...(plan?.lines ?? []).slice(scroll),
  ];
  return <Lines title="Write the review? y/Enter write · n/Esc cancel · j/k scroll" lines={lines} {...props} />;
}

export function RestoreDialog(props: BodyProps) {
  const restore = useReview((s) => s.restore);
  const list = restore?.staged ?? [];
  const lines = [
    `A previous session left ${list.length} staged decision(s) (saved ${restore?.savedAt ?? '?'}): ${stagedCounts(list)}` +
      (Object.keys(restore?.edits ?? {}).length ? `; ${Object.keys(restore?.edits ?? {}).length} draft edit(s)` : ''),
    '',
    ...list.map((d) => `  ${d.decision.padEnd(22)} ${d.draftId}${d.neighborId ? ` -> ${d.neighborId}` : ''}`),
    '',
    'r/y/Enter restore them · d/n discard them',
  ];
  return <Lines title="Restore staged decisions?" lines={lines} {...props} />;
}

export function EditErrorDialog(props: BodyProps) {
  const editing = useReview((s) => s.editing);
  if (editing?.author) {
    const lines = [
      `The new lesson for ${editing.author.runId} was not saved:`,
      `  ${editing.error}`,
      '',
      'Nothing was written; your text is kept in a copy.',
      '',
      'e/y/Enter reopen the editor on your text (the error is noted on top) · n/Esc drop the new lesson',
    ];
    return <Lines title="New lesson not saved" lines={lines} {...props} />;
  }
  const lines = [
    `The edited text of ${editing?.draftId ?? '?'} was not staged:`,
    `  ${editing?.error ?? ''}`,
    '',
    `The draft file ${editing?.path ?? ''} is unchanged; your edit is kept in a copy.`,
    '',
    'e/y/Enter reopen the editor on your edit (the error is noted on top) · n/Esc drop the edit',
  ];
  return <Lines title="Edit refused" lines={lines} {...props} />;
}

export function EmptyDialog(props: BodyProps) {
  const { quest, runs } = useReview(useShallow((s) => ({ quest: s.data.quest, runs: s.data.runs })));
  const covered = runs.filter((r) => r.covered).length;
  const lines = [
    `Nothing to review in quest ${quest.id}: no drafts, and ${covered}/${runs.length} candidate run(s) covered.`,
    '',
    runs.length === 0
      ? 'gate: closed (no candidate runs); distill gate exits 0'
      : 'gate: closed (every candidate run is covered); distill gate exits 0',
    '',
    'q quit · ? help',
  ];
  return <Lines title="Nothing to review" lines={lines} {...props} />;
}
