// The lessons screen's state (no actions) and what is read from it: the focused cluster and card, the markers of the
// staged actions. Apart from store.ts so the action modules (store-view.ts, targets.ts) share it without a cycle.
import type { CardMeta, Cluster } from '../../core/index.js';
import type { CardSort } from './all-cards.js';
import type { LoadProgress, StagedAction } from './facade.js';
import type { ArchivedEntry } from '../../core/index.js';
import type { LessonsModal, LessonsPane } from './keys.js';
import type { PagerSearch } from '../shared/pager/pager.js';

export interface PendingConfirm {
  action: StagedAction;
  message: string;
  /** Detail lines under the question (a merge names every card it keeps and archives, flags suspect pairs, and shows the merged result). */
  lines?: string[];
}

/** The clusters of likely duplicates, or the list of every card. */
export type LessonsView = 'clusters' | 'all';

export interface LessonsState {
  loading: LoadProgress | null;
  /** While loading: the clusters shown are the persisted ones, as last found (issue 20). */
  early: boolean;
  /** Card files that changed since those clusters were found (their clusters are marked `~` until the refresh ends). */
  stale: ReadonlySet<string> | null;
  view: LessonsView;
  /** Every card, and the ones the all-cards list shows (the `/` search applied, in the `s` order). */
  all: CardMeta[];
  visible: CardMeta[];
  /**
   * Whether `visible` (and `occurrences`, when sorted by them) is made from `all` as it is now. A load while the
   * clusters are shown leaves it for when the list is next shown: sorting 100k cards costs ~100 ms, which the clusters'
   * first frame need not wait for.
   */
  listed: boolean;
  allCursor: number;
  query: string;
  sort: CardSort;
  /** Read when the list is first sorted by occurrences. */
  occurrences: Map<string, number> | null;
  /** The card shown whole (Enter), and the scroll of the open card, confirm or write view. */
  openCard: { path: string; id: string; text: string } | null;
  scroll: number;
  /** The open view's largest scroll and its page (reported by the view on screen, for PgDn/PgUp and where scrolling stops). */
  scrollLimits: { max: number; page: number; lines: readonly string[] };
  /** The pager's `/` search in the open long view (the card, a confirm, the plan, the help). */
  pagerSearch: PagerSearch | null;
  /** The W view: each staged action's summary and diffs. */
  writeLines: string[];
  clusters: Cluster[];
  considered: number;
  createdAt: (card: CardMeta) => string | null;
  clusterCursor: number;
  cardCursor: number;
  pane: LessonsPane;
  /** Marked card paths (marks live across clusters; actions use the marks of the focused cluster). */
  marks: string[];
  staged: StagedAction[];
  redo: StagedAction[];
  /** The archived cards (`A`, store-archived.ts), the focused one, and whether `r` asked to restore it. */
  archived: ArchivedEntry[];
  archivedCursor: number;
  archivedAsk: boolean;
  modal: LessonsModal | null;
  confirm: PendingConfirm | null;
  status: string;
  writing: Promise<void> | null;
  /**
   * Edit: `base` is the card as the staged actions leave it, the text the editor starts from. `interrupted`: quit by
   * Ctrl+C with actions still staged, which are dropped.
   */
  exit: { kind: 'quit'; interrupted?: boolean } | EditExit | null;
  /** An edit the check refused, its text kept in the home (`copy`) until reopened, saved or dropped (store-edit.ts). */
  editing: RefusedEdit | null;
}

/** The editor to run on a card: on a temp copy of `base`, or on `copy`, the kept text of a refused edit. */
export interface EditExit {
  kind: 'edit';
  path: string;
  cardId: string;
  base: string;
  copy?: string;
}

export interface RefusedEdit {
  path: string;
  cardId: string;
  /** The text the edit started from (the card as the staged actions leave it). */
  base: string;
  copy: string;
  error: string;
}

/** The focused cluster (clusters view). */
export function currentCluster(s: LessonsState): Cluster | null {
  return s.clusters[s.clusterCursor] ?? null;
}
/** The focused card: of the all-cards list, or of the focused cluster. */
export function currentCard(s: LessonsState): CardMeta | null {
  if (s.view === 'all') return s.visible[s.allCursor] ?? null;
  return currentCluster(s)?.cards[s.cardCursor] ?? null;
}
/** The staged actions that touch a card, for its markers. */
export function markersOf(staged: readonly StagedAction[], path: string): string[] {
  return staged.filter((a) => a.paths.includes(path)).map((a) => (a.kind === 'merge' && a.paths[0] === path ? 'merge-survivor' : a.kind));
}

/** The card an action on "this card" means: the one shown whole, else the focused one. */
export function focusedCard(s: LessonsState): CardMeta | null {
  if (s.modal === 'card' && s.openCard) return s.all.find((c) => c.path === s.openCard!.path) ?? null;
  return currentCard(s);
}
