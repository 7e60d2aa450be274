// Render helper for UI tests: ink-testing-library's fake streams, plus explicit columns and rows, resize, and
// press(key) that writes one key and waits until the frame changes.
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import type { ReactElement } from 'react';
import stripAnsi from 'strip-ansi';

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

export interface Rendered {
  /** The last frame, ANSI stripped. */
  frame(): string;
  /** The last frame as written (with colour codes). */
  rawFrame(): string;
  frames: string[];
  /** Writes one key (a name from KEY_SEQUENCES or literal text) and waits until the frame changes. */
  press(key: string, timeoutMs?: number): Promise<boolean>;
  /** Types text one character at a time. */
  type(text: string): Promise<void>;
  resize(columns: number, rows: number): Promise<void>;
  /** Resolves when the app exited. */
  exited: Promise<unknown>;
  unmount(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  /** Waits for the frame to change, then for it to settle (work scheduled after a frame, e.g. neighbors). */
  const waitChange = async (before: number, beforeText: string, timeoutMs: number) => {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      await sleep(5);
      if (stdout.frames.length > before && last() !== beforeText) {
        let count = stdout.frames.length;
        for (;;) {
          await sleep(15);
          if (stdout.frames.length === count) return true;
          count = stdout.frames.length;
        }
      }
    }
    return false;
  };
  await sleep(20);
  const rendered: Rendered = {
    frame: () => stripAnsi(last()),
    rawFrame: last,
    frames: stdout.frames,
    press: async (key, timeoutMs = 400) => {
      const before = stdout.frames.length;
      const text = last();
      stdin.write(KEY_SEQUENCES[key] ?? key);
      // A lone Escape is only reported once Ink knows no sequence follows.
      return waitChange(before, text, key === 'escape' ? Math.max(timeoutMs, 800) : timeoutMs);
    },
    type: async (text) => {
      for (const ch of Array.from(text)) await rendered.press(ch);
    },
    resize: async (columns, rows) => {
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit('resize');
      await sleep(30);
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
