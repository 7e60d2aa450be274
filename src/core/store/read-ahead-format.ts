// What the read-ahead worker (read-worker.ts) and the main thread (read-ahead.ts) exchange.
import type { MessagePort } from 'node:worker_threads';
import type { Vocabulary } from '../neighbors/expand.js';

/** Files per chunk: a claim, a message. */
export const READ_AHEAD_CHUNK = 128;
/** How many chunks the worker works ahead of the main thread at most (what waits in memory: ~2 MB of card files). */
export const READ_AHEAD_WINDOW = 8;
export const CLAIMED_BY_WORKER = 1;
export const CLAIMED_BY_MAIN = 2;

export interface ReadAheadData {
  kind: 'distill-read-ahead';
  files: string[];
  vocabulary: Vocabulary;
  chunks: number;
  /** SharedArrayBuffer of one Int32 per chunk (0 free, else who took it), then the chunk the main thread is on. */
  claims: SharedArrayBuffer;
  port: MessagePort;
  /** Tests: `all` reads every chunk in order (the main thread waits for each); `stall` claims one and never answers. */
  mode: 'window' | 'all' | 'stall';
}

export interface ChunkMessage {
  chunk: number;
  /** Per file: size (-1: not read, see errors), mtimeMs, where its bytes start in `bytes`, where its body starts (-1: none). */
  numbers: Float64Array;
  bytes: Uint8Array;
  errors: { at: number; code: string; problem: string }[];
  /** Per file the body fingerprint's key (null: none), and its signature at SIG_SIZE * index. */
  keys: (string | null)[];
  sigs: Uint32Array;
}

/**
 * Where the body starts when the frontmatter is cut as parseCardTextFast cuts it (format/fast-frontmatter.ts), or -1.
 * The main thread checks that its parse gave this same body before it uses a fingerprint made from it.
 */
export function fastBodyStart(text: string): number {
  if (!text.startsWith('---\n') || text.includes('\r')) return -1;
  let close = text.indexOf('\n---', 3);
  while (close >= 0 && text.charCodeAt(close + 4) !== 10) {
    if (close + 4 >= text.length) return -1;
    close = text.indexOf('\n---', close + 1);
  }
  return close < 0 ? -1 : close + 5;
}
