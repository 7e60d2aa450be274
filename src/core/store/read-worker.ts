// The read-ahead worker (read-ahead.ts): reads card files and fingerprints their bodies on a second thread while the
// main thread parses frontmatter, so a cold open of a large store uses two cores. It takes chunks of the file list
// from a shared claim table, a window ahead of the main thread (which takes the chunks it reaches first) and posts each chunk's bytes, sizes,
// mtimes, read errors and body fingerprints. Kept small: its own bundle (scripts/bundle.js) loads in milliseconds.
import { parentPort, workerData } from 'node:worker_threads';
import { readProblem, readRegularFile } from '../files/read-file.js';
import { selectVocabulary, type Vocabulary } from '../neighbors/expand.js';
import { bodyPrint, SIG_SIZE } from '../neighbors/fingerprint.js';
import { CLAIMED_BY_WORKER, READ_AHEAD_CHUNK, READ_AHEAD_WINDOW, fastBodyStart, type ChunkMessage, type ReadAheadData } from './read-ahead-format.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function readChunk(files: readonly string[], chunk: number): ChunkMessage {
  const first = chunk * READ_AHEAD_CHUNK;
  const n = Math.min(READ_AHEAD_CHUNK, files.length - first);
  const numbers = new Float64Array(4 * n); // size, mtimeMs, offset of the bytes, body start (-1: no fingerprint made)
  const parts: Buffer[] = [];
  const errors: ChunkMessage['errors'] = [];
  const keys: (string | null)[] = new Array(n).fill(null);
  const sigs = new Uint32Array(SIG_SIZE * n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    numbers[4 * k + 3] = -1;
    let bytes: Buffer;
    try {
      const read = readRegularFile(files[first + k]);
      bytes = read.bytes;
      numbers[4 * k] = read.size;
      numbers[4 * k + 1] = read.mtimeMs;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
      errors.push({ at: k, code: String(code), problem: readProblem(error) });
      numbers[4 * k] = -1;
      continue;
    }
    numbers[4 * k + 2] = total;
    parts.push(bytes);
    total += bytes.length;
    // The body as the fast frontmatter path cuts it; the main thread uses this fingerprint only when its parse gave
    // exactly this body (read-ahead.ts).
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      continue;
    }
    const start = fastBodyStart(text);
    if (start < 0) continue;
    const print = bodyPrint(text.slice(start));
    numbers[4 * k + 3] = start;
    if (print) {
      keys[k] = print.key;
      sigs.set(print.sig, SIG_SIZE * k);
    }
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { chunk, numbers, bytes, errors, keys, sigs };
}

function post(data: ReadAheadData, chunk: number): void {
  const message = readChunk(data.files, chunk);
  data.port.postMessage(message, [message.numbers.buffer, message.bytes.buffer, message.sigs.buffer] as ArrayBuffer[]);
}

/**
 * Works a window of chunks ahead of the main thread, farthest first: the chunk the main thread reaches next is then
 * one this thread finished long ago, or one nobody took (the main thread reads it itself), so the main thread waits
 * for one chunk at most however slow this thread is; and no more than READ_AHEAD_WINDOW chunks wait in memory.
 */
function run(data: ReadAheadData): void {
  selectVocabulary(data.vocabulary as Vocabulary);
  const claims = new Int32Array(data.claims, 0, data.chunks);
  const at = new Int32Array(data.claims, 4 * data.chunks, 1); // the chunk the main thread is on
  if (data.mode === 'all') {
    for (let chunk = 0; chunk < data.chunks; chunk++) post(data, chunk);
    return data.port.close();
  }
  for (;;) {
    const base = Atomics.load(at, 0);
    const last = Math.min(data.chunks - 1, base + READ_AHEAD_WINDOW);
    let chunk = -1;
    for (let c = last; c > base && chunk < 0; c--) if (Atomics.compareExchange(claims, c, 0, CLAIMED_BY_WORKER) === 0) chunk = c;
    if (chunk >= 0) {
      if (data.mode === 'stall') return; // tests: a worker that stops answering
      post(data, chunk);
    } else if (last === data.chunks - 1) {
      break; // every chunk after the main thread's is taken
    } else {
      Atomics.wait(at, 0, base, 100); // until the main thread moves on
    }
  }
  data.port.close();
}

if (parentPort && (workerData as ReadAheadData | null)?.kind === 'distill-read-ahead') run(workerData as ReadAheadData);
