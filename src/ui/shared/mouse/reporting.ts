// Mouse reporting is a terminal mode: once on, the terminal sends reports instead of selecting text, also to the
// shell after distill is gone, unless it is turned off again. So it is turned off on every way out: the screen's
// exit, a thrown error, process.exit, and a terminating signal (then the signal is sent again, so the process still
// ends as it would have).
import { MOUSE_OFF, MOUSE_ON } from './sgr.js';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'];

/** Whether the screen asks for mouse reports: on a terminal, unless DISTILL_MOUSE is 0, off or false. */
export function mouseWanted(stdout: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stdout.isTTY) && !/^(0|off|false|no)$/i.test(env.DISTILL_MOUSE ?? '');
}

/** Turns mouse reporting on; returns the function that turns it off (safe to call more than once). */
export function mouseReporting(stdout: NodeJS.WriteStream): () => void {
  let on = true;
  const off = () => {
    if (!on) return;
    on = false;
    process.off('exit', off);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    try {
      stdout.write(MOUSE_OFF);
    } catch {
      // The terminal is gone: nothing to restore.
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    off();
    process.kill(process.pid, signal);
  };
  process.on('exit', off);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  stdout.write(MOUSE_ON);
  return off;
}
