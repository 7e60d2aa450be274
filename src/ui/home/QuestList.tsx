// The home screen's list of quests: the screen owns the cursor (its key table moves it), the list draws the window
// around it, and takes the mouse as the other screens' lists do: a click puts the cursor on the row, a click on the
// highlighted row opens it, the wheel moves the cursor a row a notch.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useMouseArea, wheelStep } from '../shared/mouse/MouseArea.js';
import { windowOffset } from '../shared/window.js';
import type { HomeRow } from './rows.js';

export interface QuestListProps {
  rows: readonly HomeRow[];
  cursor: number;
  height: number;
  active: boolean;
  onCursor: (index: number) => void;
  onOpen: (index: number) => void;
}

export function QuestList({ rows, cursor, height, active, onCursor, onOpen }: QuestListProps) {
  // The window follows the cursor (React's pattern for state derived from a changed prop, as ListPane does).
  const [shownFrom, setShownFrom] = useState(0);
  const top = windowOffset(shownFrom, cursor, height, rows.length);
  if (top !== shownFrom) setShownFrom(top);
  const area = useMouseArea((event) => {
    if (!active) return;
    if (event.kind !== 'press') {
      const step = wheelStep(event);
      if (step) onCursor(Math.max(0, Math.min(rows.length - 1, cursor + step)));
      return;
    }
    const index = top + event.y;
    if (index >= rows.length) return;
    if (index === cursor) onOpen(index);
    else onCursor(index);
  });
  return (
    <Box ref={area} height={height} flexDirection="column" overflow="hidden">
      {rows.length === 0 ? <Text>no quests in this home</Text> : null}
      {rows.slice(top, top + height).map((row, i) => (
        <Text key={row.value} bold={top + i === cursor} wrap="truncate-end">
          {`${top + i === cursor ? '›' : ' '} ${row.label}`}
        </Text>
      ))}
    </Box>
  );
}
