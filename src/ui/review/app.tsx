// The review screen's root: owns input routing and the one exit path.
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StoreContext, useReview, useReviewStore } from './context.js';
import { ThemeContext, makeTheme } from '../shared/theme.js';
import { Header, KeyBar, StatusLine } from './Chrome.js';
import { EditErrorDialog, EmptyDialog, HelpDialog, PlanDialog, RestoreDialog } from './Dialogs.js';
import { DraftsPane, NeighborsPane, RunsPane } from './Panes.js';
import { Preview } from './Preview.js';
import { useTerminalSize } from '../shared/useTerminalSize.js';
import { commandHandlers } from './commands.js';
import { keysFromInput } from '../shared/keys/normalize.js';
import { routeKey } from '../shared/keys/router.js';
import { computeLayout, MIN_COLUMNS, MIN_ROWS } from '../shared/layout.js';
import type { ReviewStore } from './store.js';

export interface ReviewAppProps {
  store: ReviewStore;
  env?: NodeJS.ProcessEnv;
}

export function ReviewApp({ store, env = process.env }: ReviewAppProps) {
  const theme = useMemo(() => makeTheme(env), [env]);
  return (
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={theme}>
        <Screen />
      </ThemeContext.Provider>
    </StoreContext.Provider>
  );
}

function useKeyRouter() {
  const store = useReviewStore();
  const { isRawModeSupported } = useStdin();
  const handlers = useMemo(() => commandHandlers(store), [store]);
  useInput(
    (input, key) => {
      for (const name of keysFromInput(input, key)) {
        const s = store.getState();
        if (s.exit) return;
        routeKey(name, { modal: s.modal, pane: s.focus, text: (ch) => s.typeText(ch) }, handlers);
      }
    },
    { isActive: Boolean(isRawModeSupported) },
  );
}

function useExitOnRequest() {
  const store = useReviewStore();
  const { exit } = useApp();
  const request = useReview((s) => s.exit);
  useEffect(() => {
    if (request) exit();
  }, [request, exit, store]);
}

function Screen() {
  useKeyRouter();
  useExitOnRequest();
  const { columns, rows } = useTerminalSize();
  const layout = computeLayout(columns, rows);
  const { modal, leaving } = useReview(useShallow((s) => ({ modal: s.modal, leaving: s.exit !== null })));
  // Leaving (quit, or handing the terminal to $EDITOR): the last frame is empty, so nothing stale stays on screen.
  if (leaving) return null;
  if (layout.tooSmall) {
    return (
      <Text wrap="truncate-end">{`terminal too small (${columns}x${rows}; need ${MIN_COLUMNS}x${MIN_ROWS}) · q quits`}</Text>
    );
  }
  const w = layout.columns;
  const bodyProps = { height: layout.body, width: w };
  let body;
  if (modal === 'help') body = <HelpDialog {...bodyProps} />;
  else if (modal === 'write') body = <PlanDialog {...bodyProps} />;
  else if (modal === 'restore') body = <RestoreDialog {...bodyProps} />;
  else if (modal === 'empty') body = <EmptyDialog {...bodyProps} />;
  else if (modal === 'editError') body = <EditErrorDialog {...bodyProps} />;
  else {
    const [w1, w2, w3] = layout.paneWidths;
    const h = layout.paneHeight;
    const panes = layout.wide ? (
      <Box flexDirection="row" height={h} gap={1}>
        <RunsPane height={h} width={w1} />
        <DraftsPane height={h} width={w2} />
        <NeighborsPane height={h} width={w3} />
      </Box>
    ) : (
      <Box flexDirection="column" height={h * 3}>
        <RunsPane height={h} width={w1} />
        <DraftsPane height={h} width={w2} />
        <NeighborsPane height={h} width={w3} />
      </Box>
    );
    body = (
      <Box flexDirection="column" height={layout.body}>
        {panes}
        <Preview height={layout.previewHeight} width={w} />
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={layout.height} width={w}>
      <Header width={w} />
      {body}
      <StatusLine width={w} />
      <KeyBar width={w} />
    </Box>
  );
}
