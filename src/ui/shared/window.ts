// Windowing for long lists: only `rows` items are drawn, and the window moves only when the cursor leaves it.
export function windowOffset(previous: number, cursor: number, rows: number, total: number): number {
  if (rows <= 0 || total <= rows) return 0;
  let offset = Math.min(Math.max(previous, 0), total - rows);
  if (cursor < offset) offset = cursor;
  else if (cursor >= offset + rows) offset = cursor - rows + 1;
  return Math.max(0, Math.min(offset, total - rows));
}

export function clampCursor(cursor: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(cursor, total - 1));
}
