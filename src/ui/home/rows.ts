// The home screen's rows: one per quest and one for the quirks files, as plain text columns (the list widget draws
// them as they are). Pure, so the table is tested without a terminal.
import path from 'node:path';
import { MINED_QUEST, QUIRKS_QUEST, type HomeStatus, type QuestStatus } from '../../core/index.js';

/** The row value of the quirks files (the review opens them as the pseudo-quest `:quirks`). */
export const QUIRKS_ROW = QUIRKS_QUEST;
/** The row value of the mined patterns (the review opens them as the pseudo-quest `:mined`). */
export const MINED_ROW = MINED_QUEST;

export interface HomeRow {
  value: string;
  label: string;
}

/** `2026-03-14T09:12:44+00:00` → `2026-03-14 09:12`; anything else as written. */
export function shortTime(value: string | null): string {
  if (!value) return '-';
  const m = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)/.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}

function count(n: number | null, one: string, many: string): string {
  if (n === null) return '-';
  return `${n} ${n === 1 ? one : many}`;
}

/** `*` when staged decisions wait (a review left without writing), `!` when the quest has work left (uncovered runs,
 *  drafts or notes), `✓` when every candidate run is covered. */
export function questMark(q: QuestStatus): string {
  if (q.error) return '!';
  if ((q.staged ?? 0) > 0) return '*';
  const work = q.pending.length > 0 || (q.drafts ?? 0) > 0 || (q.notes ?? 0) > 0;
  return work ? '!' : '✓';
}

function fit(text: string, width: number): string {
  return text.length <= width ? text.padEnd(width) : text.slice(0, Math.max(0, width - 1)) + '…';
}

/** The width of the id column: the longest quest id, at least `quirks`. */
export function idWidthOf(status: HomeStatus): number {
  return Math.max(6, ...status.quests.map((q) => q.id.length));
}

/** Room a title needs to read as words; narrower, the last-activity column (then the notes) gives way. */
const TITLE_MIN = 16;

/** Which columns fit a width (the list's, marker excluded): the title keeps words at 60 columns (issue 35). */
export function homeColumns(status: HomeStatus, width: number): { time: boolean; notes: boolean } {
  const fixed = 1 + idWidthOf(status) + 10 + 9 + 5;
  if (width - fixed - 8 - 16 - 2 >= TITLE_MIN) return { time: true, notes: true };
  if (width - fixed - 8 - 1 >= TITLE_MIN) return { time: false, notes: true };
  return { time: false, notes: false };
}

/** The column titles over the rows, the same columns as homeRows. */
export function homeHeader(status: HomeStatus, width: number): string {
  const shown = homeColumns(status, width);
  return `    ${'QUEST'.padEnd(idWidthOf(status))} RUNS       DRAFTS    ${shown.notes ? 'NOTES    ' : ''}${shown.time ? 'LAST ACTIVITY    ' : ''}TITLE`;
}

export function homeRows(status: HomeStatus, width: number): HomeRow[] {
  const idWidth = idWidthOf(status);
  const shown = homeColumns(status, width);
  const rows = status.quests.map((q) => {
    const cells = q.error
      ? [questMark(q), fit(q.id, idWidth), `error: ${q.error}`]
      : [
          questMark(q),
          fit(q.id, idWidth),
          fit(`${q.covered}/${q.total} runs`, 10),
          fit(count(q.drafts, 'draft', 'drafts'), 9),
          ...(shown.notes ? [fit(count(q.notes, 'note', 'notes'), 8)] : []),
          ...(shown.time ? [fit(shortTime(q.lastActivity), 16)] : []),
          q.title ?? '',
        ];
    return { value: q.id, label: fit(cells.join(' '), width).trimEnd() };
  });
  const files = status.quirks.files.filter((f) => f.exists).map((f) => path.basename(f.path));
  const quirks = [
    status.quirks.unreviewed > 0 ? '!' : ' ',
    fit('quirks', idWidth),
    fit(count(status.quirks.unreviewed, 'entry', 'entries'), 10),
    files.length ? files.join(', ') : 'no quirks files',
  ].join(' ');
  if (status.mined !== undefined) {
    const n = status.mined;
    const mined = [n !== null && n > 0 ? '!' : ' ', fit('mined', idWidth), fit(n === null ? 'counting…' : count(n, 'pattern', 'patterns'), 10), 'Mined patterns: lessons proposed from the runs of every quest'].join(' ');
    rows.push({ value: MINED_ROW, label: fit(mined, width).trimEnd() });
  }
  rows.push({ value: QUIRKS_ROW, label: fit(quirks, width).trimEnd() });
  return rows;
}

/** What the highlighted row holds, for the lines under the list. */
export function rowDetail(status: HomeStatus, value: string): string[] {
  if (value === QUIRKS_ROW) {
    return status.quirks.files.map(
      (f) => `${path.basename(f.path)}: ${f.exists ? `${f.entries} entries, ${f.unreviewed} not reviewed` : 'none in this home'}`,
    );
  }
  if (value === MINED_ROW) {
    if (status.mined === null) return ['counting the patterns distill mine proposes across the quests (the runs changed since they were counted)'];
    const n = status.mined ?? 0;
    return [n ? `${n} pattern${n === 1 ? '' : 's'} proposed by distill mine across the quests; Enter reviews them beside their neighbor cards` : 'no pattern proposed: distill mine --all lists decided and suppressed ones'];
  }
  const q = status.quests.find((x) => x.id === value);
  if (!q) return [];
  if (q.error) return [q.error];
  const lines = [`${q.id}${q.title ? ` · ${q.title}` : ''} · ${q.root}`];
  const staged = q.staged ?? 0;
  if (staged > 0) lines.push(`* ${staged} staged decision(s) waiting: Enter offers them back`);
  if (q.pending.length === 0) lines.push(q.total === 0 ? 'no candidate runs yet' : `every candidate run is covered (${q.total})`);
  else lines.push(`uncovered runs: ${q.pending.map((c) => c.artifactId).join(', ')}`);
  if ((q.drafts ?? 0) > 0 || (q.notes ?? 0) > 0) lines.push(`to review: ${count(q.drafts, 'draft', 'drafts')}, ${count(q.notes, 'note', 'notes')}`);
  return lines;
}
