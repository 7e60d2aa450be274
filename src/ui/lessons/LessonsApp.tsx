// The lessons screen: clusters of likely duplicates (largest first) on the left, the focused cluster's cards side by
// side on the right with their differences, a status line and a key bar drawn from the key table.
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { ThemeContext, makeTheme, useTheme } from '../shared/theme.js';
import { ListPane } from '../shared/ListPane.js';
import { useTerminalSize } from '../shared/useTerminalSize.js';
import { keysFromInput } from '../shared/keys/normalize.js';
import { CardColumns } from './CardColumns.js';
import { keyBar, lessonsHelpLines, routeLessonsKey, type LessonsCommand } from './keys.js';
import { currentCluster, markersOf, type LessonsActions, type LessonsState, type LessonsStore } from './store.js';
import { listHandlers } from '../shared/keys/list-handlers.js';

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
        <Screen />
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
    'card.mark': () => (a().pane === 'cards' ? a().toggleMark() : false),
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
    'help.close': () => a().openModal(null),
    'confirm.yes': () => a().confirmYes(),
    'confirm.no': () => a().confirmNo(),
    'write.yes': () => a().write(false),
    'write.no': () => a().openModal(null),
    'quit.write': () => a().write(true),
    'quit.discard': () => a().discardAndQuit(),
    'quit.cancel': () => a().openModal(null),
  };
}

function Screen() {
  const store = useLessonsStore();
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const handlers = useMemo(() => handlersFor(store), [store]);
  useInput(
    (input, key) => {
      for (const name of keysFromInput(input, key)) {
        const s = store.getState();
        if (s.exit || s.loading) return;
        routeLessonsKey(name, s.modal, handlers);
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
      loading: st.loading, clusters: st.clusters, considered: st.considered, clusterCursor: st.clusterCursor,
      cardCursor: st.cardCursor, pane: st.pane, marks: st.marks, staged: st.staged, modal: st.modal,
      confirm: st.confirm, status: st.status, createdAt: st.createdAt, leaving: st.exit !== null,
    })),
  );
  if (s.leaving) return null;
  // One line short of the terminal: at full height Ink 6 clears the screen on every frame.
  const height = Math.max(6, rows - 1);
  const width = Math.max(40, columns);
  const body = height - 3;
  const header = `distill lessons · ${s.clusters.length} clusters in ${s.considered} cards · staged: ${s.staged.length ? s.staged.map((a) => a.kind).join(', ') : 'none'}`;
  let main;
  if (s.loading) {
    const { phase, done, total } = s.loading;
    main = <Text>{`${phase}${total ? ` ${done}/${total}` : ''}…`}</Text>;
  } else if (s.modal === 'help') {
    main = (
      <Box flexDirection="column" height={body} overflow="hidden">
        {lessonsHelpLines().map((line, i) => (
          <Text key={i} wrap="truncate-end">{line}</Text>
        ))}
      </Box>
    );
  } else if (s.modal === 'confirm' && s.confirm) {
    main = <Dialog lines={[s.confirm.message, ...(s.confirm.lines ?? []), '', 'y: yes, stage it (written only with W)   n: no']} height={body} />;
  } else if (s.modal === 'write') {
    const cards = new Set(s.staged.flatMap((a) => a.paths)).size;
    const lines = [`Write ${s.staged.length} action(s) touching ${cards} card(s)?`, ''];
    for (const a of s.staged) lines.push(`  ${a.kind} ${a.ids.join(', ')}`);
    lines.push('', 'y: write (journaled; distill restore undoes each)   n: back');
    main = <Dialog lines={lines} height={body} />;
  } else {
    const left = Math.min(48, Math.max(28, Math.floor(width * 0.3)));
    const cluster = currentCluster(s as unknown as LessonsState);
    main = (
      <Box flexDirection="row" height={body} gap={1}>
        <ListPane
          title={`Clusters (${s.clusters.length})`}
          focused={s.pane === 'clusters'}
          count={s.clusters.length}
          cursor={s.clusterCursor}
          height={body}
          width={left}
          empty="no likely duplicates"
          row={(i) => {
            const c = s.clusters[i];
            const staged = c.cards.some((card) => s.staged.some((a) => a.paths.includes(card.path)));
            return { key: c.id, text: `${staged ? '*' : ' '}${c.cards.length} ${c.score.toFixed(2)} ${c.cards[0].title}`, color: staged ? 'green' : undefined };
          }}
        />
        {cluster ? (
          <CardColumns
            cluster={cluster}
            cursor={s.cardCursor}
            focused={s.pane === 'cards'}
            width={width - left - 1}
            height={body}
            marks={s.marks}
            markers={(p) => markersOf(s.staged, p)}
            created={s.createdAt}
          />
        ) : (
          <Text dimColor>nothing to clean up</Text>
        )}
      </Box>
    );
  }
  const status = s.modal === 'quit' ? 'Actions are staged. Write, Discard or Cancel? (w/d/c)' : s.status || ' ';
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text wrap="truncate-end" bold color={theme.color('cyan')}>
        {header}
      </Text>
      <Box height={body} flexDirection="column" overflow="hidden">
        {main}
      </Box>
      <Text wrap="truncate-end" color={theme.color('yellow')}>
        {status}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {keyBar(s.modal)}
      </Text>
    </Box>
  );
}

function Dialog({ lines, height }: { lines: string[]; height: number }) {
  return (
    <Box flexDirection="column" height={height} borderStyle="round" paddingX={1} overflow="hidden">
      {lines.slice(0, Math.max(1, height - 2)).map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={i === 0}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
