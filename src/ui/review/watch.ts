// Issue 17 (i17r): the review re-reads the quest when its files change on disk (another agent writing artifacts, a
// draft edited elsewhere): the folders are watched, changes debounced, and the reload keeps the staged decisions.
// distill's own state folder (`.ds/distill`, where the staging is saved on every change) is ignored, and nothing is
// reloaded while a dialog, an edit or a write is under way: it waits for the next quiet moment.
import fs from 'node:fs';
import path from 'node:path';
import type { ReviewStore } from './store.js';

const IGNORED = [path.join('.ds', 'distill'), '.git'];

/** What the watch did, for whoever observes it (the tests): a change ignored or queued, a reload held or done. */
export type WatchEvent = 'ignored' | 'queued' | 'held' | 'reloaded';

export function watchQuest(store: ReviewStore, folders: string[], debounceMs = 300, observe?: (event: WatchEvent) => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  const watchers: fs.FSWatcher[] = [];
  const fire = () => {
    timer = null;
    const s = store.getState();
    if (s.exit || s.writing || s.modal) {
      timer = setTimeout(fire, debounceMs);
      observe?.('held');
      return;
    }
    observe?.('reloaded');
    s.reload(s.message ?? `files changed on disk: reloaded; ${Object.keys(s.staged).length} staged decision(s) kept`);
  };
  const changed = (name: string | null) => {
    if (name && IGNORED.some((dir) => name === dir || name.startsWith(dir + path.sep))) {
      observe?.('ignored');
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
    observe?.('queued');
  };
  for (const folder of folders) {
    try {
      watchers.push(fs.watch(folder, { recursive: true }, (_event, name) => changed(name ? String(name) : null)));
    } catch {
      // A folder that cannot be watched (gone, no inotify left): R still reloads by hand.
    }
  }
  for (const w of watchers) w.on('error', () => w.close());
  return () => {
    if (timer) clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
