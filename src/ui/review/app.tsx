// The review screen's root: owns input routing and the one exit path.
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StoreContext, useReview, useReviewStore } from './context.js';
import { ThemeContext, makeTheme } from '../shared/theme.js';
import { Header, KeyBar, StatusLine } from './Chrome.js';
import { EditErrorDialog, EmptyDialog, HelpDialog, PlanDialog, QuitDialog, RestoreDialog, WarningsDialog, WriteErrorDialog } from './Dialogs.js';
import { DraftsPane, NeighborsPane, RunsPane } from './Panes.js';
import { Preview } from './Preview.js';
import { useTerminalSize } from '../shared/useTerminalSize.js';
import { commandHandlers } from './commands.js';
import { keysFromInput } from '../shared/keys/normalize.js';
import { routeKey } from '../shared/keys/router.js';
import { computeLayout, MIN_COLUMNS, MIN_ROWS } from '../shared/layout.js';
import { focused, type ReviewStore } from './store.js';
import { keyLabel } from '../shared/keys/table.js';
import { visibleRows } from './view-rows.js';
import { runRowCount } from './lists.js';
import { MouseProvider } from '../shared/mouse/MouseArea.js';
import { pagerTyping } from '../shared/pager/pager-keys.js';
import { currentSearch, pagerView } from './store-pager.js';

export interface ReviewAppProps {
  store: ReviewStore;
  env?: NodeJS.ProcessEnv;
}

export function ReviewApp({ store, env = process.env }: ReviewAppProps) {
  const theme = useMemo(() => makeTheme(env), [env]);
  return (
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={theme}>
        <MouseProvider>
          <Screen />
        </MouseProvider>
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
        // A message lasts until the next key (i17r); "writing…" until the write ends.
        if (s.message && !s.writing && !s.modal) store.setState({ message: null });
        // A pager search being typed takes the keys first (Enter jumps, Esc cancels it).
        const typing = currentSearch(s)?.typing != null ? pagerTyping(name) : null;
        if (typing) {
          if (typing !== 'ignore') s.page(typing);
          continue;
        }
        const taken = routeKey(name, { modal: s.modal, pane: s.focus, zoom: s.zoom, text: (ch) => s.typeText(ch) }, handlers);
        // A long view closed or another opened: its search goes with it (a new view starts without one).
        const after = store.getState();
        if (after.pagerSearch && pagerView(after)?.view !== pagerView(s)?.view) store.setState({ pagerSearch: null });
        // Every key that does nothing here says so (a dialog's other keys are ignored quietly).
        if (!taken && !s.modal) store.setState({ message: `${keyLabel(name)}: nothing to act on here (? lists the keys)` });
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
  const { modal, leaving, zoom, c1, c2, c3 } = useReview(
    useShallow((s) => {
      const [c1, c2, c3] = listCounts(s);
      return { modal: s.modal, leaving: s.exit !== null, zoom: s.zoom, c1, c2, c3 };
    }),
  );
  const layout = computeLayout(columns, rows, [c1, c2, c3], zoom && !modal);
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
  else if (modal === 'warnings') body = <WarningsDialog {...bodyProps} />;
  else if (modal === 'writeError') body = <WriteErrorDialog {...bodyProps} />;
  else {
    const [w1, w2, w3] = layout.paneWidths;
    const [h1, h2, h3] = layout.paneHeights;
    const panes = zoom ? null : layout.wide ? (
      <Box flexDirection="row" height={h1} gap={1}>
        <RunsPane height={h1} width={w1} />
        <DraftsPane height={h1} width={w2} />
        <NeighborsPane height={h1} width={w3} />
      </Box>
    ) : (
      <Box flexDirection="column" height={h1 + h2 + h3}>
        <RunsPane height={h1} width={w1} />
        <DraftsPane height={h2} width={w2} />
        <NeighborsPane height={h3} width={w3} />
      </Box>
    );
    // Write / Discard / Cancel takes the preview's place, so the lists stay in sight.
    const below = modal === 'quit' ? <QuitDialog height={layout.previewHeight} width={w} /> : <Preview height={layout.previewHeight} width={w} />;
    body = (
      <Box flexDirection="column" height={layout.body}>
        {panes}
        {below}
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

/** The item counts of the three lists as shown (the layout sizes each list to its content). */
function listCounts(s: Parameters<typeof focused>[0] & Parameters<typeof visibleRows>[0]): [number, number, number] {
  const f = focused(s);
  const shown = (pane: 'runs' | 'drafts' | 'neighbors', all: number) => visibleRows(s, pane)?.length ?? all;
  return [shown('runs', runRowCount(s.data, s.index)), shown('drafts', f.rows.length), shown('neighbors', f.neighbors.length)];
}
