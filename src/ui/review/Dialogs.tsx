// Full-body dialogs: help, the write plan, the warnings, a refused write, Write / Discard / Cancel, restoring staged
// decisions, and the nothing-to-review screen. Long ones scroll (j/k, J/K, Ctrl+d/Ctrl+u, PgDn/PgUp) and say how
// much is below.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useReview, useReviewStore } from './context.js';
import { reviewMouse } from './mouse.js';
import { useTheme } from '../shared/theme.js';
import { MINED_QUEST, QUIRKS_QUEST } from '../../core/index.js';
import { stagedCounts } from './decisions.js';
import { reviewHelpLines } from '../shared/keys/help-kinds.js';
import { HELP_COLUMN } from '../shared/keys/table.js';
import { ScrollView, type ViewLine } from '../shared/ScrollView.js';
import { hangingHelp } from '../shared/wrap.js';
import { RoutedList } from '../shared/SelectList.js';
import { QUIT_CHOICES } from './store-view.js';
import { useReportLimits } from './useReportLimits.js';
import { searchOf } from '../shared/pager/pager.js';
import { PAGER_HINT } from '../shared/pager/pager-keys.js';

interface BodyProps {
  height: number;
  width: number;
}

/** A long dialog: the pager's view (j/k g/G / n N, src/ui/shared/pager), its search the one made in this dialog. */
function Scrolled({ title, lines, offset, ...props }: { title: string; lines: readonly (string | ViewLine)[]; offset: number } & BodyProps) {
  const onLimits = useReportLimits();
  const store = useReviewStore();
  const onWheel = useMemo(() => reviewMouse(store).wheelView, [store]);
  const { modal, stored } = useReview(useShallow((s) => ({ modal: s.modal, stored: s.pagerSearch })));
  const shown = useMemo(() => lines.map((line) => (typeof line === 'string' ? { text: line } : line)), [lines]);
  const search = modal ? searchOf(stored, modal) : null;
  return <ScrollView title={title} titleColor="cyan" lines={shown} offset={offset} onLimits={onLimits} onWheel={onWheel} search={search} hint={PAGER_HINT} {...props} />;
}

/** A short dialog that does not scroll: the same view, from its first line. */
function Lines({ title, lines, ...props }: { title: string; lines: string[] } & BodyProps) {
  return <ScrollView title={title} titleColor="cyan" lines={lines.map((text) => ({ text }))} offset={0} {...props} />;
}

export function HelpDialog(props: BodyProps) {
  const offset = useReview((s) => s.helpScroll);
  const id = useReview((s) => s.data.quest.id);
  // In the words of what this review reviews; a wrapped description goes on under the description.
  const lines = useMemo(() => hangingHelp(reviewHelpLines(id === MINED_QUEST ? 'mined' : id === QUIRKS_QUEST ? 'quirks' : 'quest'), HELP_COLUMN), [id]);
  return <Scrolled title="Keys (? or Esc to close; j/k scroll, / search)" lines={lines} offset={offset} {...props} />;
}

export function PlanDialog(props: BodyProps) {
  const { plan, scroll, staged } = useReview(useShallow((s) => ({ plan: s.plan, scroll: s.planScroll, staged: s.staged })));
  const list = Object.values(staged);
  const closes = (plan?.closing ?? []).map((c) => `+${c.drafts} rejected by closing ${c.runId}`);
  const counts = [stagedCounts(list), ...closes].join(', ');
  const lines = useMemo(
    () => [...(plan?.changed ? [...plan.changed, ''] : []), `${list.length} staged decision(s): ${counts}; ${plan?.fileCount ?? 0} file(s) to write:`, '', ...(plan?.lines ?? [])],
    [list.length, counts, plan],
  );
  const title = plan?.changed ? 'Plan changed, nothing written. Write this one? y/Enter write · n/Esc cancel' : 'Write the review? y/Enter write · n/Esc cancel · j/k scroll, / search';
  return <Scrolled title={title} lines={lines} offset={scroll} {...props} />;
}

export function WarningsDialog(props: BodyProps) {
  const { warnings, offset } = useReview(useShallow((s) => ({ warnings: s.data.warnings, offset: s.helpScroll })));
  const lines = useMemo(() => warnings.map((w, i) => `${i + 1}. ${w}`), [warnings]);
  return <Scrolled title={`${warnings.length} warning(s) · Esc closes`} lines={lines} offset={offset} {...props} />;
}

export function WriteErrorDialog(props: BodyProps) {
  const { error, offset } = useReview(useShallow((s) => ({ error: s.writeError, offset: s.helpScroll })));
  const lines = [
    'Nothing was written (the write was rolled back); your decisions are still staged.',
    '',
    ...(error ?? '').split('\n'),
    '',
    'r/Enter re-read the files from disk and plan the write again (the changed card is read as it is now)',
    'Esc back to the review',
  ];
  return <Scrolled title="Write refused" lines={lines} offset={offset} {...props} />;
}

export function QuitDialog({ height, width }: BodyProps) {
  const theme = useTheme();
  const { map, choice } = useReview(useShallow((s) => ({ map: s.staged, choice: s.quitChoice })));
  const staged = Object.values(map);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate-end" bold color={theme.color('yellow')}>
        {`${staged.length} decision(s) are staged (${stagedCounts(staged) || 'draft edits only'}). Write, Discard or Cancel?`}
      </Text>
      <RoutedList items={QUIT_CHOICES} selected={choice} />
      <Text wrap="truncate-end" dimColor>
        j/k choose · Enter takes it · w / d / c directly
      </Text>
    </Box>
  );
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
    'r/y/Enter restore them · d/n discard them · q/Esc quit, keeping them for the next start',
  ];
  return <Lines title="Restore staged decisions?" lines={lines} {...props} />;
}

export function EditErrorDialog(props: BodyProps) {
  const editing = useReview((s) => s.editing);
  // The question: reopen / keep / drop. Esc keeps (it never drops what was typed); the copy's path is always shown.
  const kept = ['', 'Your text is kept in:', `  ${editing?.copy ?? ''}`, ''];
  if (editing?.author) {
    const lines = [
      `The new lesson for ${editing.author.runId} was not saved:`,
      `  ${editing.error}`,
      ...kept,
      'e/Enter reopen the editor on it (the error noted on top)',
      'k/Esc keep the copy and go back (a on the run reopens it, this session or the next)',
      'd drop the new lesson and its copy',
    ];
    return <Lines title="New lesson not saved" lines={lines} {...props} />;
  }
  const lines = [
    `The edited text of ${editing?.draftId ?? '?'} was not staged:`,
    `  ${editing?.error ?? ''}`,
    `The draft file ${editing?.path ?? ''} is unchanged.`,
    ...kept,
    'e/Enter reopen the editor on it (the error noted on top)',
    'k/Esc keep the copy and go back (e on the draft reopens it, this session or the next)',
    'd drop the edit and its copy',
  ];
  return <Lines title="Edit refused" lines={lines} {...props} />;
}

const NONE: string[] = [];

export function EmptyDialog(props: BodyProps) {
  const { quest, runs, unreadable } = useReview(useShallow((s) => ({ quest: s.data.quest, runs: s.data.runs, unreadable: s.data.gateUnreadable ?? NONE })));
  const covered = runs.filter((r) => r.covered).length;
  // The quirks files have entries, not runs: no gate to speak of.
  if (quest.id === MINED_QUEST) {
    return <Lines title="Nothing to review" lines={['No mined pattern to review: every pattern distill mine proposes is decided.', '', 'q quit · ? help']} {...props} />;
  }
  if (quest.id === QUIRKS_QUEST) {
    return <Lines title="Nothing to review" lines={['Nothing to review in the quirks files: every entry is decided.', '', 'q quit · ? help']} {...props} />;
  }
  const lines = [
    `Nothing to review in quest ${quest.id}: no drafts, and ${covered}/${runs.length} candidate run(s) covered.`,
    '',
    unreadable.length
      ? `gate: not closed, ${unreadable.length} file(s) it cannot read; distill gate names them and exits 2`
      : runs.length === 0
        ? 'gate: closed (no candidate runs); distill gate exits 0'
        : 'gate: closed (every candidate run is covered); distill gate exits 0',
    '',
    'q quit · ? help',
  ];
  return <Lines title="Nothing to review" lines={lines} {...props} />;
}
