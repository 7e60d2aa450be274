// The review screen on the patterns `distill mine` proposes (quest `:mined`, issue 33): each kind of factor (idea
// family, change layer, strategy, failure kind) is one "run" row grouping its proposed patterns, which are the drafts.
// A pattern's preview draws its evidence chart (core evidenceChart) above its text.
import { evidenceChart, mine, minedDraft, type Draft, type FileWarning, type GlobalCards, type MinedDraft } from '../../core/index.js';
import type { NeighborItem, RunItem } from './facade.js';

const GROUP_LABEL: Record<string, string> = {
  mechanism_family: 'idea families',
  change_layer: 'change layers',
  strategy: 'candidate strategies',
  failure_kind: 'failure kinds',
};

export function minedSource(home: string): { runs: RunItem[]; drafts: MinedDraft[]; warnings: FileWarning[] } {
  const result = mine(home);
  const groups = new Map<string, number>();
  for (const p of result.patterns) groups.set(p.factor.name, (groups.get(p.factor.name) ?? 0) + 1);
  const runs: RunItem[] = [...groups.entries()].map(([name, n]) => ({
    artifactId: name,
    runId: null,
    runKind: 'mined patterns',
    summary: `${n} pattern${n === 1 ? '' : 's'} of ${GROUP_LABEL[name] ?? name} proposed across quests`,
    covered: false,
    coveredBy: [],
  }));
  // Grouped under their factor's row; the plan records a pattern by its id and evidence, not by a run.
  // A follow-up (a pattern a card was written from, with runs since) says so in the list.
  const drafts = result.patterns.map((p) => {
    const flag = p.followUp ? `${p.followUp.turned ? 'turned' : 'follow-up'}: ` : '';
    return { ...minedDraft(home, p), title: `${flag}${p.title}`, runIds: [p.factor.name] };
  });
  return { runs, drafts, warnings: result.warnings };
}

/** The chart lines of a mined draft at a width (the preview colours them by outcome). */
export function minedChart(draft: MinedDraft, width: number) {
  return evidenceChart(draft.pattern, width);
}

/**
 * A follow-up's neighbors: the card it was written into first (the patch target `p` takes when focused), then the
 * others found. Any other draft's neighbors as found.
 */
export function withAcceptedCard(draft: Draft, found: NeighborItem[], global: GlobalCards): NeighborItem[] {
  const follow = draft.source === 'mined' ? (draft as MinedDraft).pattern.followUp : null;
  const meta = follow?.cardId ? global.byId(follow.cardId) : undefined;
  if (!follow || !meta) return found;
  const text = global.readCard(meta).card?.raw ?? meta.excerpt;
  const reason = `${follow.turned ? 'turned' : 'grown'}: written from this pattern by review ${follow.reviewId}`;
  const pinned: NeighborItem = { cardId: follow.cardId!, title: meta.title, score: 1, reasons: [reason], path: meta.path, text };
  return [pinned, ...found.filter((n) => n.cardId !== follow.cardId)];
}
