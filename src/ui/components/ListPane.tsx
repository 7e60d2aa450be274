// A titled, windowed list: only the rows that fit are drawn; the window follows the cursor.
import { Box, Text } from 'ink';
import { useRef } from 'react';
import { useTheme } from '../context.js';
import { windowOffset } from '../widgets/window.js';

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
  rows: ListRow[];
  cursor: number;
  height: number;
  width: number;
  empty: string;
}

export function ListPane({ title, focused, rows, cursor, height, width, empty }: ListPaneProps) {
  const theme = useTheme();
  const offsetRef = useRef(0);
  const visible = Math.max(0, height - 1);
  const offset = windowOffset(offsetRef.current, cursor, visible, rows.length);
  offsetRef.current = offset;
  const shown = rows.slice(offset, offset + visible);
  const more = rows.length > visible ? ` ${offset + 1}-${offset + shown.length}/${rows.length}` : '';
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate-end" bold={focused} color={focused ? theme.color('cyan') : undefined} inverse={false}>
        {(focused ? '▸ ' : '  ') + title + more}
      </Text>
      {rows.length === 0 ? (
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
              {(isCursor ? '›' : row.match ? '≈' : ' ') + ' ' + row.text}
            </Text>
          );
        })
      )}
    </Box>
  );
}
