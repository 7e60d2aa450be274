// The render helper itself: press() fails when a key leaves the frame as it was, and { expectSame } fails when it
// does not; a test that relied on a key doing nothing silently would pass whatever the key did.
import { Text, useInput } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { useTerminalSize } from '../../src/ui/shared/useTerminalSize.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

function Counter() {
  const [n, setN] = useState(0);
  useInput((input) => {
    if (input === '+') setN((v) => v + 1);
  });
  return <Text>count {n}</Text>;
}

function Size() {
  const { columns, rows } = useTerminalSize();
  return <Text>{`${columns}x${rows}`}</Text>;
}

test('every frame, the first too, is drawn at the size asked for; two apps keep their own sizes; resize changes one', async () => {
  app = await renderApp(<Size />, { columns: 57, rows: 13 });
  const other = await renderApp(<Size />, { columns: 90, rows: 30 });
  try {
    expect(app.frames[0]).toBe('57x13');
    expect(other.frames[0]).toBe('90x30');
    await app.resize(61, 17);
    expect(app.frame()).toBe('61x17');
    expect(other.frame()).toBe('90x30');
  } finally {
    other.unmount();
  }
});

describe('press', () => {
  test('resolves true once the frame changed', async () => {
    app = await renderApp(<Counter />, { columns: 40, rows: 5 });
    expect(await app.press('+')).toBe(true);
    expect(app.frame()).toContain('count 1');
  });

  test('throws, naming the key and showing the frame, when the frame does not change', async () => {
    app = await renderApp(<Counter />, { columns: 40, rows: 5 });
    await expect(app.press('x', 300)).rejects.toThrow(/frame to change after key "x".*\n--- last frame ---\ncount 0/s);
  });

  test('expectSame passes for a key that changes nothing and throws for one that changes the frame', async () => {
    app = await renderApp(<Counter />, { columns: 40, rows: 5 });
    expect(await app.press('x', { expectSame: true })).toBe(false);
    await expect(app.press('+', { expectSame: true })).rejects.toThrow(/the frame changed\n--- last frame ---\ncount 1/);
  });
});
