// Parts of the lessons screen apart from the cluster columns: the all-cards list with the focused card's fields, the
// scrolling views (the whole card, the write plan, the help), and the small popup a confirm opens under the cards.
import { Box, Text } from 'ink';
import type { CardMeta } from '../../core/index.js';
import { ListPane } from '../shared/ListPane.js';
import { useMouseArea, wheelStep } from '../shared/mouse/MouseArea.js';
import { SelectList, type SelectChoice } from '../shared/SelectList.js';
import { useTheme } from '../shared/theme.js';
import { wrapText, type CardSort } from './all-cards.js';

export interface AllCardsProps {
  all: number;
  visible: readonly CardMeta[];
  cursor: number;
  query: string;
  sort: CardSort;
  occurrences: ReadonlyMap<string, number> | null;
  marks: readonly string[];
  staged: (path: string) => boolean;
  width: number;
  height: number;
  onClick?: (item: number | null) => void;
  onWheel?: (step: number) => void;
}

/** A list row: mark, staged and ignored badges before the title (narrow widths keep them), the sort key. */
export function allCardsRow(card: CardMeta, p: Pick<AllCardsProps, 'sort' | 'occurrences' | 'marks' | 'staged'>): string {
  const badges = `${p.marks.includes(card.path) ? '+' : ' '}${p.staged(card.path) ? '*' : ' '}${card.ignored ? '(ignored) ' : ''}`;
  const key = p.sort === 'updated' ? `${(card.updatedAt ?? '-').slice(0, 10).padEnd(10)} ` : p.sort === 'occurrences' ? `×${p.occurrences?.get(card.path) ?? 1} ` : '';
  return `${badges}${key}${card.title}`;
}

export function AllCardsView(props: AllCardsProps) {
  const { visible, cursor, query, width, height } = props;
  const left = Math.min(60, Math.max(30, Math.floor(width * 0.45)));
  const count = query ? `${visible.length}/${props.all} /${query}` : `${props.all}`;
  const card = visible[cursor];
  return (
    <Box flexDirection="row" height={height} gap={1}>
      <ListPane
        title={`All cards (${count}) · by ${props.sort}`}
        focused
        count={visible.length}
        cursor={cursor}
        height={height}
        width={left}
        empty={query ? `no card matches /${query} (Esc clears)` : 'no cards'}
        onClick={props.onClick}
        onWheel={props.onWheel}
        row={(i) => {
          const c = visible[i];
          return { key: c.path, text: allCardsRow(c, props), dim: c.ignored, color: props.staged(c.path) ? 'green' : undefined };
        }}
      />
      {card ? <CardSummary card={card} width={width - left - 1} height={height} occurrences={props.occurrences?.get(card.path)} /> : null}
    </Box>
  );
}

function CardSummary({ card, width, height, occurrences }: { card: CardMeta; width: number; height: number; occurrences?: number }) {
  const lines = [
    ...wrapText(card.title, width, 3),
    `${card.id ?? '(no id)'} · ${card.kindDir}${card.ignored ? ' · ignored' : ''}`,
    `updated ${card.updatedAt ?? '-'}${occurrences ? ` · occurrences ${occurrences}` : ''}`,
    ...wrapText(`tags: ${card.tags.join(', ') || '-'}`, width, 3),
    ...wrapText(`keywords: ${card.keywords.join(', ') || '-'}`, width, 2),
    ...wrapText(`claim: ${card.claim ?? '-'}`, width, 6),
    '',
    ...wrapText(card.excerpt, width, 6),
    '',
    'Enter: the whole card',
  ];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {lines.slice(0, height).map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={i === 0}>
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}

/**
 * Lines from `scroll` on, as many as fit under the title; the last row says how much is below. Long lines are cut:
 * diffs and card text keep their columns.
 */
interface ScrollViewProps {
  title: string;
  lines: readonly string[];
  scroll: number;
  width: number;
  height: number;
  onWheel?: (step: number) => void;
}

export function ScrollView({ title, lines, scroll, width, height, onWheel }: ScrollViewProps) {
  const theme = useTheme();
  const area = useMouseArea(onWheel ? (event) => event.kind !== 'press' && onWheel(wheelStep(event)) : undefined);
  const room = Math.max(1, height - 1);
  const from = Math.max(0, Math.min(scroll, Math.max(0, lines.length - room)));
  const below = lines.length - from - room;
  const shown = lines.slice(from, from + (below > 0 ? room - 1 : room));
  return (
    <Box ref={area} flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate-end" bold color={theme.color('cyan')}>
        {title}
      </Text>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end" color={diffColor(line, theme)}>
          {line.slice(0, width + 2) || ' '}
        </Text>
      ))}
      {below > 0 ? <Text dimColor>{`… ${below + 1} more lines (j/k, PgDn/PgUp)`}</Text> : null}
    </Box>
  );
}

function diffColor(line: string, theme: ReturnType<typeof useTheme>): string | undefined {
  if (line.startsWith('+') && !line.startsWith('+++')) return theme.color('green');
  if (line.startsWith('-') && !line.startsWith('---')) return theme.color('red');
  return undefined;
}

/** A bordered popup of `height` rows: the question first, then the detail lines from `scroll`. */
export function Popup({ question, lines, footer, scroll, width, height, onWheel }: { question: string; lines: readonly string[]; footer: string; scroll: number; width: number; height: number; onWheel?: (step: number) => void }) {
  const inner = Math.max(1, width - 4);
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" paddingX={1} overflow="hidden">
      <Text wrap="truncate-end" bold>
        {question.slice(0, inner + 2)}
      </Text>
      <ScrollView title={footer} lines={lines} scroll={scroll} width={inner} height={Math.max(1, height - 3)} onWheel={onWheel} />
    </Box>
  );
}

type QuitChoice = 'write' | 'discard' | 'cancel';
const QUIT_CHOICES: readonly SelectChoice<QuitChoice>[] = [
  { label: 'Write the staged actions, then quit (w)', value: 'write' },
  { label: 'Discard them and quit (d)', value: 'discard' },
  { label: 'Cancel, back to the cards (c)', value: 'cancel' },
];

/** Quitting with actions staged: Write / Discard / Cancel, chosen with j/k and Enter or by their letters. */
export function QuitPopup({ width, onSelect }: { width: number; onSelect: (choice: QuitChoice) => void }) {
  return (
    <Box flexDirection="column" width={width} height={6} borderStyle="round" paddingX={1} overflow="hidden">
      <Text bold>Actions are staged and not written.</Text>
      <SelectList choices={QUIT_CHOICES} active onSelect={onSelect} />
    </Box>
  );
}
