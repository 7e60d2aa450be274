// The three panes: candidate runs, drafts of the focused run, neighbors of the focused draft.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useReview, useReviewStore } from './context.js';
import { visibleRows } from './view-rows.js';
import { DECISION_LABEL, RUN_LEVEL, stagedKey } from './decisions.js';
import { editedDraft } from './draft-edit.js';
import { draftRows, questTarget, runProgress, runRowCount } from './lists.js';
import type { PaneId } from '../shared/keys/table.js';
import { ListPane, type ListRow } from '../shared/ListPane.js';
import { reviewMouse } from './mouse.js';
import { MINED_QUEST, QUIRKS_QUEST } from '../../core/index.js';

interface PaneProps {
  height: number;
  width: number;
}

/** The rows a pane shows (narrowed by its filter, ordered by the runs view), or null for all, and its title suffix. */
function useShownRows(pane: PaneId, items: readonly unknown[]): { rows: number[] | null; suffix: string } {
  const store = useReviewStore();
  const { filter, runsView } = useReview(useShallow((s) => ({ filter: s.filter, runsView: s.runsView })));
  return useMemo(() => {
    const rows = visibleRows(store.getState(), pane);
    const mine = filter && filter.pane === pane;
    const view = pane === 'runs' && runsView !== 'all' ? ` · ${runsView}` : '';
    return { rows, suffix: `${view}${mine && rows ? ` · /${filter.query} ${rows.length}/${items.length}` : ''}` };
  }, [filter, runsView, pane, items, store]);
}

/** A pane's click and wheel handlers. */
function usePaneMouse(pane: PaneId) {
  const store = useReviewStore();
  return useMemo(() => {
    const mouse = reviewMouse(store);
    return { onClick: (item: number | null) => mouse.click(pane, item), onWheel: (step: number) => mouse.wheelList(pane, step) };
  }, [store, pane]);
}

export function RunsPane({ height, width }: PaneProps) {
  const { data, index, questLevel, questRun, cursor, focused, staged } = useReview(
    useShallow((s) => ({
      data: s.data, index: s.index, questLevel: s.index.questLevel, questRun: s.questRun, cursor: s.cursor.runs, focused: s.focus === 'runs', staged: s.staged,
    })),
  );
  const runs = data.runs;
  const count = runRowCount(data, index);
  const allRows = useMemo(() => Array.from({ length: count }), [count]);
  const shown = useShownRows('runs', allRows);
  const covered = useMemo(() => runs.filter((r) => r.covered).length, [runs]);
  const mouse = usePaneMouse('runs');
  const quirks = data.quest.id === QUIRKS_QUEST;
  const row = (i: number): ListRow => {
    if (i === runs.length) {
      const decided = questLevel.filter((d) => staged[d.id]).length;
      const target = questTarget(data, questRun);
      // Only notes (lesson material naming no run): the row says so, `a` on one drafts a lesson under the target.
      const notes = index.questNotes.length;
      const what = questLevel.length ? `${decided}/${questLevel.length} decided` : `· ${notes} note${notes === 1 ? '' : 's'}`;
      return {
        key: 'quest-level',
        text: `◆ quest-level ${what}${target ? ` → ${target}` : ''}`,
        color: decided < questLevel.length ? 'yellow' : undefined,
      };
    }
    const r = runs[i];
    const progress = runProgress(index, r, staged);
    const closed = staged[RUN_LEVEL + r.artifactId] ? (progress.total ? '[close] ' : '[reject] ') : '';
    const count = progress.total ? ` ${progress.decided}/${progress.total} decided` : '';
    // A quirks file has entries, not a run: reviewed, or nothing to review when it has none (issue 35).
    if (quirks) {
      const state = r.empty ? ' nothing to review' : r.covered ? ' reviewed' : '';
      return { key: r.artifactId, text: `${r.covered ? '✓' : '·'} ${closed}${r.artifactId}${count}${state}`, dim: r.covered };
    }
    return {
      key: r.artifactId,
      text: `${r.covered ? '✓' : '·'} ${closed}${r.artifactId}${count} ${r.runId ?? ''} ${r.runKind ?? ''}${r.covered ? ' covered' : ''}`,
      dim: r.covered,
    };
  };
  return (
    <ListPane
      {...mouse}
      title={
        quirks ? `Quirks files ${covered}/${runs.length} reviewed${shown.suffix}`
          // The mined patterns are grouped by the kind of factor they are about: no run, no coverage.
          : data.quest.id === MINED_QUEST ? `Factors ${covered}/${runs.length} reviewed${shown.suffix}`
            : `Runs ${covered}/${runs.length} covered${shown.suffix}`
      }
      rows={shown.rows}
      focused={focused}
      count={count}
      row={row}
      cursor={cursor}
      height={height}
      width={width}
      empty={shown.rows ? 'none shown (Esc clears the filter, o shows every run)' : 'no candidate runs'}
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
  const shown = useShownRows('drafts', list);
  const mouse = usePaneMouse('drafts');
  const row = (i: number): ListRow => {
    const draft = editedDraft(list[i].draft, edits);
    const { questLevel } = list[i];
    const decided = staged[stagedKey(draft)];
    const mark = draft.id in marks ? '*' : ' ';
    // An undecided draft of a run closed with x is recorded as rejected with the run.
    const closed = !decided && !questLevel && run && staged[RUN_LEVEL + run.artifactId] ? '[closed] ' : '';
    const kind = draft.note ? `[note: ${draft.note.kind === 'episodes' ? 'episode' : 'idea'}] ` : '';
    const label = draft.note ? `${decided ? '[not a lesson] ' : ''}${kind}` : decided ? `[${DECISION_LABEL[decided.decision]}] ` : closed;
    // Badges before the title, so a narrow pane keeps them.
    const flags = `${draft.needsEdit && !decided ? '!needs edit ' : ''}${questLevel ? 'quest-level ' : ''}`;
    return {
      key: draft.id,
      text: `${mark}${label}${flags}${draft.title}${draft.id in edits ? ' (edited)' : ''}`,
      color: decided ? 'green' : draft.needsEdit ? 'yellow' : undefined,
    };
  };
  const notes = list.filter((r) => r.draft.note).length;
  const counts = `(${list.length - notes})${notes ? ` · ${notes} note${notes === 1 ? '' : 's'}` : ''}`;
  const quirks = data.quest.id === QUIRKS_QUEST;
  const mined = data.quest.id === MINED_QUEST;
  const title = run ? `${quirks ? 'Entries' : mined ? 'Patterns' : 'Drafts'} of ${run.artifactId} ${counts}` : `Quest-level drafts ${counts} → ${questTarget(data, questRun) ?? 'no run'} (t: other run)`;
  return (
    <ListPane {...mouse} title={title + shown.suffix} rows={shown.rows} focused={focused} count={list.length} row={row} cursor={cursor} height={height} width={width} empty={shown.rows ? 'no match (Esc clears the filter)' : quirks ? 'no entry left to review' : mined ? 'no pattern left to review' : 'no drafts for this run'} />
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
  const shown = useShownRows('neighbors', list);
  const mouse = usePaneMouse('neighbors');
  const row = (i: number): ListRow => {
    const n = list[i];
    // The one neighbor a staged patch or separate card targets (s relates the new card to it alone).
    const decided = draft ? staged[draft.id] : undefined;
    const target = decided?.neighborId === n.cardId ? (decided.decision === 'patch' ? '[patch] ' : '[related] ') : '';
    return {
      key: n.cardId,
      color: target ? 'green' : undefined,
      text: `${target}${n.score.toFixed(2)} ${n.title}${n.reasons.length ? ' · ' + n.reasons.join('; ') : ''}`,
    };
  };
  return (
    <ListPane
      {...mouse}
      title={(draft ? `Neighbors (${list.length})` : 'Neighbors') + shown.suffix}
      rows={shown.rows}
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
