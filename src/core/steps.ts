// Long passes over a store (its check, its cache write, clustering 100k cards) run as generators that an async caller
// steps through, giving the event loop a turn between steps: so `q` and Esc are read within a few tens of
// milliseconds even while an index of 70k cards is built, not after the whole part (seconds at 100k).

/** True when the step that is running has run long enough: the caller yields then. */
export type Pace = () => boolean;

/** Never yields: a synchronous caller drains the generator anyway. */
export const NEVER: Pace = () => false;

/** Says true once `ms` have passed since it last said true (or was made). */
export function pacer(ms: number): Pace {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < ms) return false;
    last = now;
    return true;
  };
}

/** Runs a generator to its end and returns what it returns. */
export function drain<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Resolves on the event loop's next turn (after pending I/O and timers): keys are read meanwhile. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
