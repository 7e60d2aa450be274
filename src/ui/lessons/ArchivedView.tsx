// The lessons screen's archived cards (`A`): one row per card a restore brings back, newest archiving first, the
// focused one marked; the status line asks before `y` restores (store-archived.ts).
import type { ArchivedEntry } from '../../core/index.js';
import { ListPane } from '../shared/ListPane.js';

const where = (file: string) => {
  const at = file.lastIndexOf('/memory/');
  return at >= 0 ? file.slice(at + 1) : file;
};

export function ArchivedView({ entries, cursor, width, height }: { entries: readonly ArchivedEntry[]; cursor: number; width: number; height: number }) {
  return (
    <ListPane
      title={`Archived cards (${entries.length}) · r restore · A back`}
      focused
      count={entries.length}
      cursor={cursor}
      height={height}
      width={width}
      empty="the archive is empty"
      row={(i) => {
        const e = entries[i];
        return { key: `${e.actionId}/${e.cardId}`, text: `${e.at.slice(0, 10)} ${e.action} ${e.cardId} ${e.title ?? where(e.path)}${e.supersededBy ? ` (merged into ${e.supersededBy})` : ''}` };
      }}
    />
  );
}
