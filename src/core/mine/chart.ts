// The evidence of a pattern as a chart a reviewer takes in at a glance: one bar per run for its relative change
// against the baseline, signed so that better always points right whatever the metric's direction, grouped by quest,
// each run marked win / loss / unknown by a symbol (colour is the screen's, and off under NO_COLOR). Pure: lines.
import { episodeKey, type Episode } from './episodes.js';
import type { FollowUp } from './follow-up.js';
import type { Outcome } from './outcome.js';
import type { PatternCore } from './patterns.js';
import { percent } from './pattern-text.js';

export interface ChartLine {
  text: string;
  /** The run's outcome on a bar line, for its colour; null on headings. */
  outcome: Outcome | null;
}

export const OUTCOME_SYMBOL: Record<Outcome, string> = { win: '+', loss: 'x', unknown: '?' };

const clip = (s: string, n: number) => (s.length <= n ? s.padEnd(n) : `${s.slice(0, Math.max(0, n - 1))}…`);

/** A follow-up's chart marks the runs the card was not written from (`new`). */
export function evidenceChart(p: Pick<PatternCore, 'evidence' | 'counterExamples' | 'unknown'> & { followUp?: FollowUp | null }, width: number): ChartLine[] {
  const all = [...p.evidence, ...p.counterExamples, ...p.unknown];
  const fresh = new Set((p.followUp?.newEvidence ?? []).map(episodeKey));
  const mark = fresh.size ? 4 : 0;
  const wins = all.filter((e) => e.outcome === 'win').length;
  const losses = all.filter((e) => e.outcome === 'loss').length;
  const unknown = all.length - wins - losses;
  const byQuest = new Map<string, Episode[]>();
  for (const e of [...all].sort((a, b) => (a.questId < b.questId ? -1 : a.questId > b.questId ? 1 : a.createdAt < b.createdAt ? -1 : 1))) {
    byQuest.set(e.questId, [...(byQuest.get(e.questId) ?? []), e]);
  }
  const label = Math.min(14, Math.max(6, ...all.map((e) => e.runId.length)));
  const value = 8;
  // "  + <run>  <left half>│<right half> <value>"
  const half = Math.max(3, Math.floor((width - 4 - label - 1 - 1 - value - 1 - mark) / 2));
  const max = Math.max(0, ...all.map((e) => Math.abs(e.delta ?? 0)));
  const bar = (d: number | null) => {
    if (d === null) return `${' '.repeat(half)}·${' '.repeat(half)}`;
    const n = max === 0 ? 0 : Math.max(d === 0 ? 0 : 1, Math.round((Math.abs(d) / max) * half));
    const left = d < 0 ? `${' '.repeat(half - n)}${'█'.repeat(n)}` : ' '.repeat(half);
    const right = d > 0 ? `${'█'.repeat(n)}${' '.repeat(half - n)}` : ' '.repeat(half);
    return `${left}│${right}`;
  };
  const lines: ChartLine[] = [
    {
      text:
        `Evidence: ${wins} win${wins === 1 ? '' : 's'}, ${losses} loss${losses === 1 ? '' : 'es'}${unknown ? `, ${unknown} not comparable` : ''}` +
        `${fresh.size ? `, ${fresh.size} new since the card was written` : ''}; better → right`,
      outcome: null,
    },
  ];
  for (const [quest, episodes] of byQuest) {
    const metrics = [...new Set(episodes.map((e) => e.metric ?? 'no metric'))].join(', ');
    lines.push({ text: clip(`${quest} (${metrics})`, width).trimEnd(), outcome: null });
    for (const e of episodes) {
      const shown = e.delta === null ? (e.outcome === 'loss' ? e.basis.replace('_', ' ') : 'n/a') : percent(e.delta);
      const isNew = fresh.has(episodeKey(e)) ? ` ${shown.length < value ? ' '.repeat(value - shown.length) : ''}new` : '';
      lines.push({ text: `  ${OUTCOME_SYMBOL[e.outcome]} ${clip(e.runId, label)} ${bar(e.delta)} ${shown}${isNew}`.trimEnd(), outcome: e.outcome });
    }
  }
  lines.push({ text: `${OUTCOME_SYMBOL.win} win   ${OUTCOME_SYMBOL.loss} loss   ${OUTCOME_SYMBOL.unknown} not comparable (not counted); bar: change vs baseline`, outcome: null });
  return lines;
}
