// What the read-ahead worker (read-worker.ts) and the main thread (read-ahead.ts) exchange.
import type { MessagePort } from 'node:worker_threads';
import type { Vocabulary } from '../neighbors/expand.js';

/** Files per chunk: a claim, a message. */
export const READ_AHEAD_CHUNK = 128;
export const CLAIMED_BY_WORKER = 1;
export const CLAIMED_BY_MAIN = 2;

export interface ReadAheadData {
  kind: 'distill-read-ahead';
  files: string[];
  vocabulary: Vocabulary;
  /** SharedArrayBuffer of one Int32 per chunk: 0 free, else who took it. */
  claims: SharedArrayBuffer;
  port: MessagePort;
  /** Tests: claim the last chunk and never answer (the main thread must give up on the worker and read it). */
  stall: boolean;
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
