// The lessons screen: clusters of likely duplicates (largest first) on the left, the focused cluster's cards side by
// side on the right with their differences; or (v) the list of all cards with search and sort. A status line and a
// key bar drawn from the key table. The frame follows the review's layout rules (src/ui/shared/layout.ts).
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { ThemeContext, makeTheme, useTheme } from '../shared/theme.js';
import { ListPane } from '../shared/ListPane.js';
import { useTerminalSize } from '../shared/useTerminalSize.js';
import { keysFromInput } from '../shared/keys/normalize.js';
import { computeLayout, MIN_COLUMNS, MIN_ROWS } from '../shared/layout.js';
import { CardColumns } from './CardColumns.js';
import { keyBar, lessonsHelpLines, routeLessonsKey, type LessonsCommand } from './keys.js';
import { HELP_COLUMN } from '../shared/keys/table.js';
import { AllCardsView, Popup, popupRows, QuitPopup, TextView } from './LessonsViews.js';
import { pagerHandlers, pagerTyping } from '../shared/pager/pager-keys.js';
import { searchOf } from '../shared/pager/pager.js';
import { lessonsPagerView } from './store-view.js';
import { currentCluster, markersOf, type LessonsActions, type LessonsState, type LessonsStore } from './store.js';
import { listHandlers } from '../shared/keys/list-handlers.js';
import { MouseProvider } from '../shared/mouse/MouseArea.js';
import { lessonsMouse } from './mouse.js';
import { ArchivedView } from './ArchivedView.js';
import { EditRefused } from './EditRefused.js';

const LessonsContext = createContext<LessonsStore | null>(null);

function useLessonsStore(): LessonsStore {
  const store = useContext(LessonsContext);
  if (!store) throw new Error('lessons store missing');
  return store;
}

function useLessons<T>(selector: (s: LessonsState & LessonsActions) => T): T {
  return useStore(useLessonsStore(), selector);
}

export function LessonsApp({ store, env = process.env }: { store: LessonsStore; env?: NodeJS.ProcessEnv }) {
  const theme = useMemo(() => makeTheme(env), [env]);
  return (
    <LessonsContext.Provider value={store}>
      <ThemeContext.Provider value={theme}>
        <MouseProvider>
          <Screen />
        </MouseProvider>
      </ThemeContext.Provider>
    </LessonsContext.Provider>
  );
}

function handlersFor(store: LessonsStore): Record<LessonsCommand, () => boolean> {
  const a = () => store.getState();
  return {
    ...listHandlers(a),
    'pane.next': () => a().setPane('cards'),
    'pane.prev': () => a().setPane('clusters'),
    'card.mark': () => (a().pane === 'cards' || a().view === 'all' ? a().toggleMark() : false),
    'cluster.markAll': () => a().markAll(),
    'act.merge': () => a().request('merge'),
    'act.archive': () => a().request('archive'),
    'act.ignore': () => a().request('ignore'),
    'act.edit': () => a().request('edit'),
    'history.undo': () => a().undo(),
    'history.redo': () => a().redoAction(),
    'plan.write': () => a().openWrite(),
    'app.help': () => a().openModal('help'),
    'app.quit': () => a().quit(),
    'app.interrupt': () => a().interrupt(),
    'help.close': () => a().openModal(null),
    'confirm.yes': () => a().confirmYes(),
    'confirm.no': () => a().confirmNo(),
    'write.yes': () => a().write(false),
    'write.no': () => a().openModal(null),
    'quit.write': () => a().write(true),
    'quit.discard': () => a().discardAndQuit(),
    'quit.cancel': () => a().openModal(null),
    'view.toggle': () => a().toggleView(),
    'filter.open': () => a().openFilter(),
    'sort.next': () => a().cycleSort(),
    'card.open': () => a().openCardView(),
    'card.close': () => a().closeCardView(),
    ...pagerHandlers((action) => a().page(action), () => a().openModal(null)),
    'input.submit': () => a().submitFilter(),
    'input.cancel': () => a().clearFilter(),
    'input.backspace': () => a().backspaceFilter(),
    'archived.open': () => a().openArchived(),
    'archived.close': () => a().closeArchived(),
    'archived.down': () => a().moveArchived(1),
    'archived.up': () => a().moveArchived(-1),
    'archived.top': () => a().moveArchived('top'),
    'archived.bottom': () => a().moveArchived('bottom'),
    'archived.restore': () => a().askRestore(),
    'archived.yes': () => a().confirmRestore(),
    'archived.no': () => a().cancelRestore(),
    'edit.reopen': () => a().reopenEdit(),
    'edit.keep': () => a().keepEdit(),
    'edit.drop': () => a().dropEdit(),
  };
}

/** Commands that change what is staged: they wait until the refreshed clusters are in. */
const STAGING: ReadonlySet<LessonsCommand> = new Set<LessonsCommand>([
  'card.mark', 'cluster.markAll', 'act.merge', 'act.archive', 'act.ignore', 'act.edit', 'history.undo', 'history.redo', 'plan.write',
]);

/** While the persisted clusters are shown and the refresh runs: moving, viewing and quitting work, staging waits. */
function loadingHandlers(store: LessonsStore, handlers: Record<LessonsCommand, () => boolean>): Record<LessonsCommand, () => boolean> {
  const wait = () => {
    store.setState({ status: 'the clusters are being refreshed: marks and actions wait until it is done (q quits)' });
    return true;
  };
  return Object.fromEntries(Object.entries(handlers).map(([id, run]) => [id, STAGING.has(id as LessonsCommand) ? wait : run])) as Record<LessonsCommand, () => boolean>;
}

/** Rows of a confirm popup: the question, the key line, the detail lines (wrapped) and the border; at most 60 % of the body. */
function popupHeight(rows: number, body: number): number {
  return Math.max(5, Math.min(rows, Math.floor(body * 0.6)));
}

function Screen() {
  const store = useLessonsStore();
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const handlers = useMemo(() => handlersFor(store), [store]);
  const whileLoading = useMemo(() => loadingHandlers(store, handlers), [store, handlers]);
  const mouse = useMemo(() => {
    const m = lessonsMouse(store);
    return {
      clusters: { onClick: (i: number | null) => m.click('clusters', i), onWheel: (d: number) => m.wheel('clusters', d) },
      cards: { onClick: (i: number | null) => m.click('cards', i), onWheel: (d: number) => m.wheel('cards', d) },
      all: { onClick: (i: number | null) => m.click('all', i), onWheel: (d: number) => m.wheel('all', d) },
      view: m.wheelView,
    };
  }, [store]);
  useInput(
    (input, key) => {
      for (const name of keysFromInput(input, key)) {
        const s = store.getState();
        if (s.exit) return;
        if (s.loading && !s.early) {
          // Nothing to look at yet: q, Esc and Ctrl+C quit (the load stops), every other key waits.
          if (name === 'q' || name === 'escape') s.quit();
          else if (name === 'ctrl+c') s.interrupt();
          continue;
        }
        // A pager search being typed takes the keys first (Enter jumps, Esc cancels it).
        const view = lessonsPagerView(s);
        const typing = view && searchOf(s.pagerSearch, view).typing !== null ? pagerTyping(name) : null;
        if (typing) {
          if (typing !== 'ignore') s.page(typing);
          continue;
        }
        routeLessonsKey(name, s.modal, s.loading ? whileLoading : handlers, (ch) => s.typeFilter(ch));
        // A long view closed or another opened: its search goes with it.
        const after = store.getState();
        if (after.pagerSearch && lessonsPagerView(after) !== view) store.setState({ pagerSearch: null });
      }
    },
    { isActive: Boolean(isRawModeSupported) },
  );
  const request = useLessons((s) => s.exit);
  useEffect(() => {
    if (request) exit();
  }, [request, exit]);
  const { columns, rows } = useTerminalSize();
  const theme = useTheme();
  const s = useLessons(
    useShallow((st) => ({
      loading: st.loading, early: st.early, stale: st.stale, clusters: st.clusters, considered: st.considered, clusterCursor: st.clusterCursor,
      cardCursor: st.cardCursor, pane: st.pane, marks: st.marks, staged: st.staged, modal: st.modal,
      confirm: st.confirm, status: st.status, createdAt: st.createdAt, leaving: st.exit !== null,
      view: st.view, all: st.all, visible: st.visible, allCursor: st.allCursor, query: st.query, sort: st.sort,
      occurrences: st.occurrences, openCard: st.openCard, scroll: st.scroll, writeLines: st.writeLines, pagerSearch: st.pagerSearch,
      archived: st.archived, archivedCursor: st.archivedCursor, editing: st.editing,
    })),
  );
  const layout = computeLayout(columns, rows);
  const width = layout.columns;
  const body = layout.body;
  // The scrolling views take the body but for their title line; a confirm popup its own rows.
  const popup = s.modal === 'confirm' && s.confirm ? popupHeight(popupRows(s.confirm.message, s.confirm.lines ?? [], width), body) : s.modal === 'quit' ? 6 : 0;
  const onLimits = useCallback((max: number, page: number, lines: readonly string[]) => store.getState().setScrollLimits(max, page, lines), [store]);
  const pagerAt = lessonsPagerView(s);
  const search = pagerAt ? searchOf(s.pagerSearch, pagerAt) : null;
  if (s.leaving) return null;
  if (layout.tooSmall) {
    return <Text wrap="wrap">{`terminal too small (${columns}x${rows}; need ${MIN_COLUMNS}x${MIN_ROWS}) · q quits`}</Text>;
  }
  const header = `distill lessons · ${s.clusters.length} clusters in ${s.considered} cards · staged: ${s.staged.length ? s.staged.map((a) => a.kind).join(', ') : 'none'}`;
  const stagedPath = (p: string) => s.staged.some((a) => a.paths.includes(p));
  const mainHeight = body - popup;
  let main;
  const progress = s.loading ? `${s.loading.phase}${s.loading.total ? ` ${s.loading.done}/${s.loading.total}` : ''}…` : '';
  if (s.loading && !s.early) {
    main = <Text>{`${progress} (q quits)`}</Text>;
  } else if (s.modal === 'help') {
    main = <TextView title="Keys (? or Esc to close · j/k scroll, / search)" lines={lessonsHelpLines()} hang={HELP_COLUMN} scroll={s.scroll} onLimits={onLimits} onWheel={mouse.view} search={search} width={width} height={body} />;
  } else if (s.modal === 'card' && s.openCard) {
    const at = s.openCard.path.lastIndexOf('/memory/');
    const title = `${s.openCard.id} · ${at >= 0 ? s.openCard.path.slice(at + 1) : s.openCard.path} · x archive  i ignore  e edit  Esc back`;
    main = <TextView title={title} lines={s.openCard.text.replace(/\n$/, '').split('\n')} scroll={s.scroll} onLimits={onLimits} onWheel={mouse.view} search={search} width={width} height={body} />;
  } else if (s.modal === 'write') {
    const cards = new Set(s.staged.flatMap((a) => a.paths)).size;
    const lines = [`Write ${s.staged.length} action(s) touching ${cards} card(s)?`, '', ...s.writeLines];
    main = <TextView title="Write? y/Enter write (journaled; distill restore undoes each) · n/Esc back · j/k scroll" lines={lines} scroll={s.scroll} onLimits={onLimits} onWheel={mouse.view} search={search} width={width} height={body} />;
  } else if (s.modal === 'editError' && s.editing) {
    main = <EditRefused editing={s.editing} width={width} height={body} />;
  } else if (s.modal === 'archived') {
    main = <ArchivedView entries={s.archived} cursor={s.archivedCursor} width={width} height={body} />;
  } else if (s.view === 'all') {
    main = (
      <AllCardsView all={s.all.length} visible={s.visible} cursor={s.allCursor} query={s.query} sort={s.sort}
        occurrences={s.occurrences} marks={s.marks} staged={stagedPath} width={width} height={mainHeight} {...mouse.all} />
    );
  } else {
    // What three card columns of 33 characters leave, between 26 and 44: at 140 columns the cards stand side by side.
    const left = Math.max(26, Math.min(44, width - 102));
    const cluster = currentCluster(s as unknown as LessonsState);
    main = (
      <Box flexDirection="row" height={mainHeight} gap={1}>
        <ListPane
          title={`Clusters (${s.clusters.length}) · v: all cards`}
          focused={s.pane === 'clusters'}
          count={s.clusters.length}
          cursor={s.clusterCursor}
          height={mainHeight}
          width={left}
          empty="no likely duplicates"
          {...mouse.clusters}
          row={(i) => {
            const c = s.clusters[i];
            const staged = c.cards.some((card) => stagedPath(card.path));
            const stale = !staged && s.stale !== null && c.cards.some((card) => s.stale!.has(card.path));
            return { key: c.id, text: `${staged ? '*' : stale ? '~' : ' '}${c.cards.length} ${c.score.toFixed(2)}${c.confidence === 'likely' ? '≈' : ' '}${c.cards[0].title}`, color: staged ? 'green' : undefined };
          }}
        />
        {cluster ? (
          <CardColumns
            cluster={cluster}
            cursor={s.cardCursor}
            focused={s.pane === 'cards'}
            width={width - left - 1}
            height={mainHeight}
            marks={s.marks}
            markers={(p) => markersOf(s.staged, p)}
            created={s.createdAt}
            {...mouse.cards}
          />
        ) : (
          <Text dimColor>{`no likely duplicates · v lists all ${s.all.length} cards`}</Text>
        )}
      </Box>
    );
  }
  let status = s.status || ' ';
  if (s.loading && s.early) {
    const changed = s.stale ? `; ~ marks the ${s.stale.size} changed card(s)' clusters` : '';
    status = s.status ? `${s.status} · refreshing: ${progress}` : `clusters as last found, refreshing: ${progress}${changed}`;
  }
  if (s.modal === 'quit') status = 'Actions are staged. Write, Discard or Cancel? (w/d/c; Ctrl+C again quits, dropping them)';
  else if (s.modal === 'filter') status = `/${s.query}█  ${s.visible.length}/${s.all.length} (Enter keeps, Esc clears)`;
  return (
    <Box flexDirection="column" height={layout.height} width={width}>
      <Text wrap="truncate-end" bold color={theme.color('cyan')}>
        {header}
      </Text>
      <Box height={body} flexDirection="column" overflow="hidden">
        {popup ? <Box height={mainHeight} overflow="hidden">{main}</Box> : main}
        {popup && s.confirm ? (
          <Popup question={s.confirm.message} lines={s.confirm.lines ?? []} footer="y: yes, stage it (written only with W)   n: no   j/k scroll" scroll={s.scroll} onLimits={onLimits} onWheel={mouse.view} search={search} width={width} height={popup} />
        ) : null}
        {s.modal === 'quit' ? <QuitPopup width={width} onSelect={(choice) => handlers[`quit.${choice}`]()} /> : null}
      </Box>
      <Text wrap="truncate-end" color={theme.color('yellow')}>
        {status}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {keyBar(s.modal, new Set(s.staged.length ? ['staged'] : []), width)}
      </Text>
    </Box>
  );
}
