// A titled, windowed list: only the rows that fit are drawn; the window follows the cursor.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useTheme } from './theme.js';
import { windowOffset } from './window.js';
import { useMouseArea, wheelStep } from './mouse/MouseArea.js';

export interface ListRow {
  key: string;
  text: string;
  dim?: boolean;
  color?: string;
  match?: boolean;
}

export interface ListPaneProps {
  title: string;
  focused: boolean;
  /** How many items the list has; only the visible ones are built, by `row`. */
  count: number;
  row: (index: number) => ListRow;
  cursor: number;
  height: number;
  width: number;
  empty: string;
  /** The items shown, in order (a filter or a view narrows or reorders the list); all of them when absent. */
  rows?: readonly number[] | null;
  /** A click in the pane: the item of the row clicked, or null for the title or below the rows. */
  onClick?: (item: number | null) => void;
  /** A wheel notch over the pane: -1 up, +1 down. */
  onWheel?: (step: number) => void;
}

export function ListPane(props: ListPaneProps) {
  const { title, focused, count: total, row: itemAt, cursor: cursorItem, height, width, empty, rows, onClick, onWheel } = props;
  // With a narrowed list, positions on screen map to item indices through `rows`.
  const count = rows ? rows.length : total;
  const rowAt = rows ? (i: number) => itemAt(rows[i]) : itemAt;
  const cursor = rows ? Math.max(0, rows.indexOf(cursorItem)) : cursorItem;
  const theme = useTheme();
  // The window moves only when the cursor leaves it, so it remembers where it was: state adjusted during render
  // (React's pattern for state derived from a changed prop), which re-renders at once with the new offset.
  const [shownFrom, setShownFrom] = useState(0);
  const visible = Math.max(0, height - 1);
  const offset = windowOffset(shownFrom, cursor, visible, count);
  if (offset !== shownFrom) setShownFrom(offset);
  const shown: ListRow[] = [];
  for (let i = offset; i < Math.min(count, offset + visible); i++) shown.push(rowAt(i));
  const more = count > visible ? ` ${offset + 1}-${offset + shown.length}/${count}` : '';
  const area = useMouseArea(
    onClick || onWheel
      ? (event) => {
          if (event.kind !== 'press') return onWheel?.(wheelStep(event));
          const at = offset + event.y - 1;
          onClick?.(event.y >= 1 && at < Math.min(count, offset + visible) ? (rows ? rows[at] : at) : null);
        }
      : undefined,
  );
  return (
    <Box ref={area} flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate-end" bold={focused} color={focused ? theme.color('cyan') : undefined} inverse={false}>
        {(focused ? '▸ ' : '  ') + title + more}
      </Text>
      {count === 0 ? (
        <Text wrap="truncate-end" dimColor>
          {'  ' + empty}
        </Text>
      ) : (
        shown.map((row, i) => {
          const index = offset + i;
          const isCursor = index === cursor;
          return (
            <Text
              key={row.key}
              wrap="truncate-end"
              dimColor={row.dim && !isCursor}
              inverse={isCursor && focused}
              bold={isCursor}
              color={row.color ? theme.color(row.color) : undefined}
            >
              {/* Cut long texts before Ink measures them: its per-character width work is most of a frame's cost. */}
              {(isCursor ? '›' : row.match ? '≈' : ' ') + ' ' + row.text.slice(0, width + 8)}
            </Text>
          );
        })
      )}
    </Box>
  );
}
