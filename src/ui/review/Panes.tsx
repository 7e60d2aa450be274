// The three panes: candidate runs, drafts of the focused run, neighbors of the focused draft.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from './context.js';
import { DECISION_LABEL, RUN_LEVEL } from './decisions.js';
import { editedDraft } from './draft-edit.js';
import { draftRows, draftText, matchIndices, neighborText, questTarget, runProgress, runText } from './lists.js';
import type { PaneId } from '../shared/keys/table.js';
import { ListPane, type ListRow } from '../shared/ListPane.js';

interface PaneProps {
  height: number;
  width: number;
}

/** Indices matching the pane's filter; the item texts are only built while a filter is set. */
function useFilterMatches<T>(pane: PaneId, items: readonly T[], text: (item: T) => string): Set<number> {
  const filter = useReview((s) => s.filter);
  return useMemo(
    () => new Set(filter && filter.pane === pane ? matchIndices(items.map(text), filter.query) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filter, pane, items],
  );
}

export function RunsPane({ height, width }: PaneProps) {
  const { data, index, questLevel, questRun, cursor, focused, staged } = useReview(
    useShallow((s) => ({
      data: s.data, index: s.index, questLevel: s.index.questLevel, questRun: s.questRun, cursor: s.cursor.runs, focused: s.focus === 'runs', staged: s.staged,
    })),
  );
  const runs = data.runs;
  const matches = useFilterMatches('runs', runs, runText);
  const covered = useMemo(() => runs.filter((r) => r.covered).length, [runs]);
  const count = runs.length + (questLevel.length ? 1 : 0);
  const row = (i: number): ListRow => {
    if (i === runs.length) {
      const decided = questLevel.filter((d) => staged[d.id]).length;
      const target = questTarget(data, questRun);
      return {
        key: 'quest-level',
        text: `◆ quest-level ${decided}/${questLevel.length} decided${target ? ` → ${target}` : ''}`,
        color: decided < questLevel.length ? 'yellow' : undefined,
      };
    }
    const r = runs[i];
    const progress = runProgress(index, r, staged);
    const closed = staged[RUN_LEVEL + r.artifactId] ? (progress.total ? '[close] ' : '[reject] ') : '';
    const count = progress.total ? ` ${progress.decided}/${progress.total} decided` : '';
    return {
      key: r.artifactId,
      text: `${r.covered ? '✓' : '·'} ${closed}${r.artifactId}${count} ${r.runId ?? ''} ${r.runKind ?? ''}${r.covered ? ' covered' : ''}`,
      dim: r.covered,
      match: matches.has(i),
    };
  };
  return (
    <ListPane
      title={`Runs ${covered}/${runs.length} covered`}
      focused={focused}
      count={count}
      row={row}
      cursor={cursor}
      height={height}
      width={width}
      empty="no candidate runs"
    />
  );
}

export function DraftsPane({ height, width }: PaneProps) {
  const { index, run, cursor, focused, staged, marks, edits, data, questRun } = useReview(
    useShallow((s) => ({
      data: s.data,
      questRun: s.questRun,
      index: s.index,
      run: s.data.runs[s.cursor.runs],
      cursor: s.cursor.drafts,
      focused: s.focus === 'drafts',
      staged: s.staged,
      marks: s.marks,
      edits: s.edits,
    })),
  );
  const list = useMemo(() => draftRows(index, run), [index, run]);
  const matches = useFilterMatches('drafts', list, draftText);
  const row = (i: number): ListRow => {
    const draft = editedDraft(list[i].draft, edits);
    const { questLevel } = list[i];
    const decided = staged[draft.id];
    const mark = draft.id in marks ? '*' : ' ';
    // An undecided draft of a run closed with x is recorded as rejected with the run.
    const closed = !decided && !questLevel && run && staged[RUN_LEVEL + run.artifactId] ? '[closed] ' : '';
    const label = draft.note ? `[note: ${draft.note.kind === 'episodes' ? 'episode' : 'idea'}] ` : decided ? `[${DECISION_LABEL[decided.decision]}] ` : closed;
    const flags = `${draft.id in edits ? ' (edited)' : ''}${questLevel ? ' (quest-level)' : ''}${draft.needsEdit ? ' !needs edit' : ''}`;
    return {
      key: draft.id,
      text: `${mark}${label}${draft.title}${flags}`,
      color: decided ? 'green' : draft.needsEdit ? 'yellow' : undefined,
      match: matches.has(i),
    };
  };
  const notes = list.filter((r) => r.draft.note).length;
  const title = run
    ? `Drafts of ${run.artifactId} (${list.length - notes})${notes ? ` · ${notes} note${notes === 1 ? '' : 's'}` : ''}`
    : `Quest-level drafts (${list.length}) → ${questTarget(data, questRun) ?? 'no run'} (t: other run)`;
  return (
    <ListPane title={title} focused={focused} count={list.length} row={row} cursor={cursor} height={height} width={width} empty="no drafts for this run" />
  );
}

export function NeighborsPane({ height, width }: PaneProps) {
  const { index, run, draftCursor, neighborsById, cursor, focused, staged } = useReview(
    useShallow((s) => ({
      staged: s.staged,
      index: s.index,
      run: s.data.runs[s.cursor.runs],
      draftCursor: s.cursor.drafts,
      neighborsById: s.neighbors,
      cursor: s.cursor.neighbors,
      focused: s.focus === 'neighbors',
    })),
  );
  const draft = useMemo(() => draftRows(index, run)[draftCursor]?.draft, [index, run, draftCursor]);
  const pending = Boolean(draft && !neighborsById[draft.id]);
  const list = useMemo(() => (draft ? (neighborsById[draft.id] ?? []) : []), [draft, neighborsById]);
  const matches = useFilterMatches('neighbors', list, neighborText);
  const row = (i: number): ListRow => {
    const n = list[i];
    // The one neighbor a staged patch or separate card targets (s relates the new card to it alone).
    const decided = draft ? staged[draft.id] : undefined;
    const target = decided?.neighborId === n.cardId ? (decided.decision === 'patch' ? '[patch] ' : '[related] ') : '';
    return {
      key: n.cardId,
      color: target ? 'green' : undefined,
      text: `${target}${n.score.toFixed(2)} ${n.title}${n.reasons.length ? ' · ' + n.reasons.join('; ') : ''}`,
      match: matches.has(i),
    };
  };
  return (
    <ListPane
      title={draft ? `Neighbors (${list.length})` : 'Neighbors'}
      focused={focused}
      count={list.length}
      row={row}
      cursor={cursor}
      height={height}
      width={width}
      empty={pending ? 'looking for neighbors…' : draft ? 'no similar global card' : 'no draft focused'}
    />
  );
}
