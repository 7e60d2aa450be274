// The cards of a cluster side by side, with what differs between them: a field whose value is not the same on every
// card is marked `≠` (yellow), list items that not every card has are listed as `only here`. Columns are aligned field
// by field (a field takes the rows of its longest value on any card, wrapped); at narrow widths the cards stack.
import { Box, Text } from 'ink';
import { type CardMeta, type Cluster } from '../../core/index.js';
import { useMouseArea, wheelStep } from '../shared/mouse/MouseArea.js';
import { useTheme } from '../shared/theme.js';
import { windowOffset } from '../shared/window.js';
import { wrapText } from './all-cards.js';
import { confidenceText, pairLines } from './pair-lines.js';

export interface CardLine {
  text: string;
  differs?: boolean;
  bold?: boolean;
}

function shared(values: readonly string[][]): Set<string> {
  const [first, ...rest] = values;
  return new Set((first ?? []).filter((v) => rest.every((list) => list.includes(v))));
}

/** One card's fields, each a list of lines, in the same order and number for every card (for alignment): pure. */
export function cardFields(card: CardMeta, cluster: Cluster, extra: { created: string | null; markers: string[] }): CardLine[][] {
  const all = cluster.cards;
  const same = <T,>(get: (c: CardMeta) => T) => all.every((c) => JSON.stringify(get(c)) === JSON.stringify(get(card)));
  const list = (label: string, get: (c: CardMeta) => string[]): CardLine[] => {
    const common = shared(all.map(get));
    const only = get(card).filter((v) => !common.has(v));
    const out: CardLine[] = [{ text: `${label}: ${get(card).join(', ') || '-'}`, differs: !same(get) }];
    if (only.length) out.push({ text: `  only here: ${only.join(', ')}`, differs: true });
    return out;
  };
  return [
    extra.markers.length ? [{ text: `staged: ${extra.markers.join(', ')}`, differs: true }] : [],
    [{ text: card.title, differs: !same((c) => c.title), bold: true }],
    // To the minute: the seconds and the zone cost a wrapped row in a narrow column.
    [{ text: `created ${extra.created?.slice(0, 16) ?? '-'}` }],
    [{ text: `updated ${card.updatedAt?.slice(0, 16) ?? '-'}`, differs: !same((c) => c.updatedAt) }],
    list('tags', (c) => c.tags),
    list('keywords', (c) => c.keywords),
    list('runs', (c) => c.lineageRuns),
    [{ text: `claim: ${card.claim ?? '-'}`, differs: !same((c) => c.claim) }],
    [{ text: card.excerpt, differs: !same((c) => c.excerpt) }],
  ];
}

/** The first line of a card's column or stack: focus marker (the review's `›`), mark box, id. */
export function cardHead(card: CardMeta, cluster: Cluster, focused: boolean, marked: boolean): string {
  return `${focused ? '›' : ' '} ${marked ? '[x]' : '[ ]'} ${card.id}${cluster.cards[0] === card ? ' (oldest)' : ''}`;
}

/**
 * A field's lines wrapped to the column, at most 4 rows per line, behind a 2-column gutter (`≠ ` on a differing
 * field's first row): every row of a field, wrapped ones included, starts in the same column, below the card's `[ ]`,
 * and a line's own indent (`  only here:`) is kept on each of its rows.
 */
export function wrapped(lines: CardLine[], width: number): CardLine[] {
  return lines.flatMap((line) => {
    const indent = /^ */.exec(line.text)![0];
    const rows = wrapText(line.text.slice(indent.length), width - 2 - indent.length, 4);
    return rows.map((text, i) => ({ ...line, text: `${i === 0 && line.differs ? '≠ ' : '  '}${indent}${text}` }));
  });
}

export interface CardColumnsProps {
  cluster: Cluster;
  cursor: number;
  focused: boolean;
  width: number;
  height: number;
  marks: readonly string[];
  markers: (path: string) => string[];
  created: (card: CardMeta) => string | null;
  /** A click on a card's column: its index in the cluster (null when the cards are stacked). */
  onClick?: (index: number | null) => void;
  onWheel?: (step: number) => void;
}

const COLUMN_MIN = 30;

function Line({ line, width }: { line: CardLine; width: number }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end" bold={line.bold} color={line.differs ? theme.color('yellow') : undefined}>
      {line.text.slice(0, width + 2) || ' '}
    </Text>
  );
}

export function CardColumns({ cluster, cursor, focused, width, height, marks, markers, created, onClick, onWheel }: CardColumnsProps) {
  const theme = useTheme();
  const fit = Math.max(1, Math.min(cluster.cards.length, Math.floor((width + 1) / (COLUMN_MIN + 1))));
  const stacked = fit === 1 && cluster.cards.length > 1;
  const offset = windowOffset(0, cursor, fit, cluster.cards.length);
  const shown = stacked ? cluster.cards.slice(cursor) : cluster.cards.slice(offset, offset + fit);
  const colWidth = stacked ? width : Math.floor((width - (fit - 1)) / fit);
  const area = useMouseArea((event) => {
    if (event.kind !== 'press') return onWheel?.(wheelStep(event));
    const column = Math.floor(event.x / (colWidth + 1));
    onClick?.(stacked || column >= shown.length ? null : offset + column);
  });
  // Every pair of the cluster's cards with its grade and the reasons for and against, in up to about half the rows.
  const links = [
    { text: `${confidenceText(cluster)}:`, against: false },
    ...pairLines(cluster, width - 2, Math.max(3, Math.floor((height - 1) * 0.45) - 1)),
  ];
  const more = stacked ? ` (stacked: ${cursor + 1} of ${cluster.cards.length})` : cluster.cards.length > fit ? ` (${offset + 1}-${offset + shown.length} of ${cluster.cards.length})` : '';
  const fields = shown.map((card) => cardFields(card, cluster, { created: created(card), markers: markers(card.path) }).map((f) => wrapped(f, colWidth)));
  const heads = shown.map((card) => cardHead(card, cluster, focused && cluster.cards.indexOf(card) === cursor, marks.includes(card.path)));
  const headStyle = (i: number) => ({ bold: true, inverse: focused && cluster.cards.indexOf(shown[i]) === cursor });
  let body;
  if (stacked) {
    // One card under another, from the focused one on; a blank row between cards.
    const rows: { line: CardLine; head?: number; key: string }[] = [];
    shown.forEach((card, i) => {
      if (i) rows.push({ line: { text: '' }, key: `gap${i}` });
      rows.push({ line: { text: heads[i], bold: true }, head: i, key: `h${i}` });
      fields[i].flat().forEach((line, j) => rows.push({ line, key: `${i}.${j}` }));
    });
    const room = Math.max(0, height - 1 - links.length);
    const cut = rows.length > room ? Math.max(0, room - 1) : room;
    body = rows.slice(0, cut).map((r) =>
      r.head !== undefined ? (
        <Text key={r.key} wrap="truncate-end" {...headStyle(r.head)}>
          {r.line.text.slice(0, width + 2)}
        </Text>
      ) : (
        <Line key={r.key} line={r.line} width={width} />
      ),
    );
    if (rows.length > room) body.push(<Text key="more" dimColor>{`… ${rows.length - cut} more lines (j: next card)`}</Text>);
  } else {
    let left = Math.max(0, height - 2 - links.length);
    const fieldRows = [];
    for (let f = 0; f < fields[0].length && left > 0; f++) {
      const rowH = Math.min(left, Math.max(...fields.map((c) => c[f].length)));
      if (rowH === 0) continue;
      left -= rowH;
      fieldRows.push(
        <Box key={f} flexDirection="row" gap={1} height={rowH}>
          {fields.map((c, i) => (
            <Box key={shown[i].path} flexDirection="column" width={colWidth} height={rowH} overflow="hidden">
              {c[f].slice(0, rowH).map((line, j) => <Line key={j} line={line} width={colWidth} />)}
            </Box>
          ))}
        </Box>,
      );
    }
    body = [
      <Box key="heads" flexDirection="row" gap={1} height={1}>
        {heads.map((h, i) => (
          <Box key={shown[i].path} width={colWidth}>
            <Text wrap="truncate-end" {...headStyle(i)}>{h.slice(0, colWidth + 2)}</Text>
          </Box>
        ))}
      </Box>,
      ...fieldRows,
    ];
  }
  return (
    <Box ref={area} flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate-end" bold={focused} color={focused ? theme.color('cyan') : undefined}>
        {`${focused ? '▸ ' : '  '}Cluster of ${cluster.cards.length} ${cluster.kind} cards${more}`}
      </Text>
      {links.map((line, i) => (
        <Text key={i} wrap="truncate-end" dimColor={!line.against} color={line.against ? theme.color('yellow') : undefined}>
          {'  ' + line.text}
        </Text>
      ))}
      {body}
    </Box>
  );
}
