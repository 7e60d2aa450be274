// The home session: draw the home screen, open the chosen quest's review (or the quirks review), and come back to
// the home with the counts read again, until the reviewer quits.
import type { HomeStatus } from '../../core/index.js';
import { runScreenLoop, type ScreenIo } from '../shared/screen-loop.js';
import { HomeApp, type HomeExit } from './HomeApp.js';

export interface RunHomeOptions extends ScreenIo {
  env: NodeJS.ProcessEnv;
  /** Reads the home's status (called at start and every time the home screen is drawn again). */
  load: () => HomeStatus;
  /** Counts the mined patterns after the first frame when `load` left `mined` null (no count kept). */
  mineLater?: () => number;
  /** Opens the review of a quest id, or of the quirks files (`:quirks`); resolves when the reviewer leaves it. */
  open: (target: string) => Promise<string | null>;
}

export async function runHome(options: RunHomeOptions): Promise<number> {
  let focus: string | null = null;
  let message: string | null = null;
  let status = options.load();
  let exit: HomeExit = { kind: 'quit' };
  await runScreenLoop(
    () => <HomeApp status={status} focus={focus} message={message} env={options.env} mineLater={options.mineLater} onExit={(e) => (exit = e)} />,
    options,
    async () => {
      const chosen = exit;
      exit = { kind: 'quit' };
      if (chosen.kind === 'quit') return false;
      message = null;
      if (chosen.kind === 'open') {
        focus = chosen.target;
        message = await options.open(chosen.target);
      } else focus = chosen.focus;
      status = options.load();
      return true;
    },
    // The terminal sends mouse reports while the home screen is drawn, as for the other screens (issue 35).
    true,
  );
  return 0;
}
