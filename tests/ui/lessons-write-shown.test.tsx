// The lessons screen's W shows the plan (each card's diff, each move into the archive); `y` writes it. A card another
// process changed while the plan was on screen (DeepScientist patching it, a `distill apply`) used to be planned again
// at `y` and written as the view never showed it (an ignore or a merge of the new bytes). Now that action is refused,
// naming the card, nothing of it written, and it stays staged: W shows the plan again, from the card as it now is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore } from '../../src/ui/lessons/store.js';
import { copyFixture, tempDirs } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const dirs = tempDirs();
let screen: Rendered | null = null;
afterEach(() => {
  screen?.unmount();
  screen = null;
});

const CARD = 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'; // knowledge-05abb9e0, the cluster's oldest

describe('lessons W: what is written is the plan the view showed', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 150, rows: 34 }]) {
    test(`a card changed while the plan was shown: refused naming it, nothing written, still staged; W again writes (${size.columns}x${size.rows})`, async () => {
      const home = copyFixture('dup-home');
      const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
      dirs.push(path.dirname(home), cache);
      const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: cache };
      const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
      await store.getState().load();
      screen = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
      await screen.press('l');
      await screen.press('i');
      expect(store.getState().staged.map((a) => [a.kind, a.ids])).toEqual([['ignore', ['knowledge-05abb9e0']]]);
      await screen.press('W');
      expect(screen.frame()).toContain('Write 1 action(s) touching 1 card(s)?');
      expect(store.getState().writeLines.join('\n')).toContain('+ignored: true');
      // Another process appends to the card while the plan is on screen.
      const file = path.join(home, 'memory', 'knowledge', CARD);
      const changed = fs.readFileSync(file, 'utf8') + '\nPatched by another run meanwhile.\n';
      fs.writeFileSync(file, changed);
      await screen.press('y');
      await store.getState().writing;
      expect(store.getState().status).toContain(`stopped: ${file}: changed on disk since the plan was shown; ignore not written (W shows the plan again)`);
      expect(fs.readFileSync(file, 'utf8')).toBe(changed);
      expect(fs.existsSync(path.join(home, '.distill', 'cleanup'))).toBe(false);
      expect(store.getState().staged.map((a) => a.kind)).toEqual(['ignore']);
      // W again: the plan from the card as it is now, and y writes exactly that.
      await screen.press('W');
      expect(store.getState().writeLines.join('\n')).toContain('+ignored: true');
      await screen.press('y');
      await store.getState().writing;
      expect(store.getState().status).toMatch(/^written: cleanup-[0-9a-f]{8}/);
      const after = fs.readFileSync(file, 'utf8');
      expect(after).toContain('ignored: true');
      expect(after).toContain('Patched by another run meanwhile.');
    });
  }
});
