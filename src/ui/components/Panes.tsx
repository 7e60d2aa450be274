// The three panes: candidate runs, drafts of the focused run, neighbors of the focused draft.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from '../context.js';
import { DECISION_LABEL } from '../decisions.js';
import { draftRows, draftText, matchIndices, neighborText, runText } from '../lists.js';
import type { PaneId } from '../keys/table.js';
import { ListPane, type ListRow } from './ListPane.js';

interface PaneProps {
  height: number;
  width: number;
}

function useFilterMatches(pane: PaneId, texts: string[]): Set<number> {
  const filter = useReview((s) => s.filter);
  return useMemo(
    () => new Set(filter && filter.pane === pane ? matchIndices(texts, filter.query) : []),
    [filter, pane, texts],
  );
}

export function RunsPane({ height, width }: PaneProps) {
  const { runs, cursor, focused } = useReview(
    useShallow((s) => ({ runs: s.data.runs, cursor: s.cursor.runs, focused: s.focus === 'runs' })),
  );
  const texts = useMemo(() => runs.map(runText), [runs]);
  const matches = useFilterMatches('runs', texts);
  const covered = runs.filter((r) => r.covered).length;
  const rows: ListRow[] = runs.map((r, i) => ({
    key: r.artifactId,
    text: `${r.covered ? '✓' : '·'} ${r.artifactId} ${r.runId ?? ''} ${r.runKind ?? ''}${r.covered ? ' covered' : ''}`,
    dim: r.covered,
    match: matches.has(i),
  }));
  return (
    <ListPane
      title={`Runs ${covered}/${runs.length} covered`}
      focused={focused}
      rows={rows}
      cursor={cursor}
      height={height}
      width={width}
      empty="no candidate runs"
    />
  );
}

export function DraftsPane({ height, width }: PaneProps) {
  const { index, run, cursor, focused, staged, marks } = useReview(
    useShallow((s) => ({
      index: s.index,
      run: s.data.runs[s.cursor.runs],
      cursor: s.cursor.drafts,
      focused: s.focus === 'drafts',
      staged: s.staged,
      marks: s.marks,
    })),
  );
  const list = useMemo(() => draftRows(index, run), [index, run]);
  const texts = useMemo(() => list.map(draftText), [list]);
  const matches = useFilterMatches('drafts', texts);
  const rows: ListRow[] = list.map(({ draft, questLevel }, i) => {
    const decided = staged[draft.id];
    const mark = draft.id in marks ? '*' : ' ';
    const label = decided ? `[${DECISION_LABEL[decided.decision]}] ` : '';
    const flags = `${questLevel ? ' (quest-level)' : ''}${draft.needsEdit ? ' !needs edit' : ''}`;
    return {
      key: draft.id,
      text: `${mark}${label}${draft.title}${flags}`,
      color: decided ? 'green' : draft.needsEdit ? 'yellow' : undefined,
      match: matches.has(i),
    };
  });
  const title = run ? `Drafts of ${run.artifactId} (${list.length})` : `Drafts (${list.length})`;
  return (
    <ListPane title={title} focused={focused} rows={rows} cursor={cursor} height={height} width={width} empty="no drafts for this run" />
  );
}

export function NeighborsPane({ height, width }: PaneProps) {
  const { index, run, draftCursor, neighborsById, cursor, focused } = useReview(
    useShallow((s) => ({
      index: s.index,
      run: s.data.runs[s.cursor.runs],
      draftCursor: s.cursor.drafts,
      neighborsById: s.neighbors,
      cursor: s.cursor.neighbors,
      focused: s.focus === 'neighbors',
    })),
  );
  const draft = useMemo(() => draftRows(index, run)[draftCursor]?.draft, [index, run, draftCursor]);
  const list = useMemo(() => (draft ? (neighborsById[draft.id] ?? []) : []), [draft, neighborsById]);
  const texts = useMemo(() => list.map(neighborText), [list]);
  const matches = useFilterMatches('neighbors', texts);
  const rows: ListRow[] = list.map((n, i) => ({
    key: n.cardId,
    text: `${n.score.toFixed(2)} ${n.title}${n.reasons.length ? ' · ' + n.reasons.join('; ') : ''}`,
    match: matches.has(i),
  }));
  return (
    <ListPane
      title={draft ? `Neighbors (${list.length})` : 'Neighbors'}
      focused={focused}
      rows={rows}
      cursor={cursor}
      height={height}
      width={width}
      empty={draft ? 'no similar global card' : 'no draft focused'}
    />
  );
}
