// Waiting for a condition instead of sleeping a fixed time: polls `check` until it returns something other than
// false / null / undefined, and fails with the caller's description (and what it last saw) after a generous timeout.

export interface WaitOptions {
  /** How long to keep trying, in ms (generous: a loaded 2-core machine is slow, a met condition returns at once). */
  timeout?: number;
  /** How often to look, in ms. */
  interval?: number;
  /** What was awaited and what was seen, for the error when time runs out. */
  message?: () => string;
}

/** A promise that resolves after `ms`: the poll interval of the waits below, never a wait of its own in a test. */
export const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(
  check: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  { timeout = 5000, interval = 10, message }: WaitOptions = {},
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    if (Date.now() - start >= timeout) {
      throw new Error(`timed out after ${timeout} ms waiting for ${message ? message() : 'a condition'}`);
    }
    await tick(interval);
  }
}
