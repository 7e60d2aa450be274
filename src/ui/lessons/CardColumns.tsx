// The cards of a cluster side by side, with what differs between them: a field whose value is not the same on every
// card is marked `≠` (yellow), list items that not every card has are listed as `only here`.
import { Box, Text } from 'ink';
import { type CardMeta, type Cluster } from '../../core/index.js';
import { useTheme } from '../shared/theme.js';
import { windowOffset } from '../shared/window.js';

export interface CardLine {
  text: string;
  differs?: boolean;
  bold?: boolean;
}

function shared(values: readonly string[][]): Set<string> {
  const [first, ...rest] = values;
  return new Set((first ?? []).filter((v) => rest.every((list) => list.includes(v))));
}

/** The lines of one card's column: pure, for tests. */
export function cardLines(card: CardMeta, cluster: Cluster, extra: { created: string | null; marked: boolean; markers: string[] }): CardLine[] {
  const all = cluster.cards;
  const same = <T,>(get: (c: CardMeta) => T) => all.every((c) => JSON.stringify(get(c)) === JSON.stringify(get(card)));
  const list = (label: string, get: (c: CardMeta) => string[]): CardLine[] => {
    const common = shared(all.map(get));
    const mine = get(card);
    const only = mine.filter((v) => !common.has(v));
    const out: CardLine[] = [{ text: `${label}: ${mine.join(', ') || '-'}`, differs: !same(get) }];
    if (only.length) out.push({ text: `  only here: ${only.join(', ')}`, differs: true });
    return out;
  };
  const survivor = all[0] === card;
  return [
    { text: `${extra.marked ? '[x]' : '[ ]'} ${card.id}${survivor ? ' (oldest)' : ''}`, bold: true },
    ...(extra.markers.length ? [{ text: `staged: ${extra.markers.join(', ')}`, differs: true }] : []),
    { text: card.title, differs: !same((c) => c.title), bold: true },
    { text: `created ${extra.created ?? '-'}` },
    { text: `updated ${card.updatedAt ?? '-'}`, differs: !same((c) => c.updatedAt) },
    ...list('tags', (c) => c.tags),
    ...list('keywords', (c) => c.keywords),
    ...list('runs', (c) => c.lineageRuns),
    { text: `claim: ${card.claim ?? '-'}`, differs: !same((c) => c.claim) },
    { text: card.excerpt, differs: !same((c) => c.excerpt) },
  ];
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
}

const COLUMN_MIN = 30;

export function CardColumns({ cluster, cursor, focused, width, height, marks, markers, created }: CardColumnsProps) {
  const theme = useTheme();
  const fit = Math.max(1, Math.min(cluster.cards.length, Math.floor((width + 1) / (COLUMN_MIN + 1))));
  const offset = windowOffset(0, cursor, fit, cluster.cards.length);
  const shown = cluster.cards.slice(offset, offset + fit);
  const colWidth = Math.floor((width - (fit - 1)) / fit);
  const links = cluster.links.slice(0, 2).map((l) => `${l.a} ~ ${l.b} ${l.score.toFixed(2)}: ${l.reasons.join('; ')}`);
  const more = cluster.cards.length > fit ? ` (${offset + 1}-${offset + shown.length} of ${cluster.cards.length})` : '';
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate-end" bold={focused} color={focused ? theme.color('cyan') : undefined}>
        {`${focused ? '▸ ' : '  '}Cluster of ${cluster.cards.length} ${cluster.kind} cards${more}`}
      </Text>
      {links.map((line, i) => (
        <Text key={i} wrap="truncate-end" dimColor>
          {'  ' + line.slice(0, width + 8)}
        </Text>
      ))}
      <Box flexDirection="row" gap={1} height={height - 1 - links.length} overflow="hidden">
        {shown.map((card, i) => {
          const isCursor = offset + i === cursor;
          const lines = cardLines(card, cluster, { created: created(card), marked: marks.includes(card.path), markers: markers(card.path) });
          return (
            <Box key={card.path} flexDirection="column" width={colWidth} overflow="hidden">
              {lines.map((line, j) => (
                <Text
                  key={j}
                  wrap="truncate-end"
                  bold={line.bold}
                  inverse={j === 0 && isCursor && focused}
                  color={line.differs ? theme.color('yellow') : undefined}
                >
                  {/* The cursor is marked in text too: inverse alone is lost without colour support. */}
                  {(j === 0 && isCursor && focused ? '› ' : '') + (line.differs && j > 0 ? '≠ ' : '') + line.text.slice(0, colWidth + 8)}
                </Text>
              ))}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
