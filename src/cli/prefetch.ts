// The bundled CLI's head start on a warm open: for the commands that open the card store first thing, a worker thread
// (core/store/stat-worker.ts, built as dist/stat-worker.mjs) lists `<home>/memory` and stats every card file while
// this thread loads the CLI's modules (~40 ms of each, on two cores). Imports no module of distill's: it runs before
// they load. The store's first open takes the listing only for the home it opens; any write of the process drops it.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** Commands whose first work is a store open, before any write of theirs. */
const OPENERS = new Set(['recall', 'neighbors', 'review', 'lessons', 'drafts']);
/** How long to wait for the worker to start before listing on this thread instead. */
const START_MS = 1000;
/** How long a started worker may take (a slow disk, a huge store) before this thread lists on its own. */
const DONE_MS = 30_000;

/** The home the command will use when it is named (--home, $DEEPSCIENTIST_HOME, $DS_HOME), and the command word. */
function guess(argv: readonly string[], env: NodeJS.ProcessEnv): { home: string | undefined; command: string | undefined } {
  let home: string | undefined;
  let command: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--home') {
      const value = argv[++i];
      home ??= value;
    }
    else if (a.startsWith('--home=')) home ??= a.slice(7);
    else if (!a.startsWith('-')) command ??= a;
  }
  return { home: home || env.DEEPSCIENTIST_HOME || env.DS_HOME, command };
}

/**
 * Starts the worker when the command opens the store of a named home; returns what the store's open calls to take
 * the listing (blocking until the worker posts it; null if the worker never started), or null when no worker runs.
 */
export function startListing(workerFile: URL, argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): (() => unknown) | null {
  const { home, command } = guess(argv, env);
  if (!home || !command || !OPENERS.has(command) || argv.includes('--help') || env.DISTILL_NO_PREFETCH) return null;
  if (argv[argv.indexOf(command) + 1] === 'apply') return null; // `lessons apply` writes before it opens
  if (!fs.existsSync(fileURLToPath(workerFile))) return null; // not the bundle
  // Only with a core to spare: on a busy machine the worker's start (~25 ms of CPU) is paid and nothing runs alongside
  // (measured on 2 cores at load 3-5: recall and neighbors 5-10% slower with it). The last minute's load average says.
  if (!env.DISTILL_PREFETCH && os.loadavg()[0] + 1 > os.availableParallelism()) return null;
  const state = new SharedArrayBuffer(4);
  const word = new Int32Array(state);
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    worker = new Worker(workerFile, { workerData: { home, cwd, state, port: port2 }, transferList: [port2] });
  } catch {
    return null;
  }
  worker.unref(); // never keeps the process alive: a command that ends before its open does not wait for it
  worker.on('error', () => undefined);
  return () => {
    if (Atomics.load(word, 0) === 0) Atomics.wait(word, 0, 0, START_MS);
    if (Atomics.load(word, 0) === 0) {
      void worker.terminate();
      return null;
    }
    if (Atomics.load(word, 0) === 1) Atomics.wait(word, 0, 1, DONE_MS);
    if (Atomics.load(word, 0) !== 2) {
      void worker.terminate();
      return null;
    }
    const message = receiveMessageOnPort(port1)?.message as unknown;
    port1.close();
    return message ?? null;
  };
}
