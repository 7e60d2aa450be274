// Reading a large store on two cores (issue 15's cold open): a worker (read-worker.ts) reads card files and
// fingerprints their bodies a few chunks ahead of the main thread, which parses frontmatter and makes the metadata.
// Files are handed out by chunk through a shared claim table: the main thread takes any chunk the worker has not
// claimed, so on a busy machine, where the worker gets little of a core, it does most of the work itself and waits for
// one chunk at most. A worker that stops answering is given up on; its chunks are read here again. The
// results are the same either way (tests/read-ahead.test.ts). A machine with no idle core (its load average at least
// its core count less half a core) is not asked for one: measured on 2 busy cores, a worker there made the open slower.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { RegularFile } from '../files/read-file.js';
import type { Vocabulary } from '../neighbors/expand.js';
import { SIG_SIZE, type BodyPrint } from '../neighbors/fingerprint.js';
import { CLAIMED_BY_MAIN, CLAIMED_BY_WORKER, READ_AHEAD_CHUNK, type ChunkMessage, type ReadAheadData } from './read-ahead-format.js';

/** Below this many files to read, starting a worker costs more than it saves. */
export const READ_AHEAD_MIN_FILES = 2048;
/** How long the main thread waits for a chunk the worker claimed before reading it itself. */
const PATIENCE_MS = 500;

/** A file as the worker read it: its bytes or why it could not be read, and its body's fingerprint when made. */
export interface Prepared {
  read: RegularFile | null;
  error: { code: string; problem: string } | null;
  /** Where the body the fingerprint was made from starts in the text (-1: none made). */
  bodyStart: number;
  print: BodyPrint | null;
}

// The worker's script: beside this module in the compiled tree (dist/core/store), and in the bundle beside the chunk
// this module is bundled into (scripts/bundle.js writes dist/chunks/read-worker.js).
const WORKER_URL = new URL('./read-worker.js', import.meta.url);

export class ReadAhead {
  private readonly chunks = new Map<number, ChunkMessage>();
  private readonly claims: Int32Array;
  private readonly at: Int32Array; // the chunk the main thread is on, for the worker
  private readonly tick = new Int32Array(new SharedArrayBuffer(4));
  private mine = -1; // the chunk the main thread claimed last
  private givenUp = false;
  /** Files the worker read, of those taken so far. */
  fromWorker = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    claims: SharedArrayBuffer,
    chunks: number,
  ) {
    this.claims = new Int32Array(claims, 0, chunks);
    this.at = new Int32Array(claims, 4 * chunks, 1);
  }

  /**
   * A read-ahead of these files in this order, or null when it would not pay: few files, no idle core, no worker
   * script, or DISTILL_READ_AHEAD=0 (=1: whatever the load; for tests, =all: the worker reads every chunk, =stall: it
   * claims one and never answers).
   */
  static start(files: string[], vocabulary: Vocabulary, env: NodeJS.ProcessEnv = process.env): ReadAhead | null {
    if (files.length < READ_AHEAD_MIN_FILES || env.DISTILL_READ_AHEAD === '0') return null;
    const mode = env.DISTILL_READ_AHEAD;
    const forced = mode === '1' || mode === 'all' || mode === 'stall';
    if (!forced && os.loadavg()[0] > os.availableParallelism() - 0.5) return null;
    if (WORKER_URL.protocol !== 'file:' || !fs.existsSync(fileURLToPath(WORKER_URL))) return null;
    const chunks = Math.ceil(files.length / READ_AHEAD_CHUNK);
    const claims = new SharedArrayBuffer(4 * (chunks + 1));
    if (mode === 'all') new Int32Array(claims, 0, chunks).fill(CLAIMED_BY_WORKER);
    const { port1, port2 } = new MessageChannel();
    const data: ReadAheadData = { kind: 'distill-read-ahead', files, vocabulary: { variants: { ...vocabulary.variants }, abbreviations: { ...vocabulary.abbreviations } }, chunks, claims, port: port2, mode: mode === 'all' || mode === 'stall' ? mode : 'window' };
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, { workerData: data, transferList: [port2], stdout: true, stderr: true });
    } catch {
      port1.close();
      return null;
    }
    worker.on('error', () => {}); // a failed worker is noticed by its silence (take); its error is not the user's
    worker.unref();
    return new ReadAhead(worker, port1, claims, chunks);
  }

  /**
   * File `i`'s read (asked in order, every index once), or null when the main thread reads it itself: the chunk was
   * free and is now the main thread's, or the worker was given up on.
   */
  take(i: number): Prepared | null {
    const chunk = Math.floor(i / READ_AHEAD_CHUNK);
    if (i % READ_AHEAD_CHUNK === 0) {
      this.chunks.delete(chunk - 1);
      if (!this.givenUp) this.tell(chunk);
      if (this.givenUp || Atomics.compareExchange(this.claims, chunk, 0, CLAIMED_BY_MAIN) === 0) this.mine = chunk;
    }
    if (this.mine === chunk) return null;
    const message = this.await(chunk);
    if (!message) {
      this.mine = chunk;
      return null;
    }
    this.fromWorker++;
    return prepared(message, i - chunk * READ_AHEAD_CHUNK);
  }

  /** Stops the worker (it may still be reading chunks no one will ask for). */
  close(): void {
    this.chunks.clear();
    this.tell(this.claims.length); // past the last chunk: the worker stops at its next look
    this.port.close();
    void this.worker.terminate();
  }

  /** Tells the worker which chunk the main thread is on. */
  private tell(chunk: number): void {
    Atomics.store(this.at, 0, chunk);
    Atomics.notify(this.at, 0);
  }

  private await(chunk: number): ChunkMessage | null {
    let quietSince = performance.now();
    for (;;) {
      for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
        const message = m.message as ChunkMessage;
        this.chunks.set(message.chunk, message);
        quietSince = performance.now();
      }
      const message = this.chunks.get(chunk);
      if (message) return message;
      if (performance.now() - quietSince > PATIENCE_MS) {
        // The worker is gone or starved: the main thread reads every chunk from here on, and tells the worker to stop.
        this.givenUp = true;
        this.tell(this.claims.length);
        return null;
      }
      Atomics.wait(this.tick, 0, 0, 1);
    }
  }
}

function prepared(message: ChunkMessage, k: number): Prepared {
  const size = message.numbers[4 * k];
  if (size < 0) {
    const error = message.errors.find((e) => e.at === k)!;
    return { read: null, error: { code: error.code, problem: error.problem }, bodyStart: -1, print: null };
  }
  const at = message.numbers[4 * k + 2];
  const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset + at, size);
  const key = message.keys[k];
  return {
    read: { bytes, size, mtimeMs: message.numbers[4 * k + 1] },
    error: null,
    bodyStart: message.numbers[4 * k + 3],
    print: key === null ? null : { key, sig: message.sigs.subarray(SIG_SIZE * k, SIG_SIZE * (k + 1)) },
  };
}
