// A scrolled block of lines, the view of the pager (src/ui/shared/pager): the preview, the write plan, the help, the
// warnings, the lessons screen's card, popups and plan. It wraps long lines, shows the lines from `offset`, and says
// how much is below (`… 12 more lines`). It reports the largest useful offset, its page size and its lines as laid
// out to `onLimits`, so the scroll keys stop at the end and the pager's search runs over what is shown. Given a
// search, matches are drawn inverse (an attribute, kept under NO_COLOR) and the bottom line is the search's.
import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { useTheme } from './theme.js';
import { wrapLines } from './wrap.js';
import { useMouseArea, wheelStep } from './mouse/MouseArea.js';
import { matchesIn, type PagerSearch } from './pager/pager.js';

export interface ViewLine {
  text: string;
  color?: string;
  bold?: boolean;
  /** Wrapped, its continuation lines start at this column (a help line's description). */
  hang?: number;
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
  onLimits?: (max: number, page: number, lines: readonly string[]) => void;
  /** A wheel notch over the view: -1 up, +1 down. */
  onWheel?: (step: number) => void;
  /** The pager's search in this view. */
  search?: PagerSearch | null;
}

const SCROLL_HINT = 'J/K, Ctrl+d/Ctrl+u, PgDn/PgUp scroll';

/** Where a scrolled view stands: the lines shown and the counts above and below. `footer`: the last line is taken. */
export function scrollWindow<T>(all: readonly T[], offset: number, height: number, footer = false) {
  // The title takes a line; the last line says what is below when something is (or holds the search).
  let page = Math.max(1, height - 1);
  if (footer || all.length > page) page = Math.max(1, page - 1);
  const max = Math.max(0, all.length - page);
  const from = Math.max(0, Math.min(offset, max));
  const shown = all.slice(from, from + page);
  return { shown, from, max, page, below: all.length - from - shown.length };
}

/** The search's line: the prompt while typing, else what the last search found; then what is below; then the keys. */
function searchLine(search: PagerSearch, more: string): string {
  const below = more ? ` · ${more}` : '';
  if (search.typing !== null) return `/${search.typing}█${below}  (Enter jumps to it · Esc cancels the search)`;
  return `/${search.query}: ${search.note ?? 'searched'}${below}  (n/N next/previous · / searches again)`;
}

/** A line with its matches of `query` inverse and bold. */
function Marked({ text, query, current }: { text: string; query: string; current: boolean }) {
  const theme = useTheme();
  const hits = matchesIn(text, query);
  if (!hits.length) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [start, end] of hits) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <Text key={start} inverse bold color={current ? theme.color('yellow') : undefined}>
        {text.slice(start, end)}
      </Text>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

export function ScrollView(props: ScrollViewProps) {
  const { title, titleColor = 'magenta', lines, offset, height, width, prewrapped, hint = SCROLL_HINT, onLimits, onWheel, search } = props;
  const theme = useTheme();
  // Wrapped once per text and width, not on every frame (a scroll key only moves the window).
  const all = useMemo(() => (prewrapped ? lines : wrapLines(lines, Math.max(1, width - 1))), [prewrapped, lines, width]);
  const texts = useMemo(() => all.map((l) => l.text), [all]);
  const searching = Boolean(search && (search.typing !== null || search.query));
  const { shown, from, max, page, below } = scrollWindow(all, offset, height, searching);
  useEffect(() => onLimits?.(max, page, texts), [onLimits, max, page, texts]);
  const area = useMouseArea(onWheel ? (event) => event.kind !== 'press' && onWheel(wheelStep(event)) : undefined);
  if (height <= 0) return null;
  const position = from > 0 || below > 0 ? `  (${from + 1}-${from + shown.length}/${all.length})` : '';
  const more = below > 0 ? `… ${below} more line${below === 1 ? '' : 's'}` : '';
  const query = search?.query ?? '';
  return (
    <Box ref={area} flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate-end" bold color={theme.color(titleColor)}>
        {'─ ' + title + position}
      </Text>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={line.bold} color={line.color ? theme.color(line.color) : undefined}>
          {line.text === '' ? ' ' : <Marked text={line.text.slice(0, width + 8)} query={query} current={search?.at === from + i} />}
        </Text>
      ))}
      {searching && search ? (
        <Text wrap="truncate-end" bold>
          {searchLine(search, more)}
        </Text>
      ) : below > 0 ? (
        <Text wrap="truncate-end" dimColor>
          {`${more} (${hint})`}
        </Text>
      ) : null}
    </Box>
  );
}
