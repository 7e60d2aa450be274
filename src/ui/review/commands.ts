// Command ids of the key table bound to store actions. Handlers read the store at call time (no closures over
// render-time state), so a burst of keys sees every update.
import type { ReviewStore } from './store.js';
import { listHandlers } from '../shared/keys/list-handlers.js';
import type { Handlers } from '../shared/keys/router.js';
import { focused } from './state.js';
import { actingOn } from './marks.js';
import { pagerHandlers } from '../shared/pager/pager-keys.js';

export function commandHandlers(store: ReviewStore): Handlers {
  const a = () => store.getState();
  /** A quest note is lesson material, not a draft: x dismisses it (not a lesson); deciding it otherwise, editing or
   *  marking it says what to do instead. */
  const notNote = (act: () => boolean, batch = false) => () => {
    const s = a();
    // c and - with drafts marked act on the marked drafts, wherever the cursor is (marks.ts).
    if (s.focus !== 'drafts' || !focused(s).draft?.note || (batch && actingOn(s).batch)) return act();
    store.setState({ message: 'a note is no draft: a writes a lesson draft from it, x dismisses it as not a lesson (the note stays as it is)' });
    return true;
  };
  return {
    ...listHandlers(a),
    'pane.next': () => a().focusPane(1),
    'pane.prev': () => a().focusPane(-1),
    'filter.open': () => a().openFilter(),
    'filter.next': () => a().findNext(1),
    'filter.prev': () => a().findNext(-1),
    'draft.mark': notNote(() => a().toggleMark()),
    'review.new': notNote(() => a().askDecide('new'), true),
    'review.patch': notNote(() => a().askDecide('patch')),
    'review.separate': notNote(() => a().askDecide('neighbor_but_separate')),
    'review.reject': () => a().askReject(),
    'review.defer': notNote(() => a().decide('defer'), true),
    'draft.edit': notNote(() => a().edit()),
    'draft.author': () => a().author(),
    'quest.target': () => a().cycleQuestRun(),
    'preview.diff': () => a().toggleDiff(),
    'history.undo': () => a().undo(),
    'history.redo': () => a().redo(),
    'plan.write': () => a().requestWrite(),
    'app.help': () => a().openHelp(),
    'app.quit': () => a().requestQuit(),
    'help.close': () => a().closeModal(),
    'write.confirm': () => a().confirmWrite(),
    'write.cancel': () => a().closeModal(),
    'quit.write': () => a().quitWrite(),
    'quit.discard': () => a().quitDiscard(),
    'quit.cancel': () => a().closeModal(),
    'restore.accept': () => a().acceptRestore(),
    'restore.discard': () => a().discardRestore(),
    'edit.reopen': () => a().reopenEdit(),
    'edit.keep': () => a().keepEdit(),
    'edit.drop': () => a().dropEdit(),
    'input.submit': () => a().submitInput(),
    'input.cancel': () => a().closeModal(),
    'input.backspace': () => a().backspace(),
    'view.down': () => a().scroll(1),
    'view.up': () => a().scroll(-1),
    'view.halfDown': () => a().scroll('half'),
    'view.halfUp': () => a().scroll('-half'),
    'view.pageDown': () => a().scroll('page'),
    'view.pageUp': () => a().scroll('-page'),
    ...pagerHandlers((action) => a().page(action), () => a().closeZoom()),
    'view.zoom': () => a().toggleZoom(),
    'runs.view': () => a().cycleRunsView(),
    'pane.drill': () => a().drill(),
    'pane.back': () => a().back(),
    'app.warnings': () => a().openWarnings(),
    'app.reload': () => a().reloadKey(),
    'warnings.close': () => a().closeModal(),
    'writeError.retry': () => a().retryWrite(),
    'writeError.close': () => a().closeModal(),
    'quit.down': () => a().moveChoice(1),
    'quit.up': () => a().moveChoice(-1),
    'quit.choose': () => a().chooseQuit(),
    // Ctrl+C leaves at once: the staging is already on disk (session.ts saves every change), offered back next time.
    'app.interrupt': () => {
      store.setState({ exit: { kind: 'quit' } });
      return true;
    },
    // q / Esc in the restore question: decide later; the staging file is left as it is (nothing staged changed).
    'restore.later': () => {
      store.setState({ exit: { kind: 'quit' } });
      return true;
    },
    'empty.quit': () => {
      store.setState({ exit: { kind: 'quit' } });
      return true;
    },
  };
}
