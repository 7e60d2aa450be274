// The home screen (issue 14's inbox): every quest of the home with its coverage, drafts and notes to review and last
// activity, pending work first, and a row for the quirks files. Enter hands the chosen row to the caller (run.tsx
// opens its review and draws this screen again with fresh counts).
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HomeStatus } from '../../core/index.js';
import { keysFromInput } from '../shared/keys/normalize.js';
import { firstTaker } from '../shared/keys/router.js';
import type { KeyHandlers } from '../shared/keys/key-table.js';
import { MIN_COLUMNS, MIN_ROWS } from '../shared/layout.js';
import { makeTheme, ThemeContext, useTheme } from '../shared/theme.js';
import { MouseProvider } from '../shared/mouse/MouseArea.js';
import { hangingHelp, wrapLine, wrapLines } from '../shared/wrap.js';
import { QuestList } from './QuestList.js';
import { framePainted } from '../shared/screen-loop.js';
import { useTerminalSize } from '../shared/useTerminalSize.js';
import { homeBindings, homeHelp, homeKeyBar, type HomeCommand, type HomeModal } from './keys.js';
import { homeHeader, homeRows, rowDetail } from './rows.js';

export type HomeExit = { kind: 'quit' } | { kind: 'open'; target: string } | { kind: 'refresh'; focus: string | null };

export interface HomeAppProps {
  status: HomeStatus;
  /** The row the cursor starts on (the quest the reviewer came back from). */
  focus?: string | null;
  /** A line for the status bar (e.g. what the last review wrote). */
  message?: string | null;
  onExit: (exit: HomeExit) => void;
  env?: NodeJS.ProcessEnv;
  /** Counts the mined patterns when `status.mined` is null (not kept): called once the first frame is drawn. */
  mineLater?: () => number;
}

/** An undo command in the status line: wrapped as one word, so it is never split nor cut. */
const WHOLE = /distill (?:revert|restore) \S+/g;

/** Lines the list leaves to the frame: header, column titles, detail (3), status line, key bar. */
const CHROME_LINES = 7;

export function HomeApp({ env = process.env, ...props }: HomeAppProps) {
  const theme = useMemo(() => makeTheme(env), [env]);
  return (
    <ThemeContext.Provider value={theme}>
      <MouseProvider>
        <HomeScreen {...props} />
      </MouseProvider>
    </ThemeContext.Provider>
  );
}

function HomeScreen({ status: given, focus = null, message = null, onExit, mineLater }: Omit<HomeAppProps, 'env'>) {
  const theme = useTheme();
  const status = useMinedLater(given, mineLater);
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const { columns, rows } = useTerminalSize();
  const [modal, setModal] = useState<HomeModal | null>(null);
  const items = homeRows(status, Math.max(10, columns - 3));
  const [cursor, setCursor] = useState(() => Math.max(0, items.findIndex((r) => r.value === focus)));
  const at = Math.min(cursor, Math.max(0, items.length - 1));
  const highlighted = items[at]?.value ?? '';
  // From the cursor as it is when the key is handled, not as this render saw it: keys that arrive together ("jj")
  // each move one row.
  const clamp = (to: number) => Math.max(0, Math.min(items.length - 1, to));
  const move = (to: (from: number) => number) => (setCursor((c) => clamp(to(clamp(c)))), true);
  const [note, setNote] = useState<string | null>(message);

  const left = useRef(false);
  const leave = (how: HomeExit) => {
    left.current = true;
    onExit(how);
    exit();
  };
  const open = (index: number) => {
    const row = items[index];
    if (row) leave({ kind: 'open', target: row.value });
  };
  const handlers: KeyHandlers<HomeCommand> = {
    'list.down': () => move((c) => c + 1),
    'list.up': () => move((c) => c - 1),
    'list.top': () => move(() => 0),
    'list.bottom': () => move(() => items.length - 1),
    'list.open': () => (open(at), true),
    'app.refresh': () => (leave({ kind: 'refresh', focus: highlighted }), true),
    'app.help': () => (setModal('help'), true),
    'app.warnings': () => (status.warnings.length ? setModal('warnings') : setNote('no warnings'), true),
    'app.quit': () => (leave({ kind: 'quit' }), true),
    'help.close': () => (setModal(null), true),
  };
  useInput(
    (input, key) => {
      for (const name of keysFromInput(input, key)) {
        setNote(null);
        // Every key of a burst is handled; a key that leaves the screen (Enter, r, q) ends it.
        if (firstTaker(homeBindings(modal), name, handlers)) {
          if (left.current) return;
          continue;
        }
        if (!modal && name === 'escape') setNote('this is the home screen: q quits');
      }
    },
    { isActive: Boolean(isRawModeSupported) },
  );

  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return <Text wrap="truncate-end">{`terminal too small (${columns}x${rows}; need ${MIN_COLUMNS}x${MIN_ROWS}) · q quits`}</Text>;
  }
  const height = rows - 1;
  const pending = status.quests.filter((q) => q.error || q.pending.length > 0).length;
  const header = `distill · ${status.quests.length} quest(s), ${pending} with uncovered runs · ${status.home}`;
  const detail = rowDetail(status, highlighted).slice(0, 3);
  const warning = status.warnings.length ? `${status.warnings.length} warning(s) (w lists them): ${status.warnings[0].file}: ${status.warnings[0].message}` : null;
  const room = height - 3;
  // The status line wraps (a review's summary ends with its undo command, kept whole): the list gives way.
  const statusText = (note ?? warning ?? ' ').split('\n').filter((l, i, all) => l || all.length === 1).flatMap((l) => wrapLine(l.replace(WHOLE, (cmd) => cmd.replaceAll(' ', '\u00a0')), columns).map((p) => p.replaceAll('\u00a0', ' ')));
  const statusLines = note ? statusText.slice(0, Math.max(1, height - CHROME_LINES)) : statusText.slice(0, 1);
  const listRows = Math.max(1, height - CHROME_LINES - (statusLines.length - 1));
  return (
    <Box flexDirection="column" height={height} width={columns}>
      <Text bold color={theme.color('cyan')} wrap="truncate-end">
        {header}
      </Text>
      {modal === 'warnings' ? (
        <Box flexDirection="column" height={room}>
          <Text bold>{`Warnings (${status.warnings.length})`}</Text>
          {shownWarnings(status.warnings, room - 1).map((line, i) => (
            <Text key={i} wrap="truncate-end">{`  ${line}`}</Text>
          ))}
        </Box>
      ) : modal === 'help' ? (
        <Box flexDirection="column" height={room}>
          <Text bold>Keys</Text>
          {/* A description too long for the width goes on under the description (column 13), not under the key. */}
          {wrapLines(hangingHelp(homeHelp().map((line) => `  ${line}`), 13), columns).map((line, i) => (
            <Text key={i} wrap="truncate-end">{line.text}</Text>
          ))}
        </Box>
      ) : (
        <>
          <Text dimColor wrap="truncate-end">{homeHeader(status, Math.max(10, columns - 3))}</Text>
          <QuestList rows={items} cursor={at} height={listRows} active={modal === null} onCursor={(i) => (setNote(null), move(() => i))} onOpen={open} />
          <Box flexDirection="column" height={3}>
            {detail.map((line) => (
              <Text key={line} dimColor wrap="truncate-end">{line}</Text>
            ))}
          </Box>
        </>
      )}
      {statusLines.map((line, i) => (
        <Text key={i} wrap="truncate-end" color={note || warning ? theme.color('yellow') : undefined}>
          {line || ' '}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">{homeKeyBar(modal, columns, new Set(items.length ? ['row'] : []))}</Text>
    </Box>
  );
}

/** The status with its mined count: when it was not kept, counted after the first frame is on the terminal. */
function useMinedLater(status: HomeStatus, mineLater: (() => number) | undefined): HomeStatus {
  const [later, setLater] = useState<{ of: HomeStatus; mined: number } | null>(null);
  useEffect(() => {
    if (status.mined !== null || !mineLater) return;
    let live = true;
    void framePainted().then(() => live && setLater({ of: status, mined: mineLater() }));
    return () => {
      live = false;
    };
  }, [status, mineLater]);
  return later?.of === status ? { ...status, mined: later.mined } : status;
}

/** As many warnings as `room` lines hold, the last line saying how many more `distill status` lists. */
function shownWarnings(warnings: HomeStatus['warnings'], room: number): string[] {
  const lines = warnings.map((w) => `${w.file}: ${w.message}`);
  if (lines.length <= room) return lines;
  const shown = Math.max(0, room - 1);
  return [...lines.slice(0, shown), `… ${lines.length - shown} more: distill status lists them all`];
}
