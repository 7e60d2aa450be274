// The bundle's worker thread (dist/stat-worker.mjs, started by cli/prefetch.ts): lists `<home>/memory` and stats every
// card file while the main thread loads its modules, and posts the listing (listing.ts). The state word tells the
// main thread, which waits on it with Atomics, whether it started (1) and finished (2).
import fs from 'node:fs';
import path from 'node:path';
import { workerData, type MessagePort } from 'node:worker_threads';
import { listAndStat, packListing } from './listing.js';

const { home, cwd, state, port } = workerData as { home: string; cwd: string; state: SharedArrayBuffer; port: MessagePort };
const word = new Int32Array(state);
Atomics.store(word, 0, 1);
try {
  // The home as resolveHome makes it (real path): the store's root is `<home>/memory`.
  const listing = listAndStat(path.join(fs.realpathSync(path.resolve(cwd, home)), 'memory'));
  const packed = packListing(listing);
  port.postMessage(packed, [packed.stats.buffer as ArrayBuffer]);
} catch {
  port.postMessage(null); // no such home: the command says so itself
} finally {
  Atomics.store(word, 0, 2);
  Atomics.notify(word, 0);
  port.close();
}
