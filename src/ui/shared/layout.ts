// Sizes of the screen's parts for a terminal. The frame is always at least one line shorter than the terminal:
// at full height Ink 6 clears the whole screen on every render.

export const WIDE_COLUMNS = 100;
export const MIN_COLUMNS = 40;
export const MIN_ROWS = 10;

export interface Layout {
  tooSmall: boolean;
  wide: boolean;
  columns: number;
  /** Lines of the whole frame. */
  height: number;
  /** Lines of the area between the header and the status line (panes + preview, or a dialog). */
  body: number;
  /** Lines of each pane, its title line included. */
  paneHeight: number;
  /** Widths of runs, drafts, neighbors (wide) or the full width for each (stacked). */
  paneWidths: [number, number, number];
  previewHeight: number;
  /** Lines of each pane (stacked panes differ when sized to their content). */
  paneHeights: [number, number, number];
}

/**
 * Sizes of the screen's parts. Given the item counts of the three lists, each list is only as tall as its content
 * (up to its share) and the spare lines go to the preview; `zoom` gives the preview the whole body (i17r).
 */
export function computeLayout(columns: number, rows: number, counts?: [number, number, number], zoom = false): Layout {
  const base = baseLayout(columns, rows);
  if (zoom) return { ...base, paneHeight: 0, paneHeights: [0, 0, 0], previewHeight: base.body };
  if (!counts) return base;
  const fit = (n: number, min: number) => Math.max(min, Math.min(base.paneHeight, n + 1));
  if (base.wide) {
    const h = fit(Math.max(...counts), 3);
    return { ...base, paneHeight: h, paneHeights: [h, h, h], previewHeight: base.body - h };
  }
  const heights = counts.map((n) => fit(n, 2)) as [number, number, number];
  return { ...base, paneHeights: heights, previewHeight: base.body - heights[0] - heights[1] - heights[2] };
}

function baseLayout(columns: number, rows: number): Layout {
  const height = Math.max(1, rows - 1);
  const tooSmall = columns < MIN_COLUMNS || rows < MIN_ROWS;
  const wide = columns >= WIDE_COLUMNS;
  // Header, status line and key bar take one line each.
  const body = Math.max(0, height - 3);
  let paneHeight: number;
  let previewHeight: number;
  if (wide) {
    paneHeight = Math.max(3, Math.floor(body * 0.5));
    previewHeight = body - paneHeight;
  } else {
    paneHeight = Math.max(2, Math.floor((body * 0.6) / 3));
    previewHeight = body - 3 * paneHeight;
  }
  const usable = columns - 1;
  const paneWidths: [number, number, number] = wide
    ? [Math.floor(usable * 0.28), Math.floor(usable * 0.34), 0]
    : [usable, usable, usable];
  if (wide) paneWidths[2] = usable - paneWidths[0] - paneWidths[1] - 2;
  const paneHeights: [number, number, number] = [paneHeight, paneHeight, paneHeight];
  return { tooSmall, wide, columns: usable, height, body, paneHeight, paneWidths, previewHeight: Math.max(0, previewHeight), paneHeights };
}
