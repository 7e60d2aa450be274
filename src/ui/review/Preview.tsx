// The preview under the panes (or the whole body when zoomed): scrolled with J/K, Ctrl+d/Ctrl+u, PgDn/PgUp; zoomed,
// it is a pager (j/k, g/G, / search, q closes: src/ui/shared/pager). Long lines wrap; it says how much is below. The
// content is `preview-content.ts`.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useReview, useReviewStore } from './context.js';
import { previewContent } from './preview-content.js';
import { ScrollView } from '../shared/ScrollView.js';
import { useReportLimits } from './useReportLimits.js';
import { reviewMouse } from './mouse.js';
import { searchOf } from '../shared/pager/pager.js';
import { PAGER_HINT } from '../shared/pager/pager-keys.js';

export function Preview({ height, width }: { height: number; width: number }) {
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
      stagedWrite: s.stagedWrite,
      offset: s.previewScroll,
      zoomed: s.zoom && !s.modal,
      stored: s.pagerSearch,
    })),
  );
  const store = useReviewStore();
  const onLimits = useReportLimits();
  const onWheel = useMemo(() => reviewMouse(store).wheelView, [store]);
  // The content reads the whole state; the subscription above is what re-renders the preview when a field changes.
  // Built (and wrapped, in ScrollView) once per change of what it shows: a scroll key only moves the window.
  const { data, index, cursor, neighbors, focus, showDiff, questRun, staged, edits, patchDiff, stagedWrite, offset, zoomed, stored } = state;
  const content = useMemo(
    () => previewContent(store.getState(), width),
    // What previewContent reads: a change of any of them builds the content again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, width, data, index, cursor, neighbors, focus, showDiff, questRun, staged, edits, patchDiff, stagedWrite],
  );
  if (height <= 0) return null;
  return (
    <ScrollView
      title={content.title}
      lines={content.lines}
      prewrapped={content.prewrapped}
      offset={offset}
      height={height}
      width={width}
      onLimits={onLimits}
      onWheel={onWheel}
      search={zoomed ? searchOf(stored, 'zoom') : null}
      hint={zoomed ? `${PAGER_HINT} · q closes` : undefined}
    />
  );
}

