// Both screens run the same way: draw the Ink app until it exits, let the screen handle why it exited (a write to
// finish, an editor to open), and draw it again while the screen says so. The store outlives each drawing, so the
// screen comes back from the editor as it was left.
import { render } from 'ink';
import type { ReactElement } from 'react';
import { nextTurn } from '../../core/index.js';
import { mouseReporting, mouseWanted } from './mouse/reporting.js';

/** Ink draws at most this many frames a second: a change within a frame's time of the last one waits for a timer. */
const MAX_FPS = 60;

/**
 * Resolves once a frame set now can be on the terminal: after React has committed it (a turn of the event loop) and
 * the timer Ink then sets to draw it (at most a frame's time) has fired. Work that blocks the event loop right after
 * a state change (a store check) would otherwise hold that timer back.
 */
export async function framePainted(): Promise<void> {
  await nextTurn();
  await new Promise((resolve) => setTimeout(resolve, Math.ceil(1000 / MAX_FPS) + 5));
}

export interface ScreenIo {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
}

/**
 * `afterExit` returns true to draw the screen again (e.g. after an editor round), false when the session ends.
 * With `mouse`, the terminal sends mouse reports while the screen is drawn (the app takes them out of its input with
 * a MouseProvider); they are turned off before `afterExit` (the editor gets a plain terminal) and on every way out.
 */
export async function runScreenLoop(draw: () => ReactElement, io: ScreenIo, afterExit: () => Promise<boolean>, mouse = false): Promise<void> {
  const stdout = io.stdout ?? process.stdout;
  const withMouse = mouse && mouseWanted(stdout, io.env ?? process.env);
  for (;;) {
    const mouseOff = withMouse ? mouseReporting(stdout) : () => {};
    try {
      const instance = render(draw(), {
        ...(io.stdin ? { stdin: io.stdin } : {}),
        ...(io.stdout ? { stdout: io.stdout } : {}),
        patchConsole: false,
        // Each screen routes Ctrl+C through its key table (onEveryLayer in keys/key-table.ts): the lessons screen asks
        // before dropping staged actions, and Ink's own check sees only a lone \x03, never one inside a burst.
        exitOnCtrlC: false,
        maxFps: MAX_FPS,
      });
      await instance.waitUntilExit();
    } finally {
      mouseOff();
    }
    if (!(await afterExit())) return;
  }
}
