// The lessons screen's archived cards (issue 35): `A` lists the cards in the archive, `r` on one asks, `y` restores it
// at once through the same restore as `distill restore <card-id>` (journaled, with its record and audit line), then
// the cards are read again. Not staged: a restore is its own cleanup action, undone by archiving the card again.
import type { ArchivedEntry } from '../../core/index.js';
import { clampCursor } from '../shared/window.js';
import type { LessonsFacade } from './facade.js';
import type { LessonsState } from './state.js';

export interface ArchivedActions {
  openArchived(): boolean;
  closeArchived(): boolean;
  moveArchived(delta: number | 'top' | 'bottom'): boolean;
  askRestore(): boolean;
  confirmRestore(): boolean;
  cancelRestore(): boolean;
}

type Get = () => LessonsState & { load(): Promise<void> };
type Set = (partial: Partial<LessonsState>) => void;

const where = (file: string) => {
  const at = file.lastIndexOf('/memory/');
  return at >= 0 ? file.slice(at + 1) : file;
};

/** The question `r` asks about the focused archived card. */
export function restoreQuestion(entry: ArchivedEntry): string {
  return `Restore ${entry.cardId} (${entry.action} ${entry.actionId})? y: now · n: keep · to ${where(entry.path)}`;
}

export function archivedSlice(set: Set, get: Get, facade: LessonsFacade): Pick<LessonsState, 'archived' | 'archivedCursor' | 'archivedAsk'> & ArchivedActions {
  let restoring = false;
  const read = (): ArchivedEntry[] => {
    try {
      return facade.archived();
    } catch (error) {
      set({ status: `cannot read the archive: ${(error as Error).message}` });
      return [];
    }
  };
  return {
    archived: [],
    archivedCursor: 0,
    archivedAsk: false,
    openArchived() {
      const archived = read();
      set({ modal: 'archived', archived, archivedCursor: 0, archivedAsk: false, status: `${archived.length} archived card(s): r restores the focused one · A or Esc: back` });
      return true;
    },
    closeArchived() {
      set({ modal: null, archivedAsk: false, status: '' });
      return true;
    },
    moveArchived(delta) {
      const s = get();
      const to = delta === 'top' ? 0 : delta === 'bottom' ? s.archived.length - 1 : s.archivedCursor + delta;
      set({ archivedCursor: clampCursor(to, s.archived.length), archivedAsk: false });
      return true;
    },
    askRestore() {
      const entry = get().archived[get().archivedCursor];
      set(entry ? { archivedAsk: true, status: restoreQuestion(entry) } : { status: 'the archive is empty: nothing to restore' });
      return true;
    },
    cancelRestore() {
      if (!get().archivedAsk) return false;
      set({ archivedAsk: false, status: 'kept in the archive' });
      return true;
    },
    confirmRestore() {
      const s = get();
      const entry = s.archived[s.archivedCursor];
      if (!s.archivedAsk || !entry || restoring) return false;
      restoring = true;
      const writing = (async () => {
        let message: string;
        try {
          message = `restored: ${await facade.restoreArchived(entry.cardId)}`;
        } catch (error) {
          message = `restore refused: ${(error as Error).message}`;
        }
        const archived = read();
        set({ archived, archivedCursor: clampCursor(get().archivedCursor, archived.length), archivedAsk: false });
        await get().load();
        set({ status: message });
        restoring = false;
      })();
      set({ writing, archivedAsk: false, status: `restoring ${entry.cardId}…` });
      return true;
    },
  };
}
