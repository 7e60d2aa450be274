// The review's `?` help in the words of what each kind of review reviews: a quest's drafts of its runs, the quirks
// files' entries (rows: the files), the mined patterns (rows: the kinds of factor). The key table's help is a quest's;
// here a kind replaces the lines that speak of runs and drafts, and leaves out the keys it has no use for.
import { helpLinesOf, type CommandId } from './table.js';

export type ReviewKind = 'quest' | 'quirks' | 'mined';

interface KindWords {
  /** What a decision acts on: `the focused <item>`. */
  item: string;
  /** A key's help in this kind's words; null: the key does nothing here and is not listed. */
  help: Partial<Record<CommandId, string | null>>;
}

const KIND_WORDS: Record<Exclude<ReviewKind, 'quest'>, KindWords> = {
  mined: {
    item: 'pattern',
    help: {
      'quest.target': null,
      'draft.author': null,
      // Every factor row groups patterns still proposed: no order to change.
      'runs.view': null,
      'draft.mark': 'mark the pattern for a batch decision (c x -; one mark on the focused pattern is no batch)',
      'review.new': 'new: the pattern becomes a new global card whose lineage names every run of its evidence',
      'review.patch': "patch: add the pattern's evidence to the focused neighbor (a follow-up's first neighbor is the card it was written into)",
      'review.separate': 'neighbor_but_separate: a new card from the pattern, related to the focused neighbor',
      'review.reject': 'reject, with a one-line reason: not proposed again until two more runs or a new quest. On a factor row: rejects its undecided patterns',
      'review.defer': 'defer: nothing written, the pattern stays proposed',
      'draft.edit': "edit the pattern's wording (a card: title, claim, tags, its evidence as body) in $EDITOR; staged (u undoes)",
      'app.reload': 'mine the runs again (staged decisions kept)',
    },
  },
  quirks: {
    item: 'entry',
    help: {
      'quest.target': null,
      'draft.author': null,
      'runs.view': 'file rows: all → entries left first → reviewed files hidden',
      'draft.mark': 'mark the entry for a batch decision (c x -; one mark on the focused entry is no batch)',
      'review.new': 'new: the quirks entry becomes a new global card',
      'review.patch': 'patch: revise the focused neighbor with the entry',
      'review.separate': 'neighbor_but_separate: a new card from the entry, related to the focused neighbor',
      'review.reject': 'reject, with a one-line reason; the entry counts as reviewed. On a file row: rejects its undecided entries',
      'review.defer': 'defer: nothing written, the entry stays to review',
      'draft.edit': 'edit a copy of the entry in $EDITOR; staged (u undoes), the quirks file is kept as it is',
      'app.reload': 're-read the quirks files (staged decisions kept)',
    },
  },
};

/** The `?` help of a kind of review. */
export function reviewHelpLines(kind: ReviewKind): string[] {
  if (kind === 'quest') return helpLinesOf();
  const words = KIND_WORDS[kind];
  return helpLinesOf({ item: words.item, help: (b) => (b.id in words.help ? words.help[b.id] ?? null : b.help) });
}

/** The keys a kind of review has no use for: left out of its help and its key bar. */
export function reviewLeftOut(kind: ReviewKind): ReadonlySet<CommandId> {
  if (kind === 'quest') return new Set();
  const help = KIND_WORDS[kind].help;
  return new Set((Object.keys(help) as CommandId[]).filter((id) => help[id] === null));
}
