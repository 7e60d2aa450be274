// Parts of the lessons screen apart from the cluster columns: the all-cards list with the focused card's fields, the
// scrolling views (the whole card, the write plan, the help), and the small popup a confirm opens under the cards.
import { Box, Text } from 'ink';
import type { CardMeta } from '../../core/index.js';
import { useMemo } from 'react';
import { ListPane } from '../shared/ListPane.js';
import { ScrollView } from '../shared/ScrollView.js';
import { hangingHelp, wrapLine, wrapLines } from '../shared/wrap.js';
import type { PagerSearch } from '../shared/pager/pager.js';
import { PAGER_HINT } from '../shared/pager/pager-keys.js';
import { SelectList, type SelectChoice } from '../shared/SelectList.js';
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
  const badges = `${p.marks.includes(card.path) ? '+' : ' '}${p.staged(card.path) ? '*' : ' '}${card.ignored ? '(ignored) ' : ''}${card.state ? '(state) ' : ''}`;
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
    `${card.id ?? '(no id)'} · ${card.kindDir}${card.ignored ? ' · ignored' : ''}${card.state ? ' · state card (checkpoint)' : ''}`,
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
 * Text lines (a card, the write plan's diffs, the help) in the shared scrolled view, the pager's (j/k g/G / n N):
 * long lines wrap as the review's do, a wrapped diff line keeping its colour; added and removed diff lines colored.
 * `onLimits` tells the store where scrolling stops and what the search runs over.
 */
export function TextView({ title, lines, scroll, width, height, onLimits, onWheel, search, hang }: TextViewProps) {
  const shown = useMemo(
    () => (hang ? hangingHelp(lines, hang) : lines.map((text) => ({ text, hang: 0 }))).map((l) => ({ ...l, color: diffColor(l.text) })),
    [lines, hang],
  );
  return <ScrollView title={title} titleColor="cyan" lines={shown} offset={scroll} width={width} height={height} hint={PAGER_HINT} onLimits={onLimits} onWheel={onWheel} search={search} />;
}

export interface TextViewProps {
  title: string;
  lines: readonly string[];
  scroll: number;
  width: number;
  height: number;
  onLimits: (max: number, page: number, lines: readonly string[]) => void;
  /** A wheel notch over the view: -1 up, +1 down. */
  onWheel?: (step: number) => void;
  search?: PagerSearch | null;
  /** Help lines: wrapped descriptions go on at this column (wrap.ts hangingHelp). */
  hang?: number;
}

function diffColor(line: string): string | undefined {
  if (line.startsWith('+') && !line.startsWith('+++')) return 'green';
  if (line.startsWith('-') && !line.startsWith('---')) return 'red';
  return undefined;
}

/** The columns a popup's text gets inside its border and padding. */
export const popupInner = (width: number) => Math.max(1, width - 4);

/** The rows a popup's question takes, wrapped to its width (never cut). */
export function questionRows(question: string, width: number): string[] {
  return wrapLine(question, popupInner(width));
}

/** The rows a popup wants: its question and detail lines as wrapped, the view's title line and the border. */
export function popupRows(question: string, lines: readonly string[], width: number): number {
  const inner = popupInner(width);
  return questionRows(question, width).length + wrapLines(lines.map((text) => ({ text })), Math.max(1, inner - 1)).length + 3;
}

/** A bordered popup of `height` rows: the question first (wrapped), then the detail lines from `scroll`. */
export function Popup({ question, footer, width, height, ...view }: { question: string; footer: string } & Omit<TextViewProps, 'title'>) {
  const inner = popupInner(width);
  const asked = questionRows(question, width);
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" paddingX={1} overflow="hidden">
      {asked.map((line, i) => (
        <Text key={i} wrap="truncate-end" bold>
          {line}
        </Text>
      ))}
      <TextView title={footer} {...view} width={inner} height={Math.max(1, height - 2 - asked.length)} />
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
