// The question after a refused edit of a card (store-edit.ts): what was refused, that the card is unchanged, where the
// typed text is kept (the path always shown, wrapped, never cut), and the three ways on. Esc keeps.
import { Box, Text } from 'ink';
import type { RefusedEdit } from './state.js';

export function EditRefused({ editing, width, height }: { editing: RefusedEdit; width: number; height: number }) {
  const lines = [
    `The edited text of ${editing.cardId} was not staged:`,
    `  ${editing.error}`,
    `The card file ${editing.path} is unchanged.`,
    '',
    'Your text is kept in:',
    `  ${editing.copy}`,
    '',
    'e/Enter reopen the editor on it (the error noted on top)',
    'k/Esc keep the copy and go back (e on the card reopens it, this session or the next)',
    'd drop the edit and its copy',
  ];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" borderStyle="round">
      <Text bold>Edit refused</Text>
      {lines.map((line, i) => (
        <Text key={i} wrap="wrap">
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}
