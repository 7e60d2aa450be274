// A scrolled block of lines (the preview, the write plan, the help, the warnings): wraps long lines, shows the lines
// from `offset`, and says how much is below (`… 12 more lines`). It reports the largest useful offset and its page
// size to `onLimits`, so the scroll keys stop at the end.
import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { useTheme } from './theme.js';
import { wrapLines } from './wrap.js';
import { useMouseArea, wheelStep } from './mouse/MouseArea.js';

export interface ViewLine {
  text: string;
  color?: string;
  bold?: boolean;
}

export interface ScrollViewProps {
  title: string;
  titleColor?: string;
  lines: readonly ViewLine[];
  offset: number;
  height: number;
  width: number;
  /** Lines are already laid out for the width (side-by-side columns): cut, not wrapped. */
  prewrapped?: boolean;
  /** The scroll keys named on the `… N more lines` row. */
  hint?: string;
  onLimits?: (max: number, page: number) => void;
  /** A wheel notch over the view: -1 up, +1 down. */
  onWheel?: (step: number) => void;
}

const SCROLL_HINT = 'J/K, Ctrl+d/Ctrl+u, PgDn/PgUp scroll';

/** Where a scrolled view stands: the lines shown and the counts above and below. */
export function scrollWindow<T>(all: readonly T[], offset: number, height: number) {
  // The title takes a line; the last line says what is below when something is.
  let page = Math.max(1, height - 1);
  if (all.length > page) page = Math.max(1, page - 1);
  const max = Math.max(0, all.length - page);
  const from = Math.max(0, Math.min(offset, max));
  const shown = all.slice(from, from + page);
  return { shown, from, max, page, below: all.length - from - shown.length };
}

export function ScrollView(props: ScrollViewProps) {
  const { title, titleColor = 'magenta', lines, offset, height, width, prewrapped, hint = SCROLL_HINT, onLimits, onWheel } = props;
  const theme = useTheme();
  // Wrapped once per text and width, not on every frame (a scroll key only moves the window).
  const all = useMemo(() => (prewrapped ? lines : wrapLines(lines, Math.max(1, width - 1))), [prewrapped, lines, width]);
  const { shown, from, max, page, below } = scrollWindow(all, offset, height);
  useEffect(() => onLimits?.(max, page), [onLimits, max, page]);
  const area = useMouseArea(onWheel ? (event) => event.kind !== 'press' && onWheel(wheelStep(event)) : undefined);
  if (height <= 0) return null;
  const position = from > 0 || below > 0 ? `  (${from + 1}-${from + shown.length}/${all.length})` : '';
  return (
    <Box ref={area} flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate-end" bold color={theme.color(titleColor)}>
        {'─ ' + title + position}
      </Text>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={line.bold} color={line.color ? theme.color(line.color) : undefined}>
          {line.text === '' ? ' ' : line.text.slice(0, width + 8)}
        </Text>
      ))}
      {below > 0 ? (
        <Text wrap="truncate-end" dimColor>
          {`… ${below} more line${below === 1 ? '' : 's'} (${hint})`}
        </Text>
      ) : null}
    </Box>
  );
}
