// Render helper for UI tests: ink-testing-library's fake streams, plus explicit columns and rows, resize, and
// press(key) that writes one key and waits until the frame changes (failing when it does not: a key that silently
// does nothing is a bug; a key whose point is that nothing changes says so with { expectSame: true }).
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import type { ReactElement } from 'react';
import stripAnsi from 'strip-ansi';
import { tick, waitFor } from '../helpers/wait.js';

class Stdout extends EventEmitter {
  isTTY = true;
  frames: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    return true;
  };
}

class Stdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
  /** True once the app has read what was last written. */
  consumed = () => this.data === null;
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

export async function renderApp(tree: ReactElement, size: { columns: number; rows: number }): Promise<Rendered> {
  const stdout = new Stdout(size.columns, size.rows);
  const stdin = new Stdin();
  const stderr = new Stdout(size.columns, size.rows);
  const instance = inkRender(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
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
        await waitFor(() => stdin.consumed(), { timeout: timeoutMs, message: () => `the app to read key ${name}` });
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
    resize: async (columns, rows) => {
      const before = stdout.frames.length;
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit('resize');
      await waitFor(() => stdout.frames.length > before, { message: () => `a frame after resizing to ${columns}x${rows}` });
      await settle();
    },
    exited: instance.waitUntilExit(),
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
