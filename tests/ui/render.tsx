// Render helper for UI tests, on ink-testing-library's render (its fake stdin and stdout, Ink in debug mode: every
// frame written whole), given explicit columns and rows, resize, and press(key) that writes one key and waits until
// the frame changes (failing when it does not: a key that silently does nothing is a bug; a key whose point is that
// nothing changes says so with { expectSame: true }). click/wheel write SGR mouse reports as a terminal does.
import { render as testRender } from 'ink-testing-library';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import stripAnsi from 'strip-ansi';
import { tick, waitFor } from '../helpers/wait.js';

/** Resolves `gone` when the app's tree is unmounted (the app exited, or the test unmounted it). */
function ExitProbe({ children, gone }: { children: ReactNode; gone: () => void }) {
  useEffect(() => gone, [gone]);
  return <>{children}</>;
}

/** An SGR mouse report (what a terminal in modes 1000 + 1006 sends) for a left click at 0-based column x, row y. */
export function sgrClick(x: number, y: number): string {
  return `\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`;
}

/** An SGR mouse report for one wheel notch at 0-based column x, row y. */
export function sgrWheel(direction: 'up' | 'down', x: number, y: number): string {
  return `\x1b[<${direction === 'up' ? 64 : 65};${x + 1};${y + 1}M`;
}

export const KEY_SEQUENCES: Record<string, string> = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  tab: '\t',
  'shift+tab': '\x1b[Z',
  return: '\r',
  escape: '\x1b',
  space: ' ',
  backspace: '\x7f',
  'ctrl+r': '\x12',
  'ctrl+d': '\x04',
  'ctrl+u': '\x15',
  pagedown: '\x1b[6~',
  pageup: '\x1b[5~',
};

export interface PressOptions {
  /** How long the frame may take to change, in ms (default 5000). */
  timeoutMs?: number;
  /** The key's point is that nothing changes. */
  expectSame?: boolean;
}

/** How long a key that must change nothing is watched after the app read it (a negative cannot be waited for). */
const QUIET_MS = 150;

export interface Rendered {
  /** The last frame, ANSI stripped. */
  frame(): string;
  /** The last frame as written (with colour codes). */
  rawFrame(): string;
  frames: string[];
  /**
   * Writes one key (a name from KEY_SEQUENCES or literal text), waits until the frame changes and settles, and
   * resolves true; throws when the frame has not changed within the timeout (a number is the timeout in ms).
   * With `expectSame`, the key must leave the frame as it was: resolves false once the app has read the key and
   * stayed quiet, throws when the frame changed.
   */
  press(key: string, options?: number | PressOptions): Promise<boolean>;
  /** Types text one character at a time. */
  type(text: string): Promise<void>;
  resize(columns: number, rows: number): Promise<void>;
  /** Resolves when the app exited. */
  exited: Promise<unknown>;
  unmount(): void;
}

interface Size {
  columns: number;
  rows: number;
}

/** The size the next render starts at (read while testRender draws the first frame). */
let nextSize: Size = { columns: 100, rows: 24 };
let sized = false;

/**
 * ink-testing-library's stdout is always 100 columns and has no rows. Its class is not exported, so its prototype is
 * taken from a first, empty render and given columns and rows that read each instance's own size (or, during its
 * first frame, the size renderApp was asked for): the app draws its first frame at the test's size.
 */
function sizeTestStdout(): void {
  if (sized) return;
  sized = true;
  const probe = testRender(<></>);
  const proto = Object.getPrototypeOf(probe.stdout) as object;
  probe.unmount();
  probe.cleanup();
  const own = (target: object): Size => (target as { size?: Size }).size ?? nextSize;
  Object.defineProperty(proto, 'columns', { get() { return own(this).columns; }, configurable: true });
  Object.defineProperty(proto, 'rows', { get() { return own(this).rows; }, configurable: true });
}

export async function renderApp(tree: ReactElement, size: Size): Promise<Rendered> {
  sizeTestStdout();
  let gone: () => void = () => {};
  const exited = new Promise<void>((resolve) => (gone = resolve));
  const mine: Size = { ...size };
  nextSize = mine;
  const instance = testRender(<ExitProbe gone={gone}>{tree}</ExitProbe>);
  Object.assign(instance.stdout, { size: mine });
  const { stdout, stdin } = instance;
  const last = () => stdout.frames[stdout.frames.length - 1] ?? '';
  /** Resolves once no frame has been written for a little while (work scheduled after a frame, e.g. neighbors). */
  const settle = async () => {
    let count = stdout.frames.length;
    for (;;) {
      await tick(15);
      if (stdout.frames.length === count) return;
      count = stdout.frames.length;
    }
  };
  const show = () => `\n--- last frame ---\n${stripAnsi(last())}`;
  await waitFor(() => stdout.frames.length > 0, { message: () => 'the first frame' });
  await settle();
  const rendered: Rendered = {
    frame: () => stripAnsi(last()),
    rawFrame: last,
    frames: stdout.frames,
    press: async (key, options = {}) => {
      const { timeoutMs = 5000, expectSame = false } = typeof options === 'number' ? { timeoutMs: options } : options;
      const before = stdout.frames.length;
      const text = last();
      stdin.write(KEY_SEQUENCES[key] ?? key);
      const name = JSON.stringify(key);
      if (expectSame) {
        await waitFor(() => stdin.data === null, { timeout: timeoutMs, message: () => `the app to read key ${name}` });
        await tick(QUIET_MS);
        await settle();
        if (last() !== text) throw new Error(`press(${name}, { expectSame: true }): the frame changed${show()}`);
        return false;
      }
      await waitFor(() => stdout.frames.length > before && last() !== text, {
        timeout: timeoutMs,
        message: () => `the frame to change after key ${name} (pass { expectSame: true } if nothing should)${show()}`,
      });
      await settle();
      return true;
    },
    type: async (text) => {
      for (const ch of Array.from(text)) await rendered.press(ch);
    },
    resize: async (width, height) => {
      const before = stdout.frames.length;
      mine.columns = width;
      mine.rows = height;
      stdout.emit('resize');
      await waitFor(() => stdout.frames.length > before, { message: () => `a frame after resizing to ${width}x${height}` });
      await settle();
    },
    exited,
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
  return rendered;
}

/** Lines of a frame, for height and width checks. */
export function frameLines(frame: string): string[] {
  return frame.split('\n');
}
