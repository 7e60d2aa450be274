// Both screens run the same way: draw the Ink app until it exits, let the screen handle why it exited (a write to
// finish, an editor to open), and draw it again while the screen says so. The store outlives each drawing, so the
// screen comes back from the editor as it was left.
import { render } from 'ink';
import type { ReactElement } from 'react';

export interface ScreenIo {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

/** `afterExit` returns true to draw the screen again (e.g. after an editor round), false when the session ends. */
export async function runScreenLoop(draw: () => ReactElement, io: ScreenIo, afterExit: () => Promise<boolean>): Promise<void> {
  for (;;) {
    const instance = render(draw(), {
      ...(io.stdin ? { stdin: io.stdin } : {}),
      ...(io.stdout ? { stdout: io.stdout } : {}),
      patchConsole: false,
      exitOnCtrlC: true,
      maxFps: 60,
    });
    await instance.waitUntilExit();
    if (!(await afterExit())) return;
  }
}
