// The question after a refused edit of a card (store-edit.ts): what was refused, that the card is unchanged, where the
// typed text is kept (the path always shown, wrapped, first, never cut), and the three ways on. Esc keeps. No line shrinks:
// on a short terminal Ink would squeeze lines to nothing (the title and 'Your text is kept in:' went at 60x20); the
// box cuts at its bottom instead, where the key bar repeats the keys.
import { Box, Text } from 'ink';
import type { RefusedEdit } from './state.js';

export function EditRefused({ editing, width, height }: { editing: RefusedEdit; width: number; height: number }) {
  // Where the text is kept comes first: on a short terminal with long paths, what is cut at the bottom is the error
  // (also on the status line) and the keys (also on the key bar), never the copy's path.
  const lines = [
    `The edited text of ${editing.cardId} was not staged. Your text is kept in:`,
    `  ${editing.copy}`,
    '',
    `Why: ${editing.error}`,
    `The card file ${editing.path} is unchanged.`,
    '',
    'e/Enter reopen the editor on it (the error noted on top)',
    'k/Esc keep the copy and go back (e on the card reopens it, this session or the next)',
    'd drop the edit and its copy',
  ];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" borderStyle="round">
      <Box flexShrink={0}>
        <Text bold>Edit refused</Text>
      </Box>
      {lines.map((line, i) => (
        <Box key={i} flexShrink={0}>
          <Text wrap="wrap">{line || ' '}</Text>
        </Box>
      ))}
    </Box>
  );
}
