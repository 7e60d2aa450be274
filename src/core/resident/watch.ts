// Watching the card folders for a resident index (issue 36): `<home>/memory` and each kind folder under it, one
// fs.watch per folder (a recursive watch is not available for inotify on Node 20), a folder that appears watched when
// its parent says so. Changed card files are queued until the index asks (drain). A request first syncs with a
// cookie, as watchman's `sync_to_now` and git's fsmonitor daemon do: a uniquely named file is written into
// `<home>/memory` (no card folder: DeepScientist and distill list only `<kind>/*.md`) and removed once its event has
// arrived; events come in order on one inotify queue, so every change made before the request has then been queued.
// Where watching cannot be trusted (a network file system, no inotify watches left, a watcher error, a cookie that
// cannot be written) the watcher says so once and the index rescans per request (mode 'scan').
import fs from 'node:fs';
import path from 'node:path';
import { MEMORY_KINDS, type MemoryKind } from '../model.js';

/** statfs f_type of file systems whose changes made elsewhere send no events here (Linux magic numbers). */
const NETWORK_FS: Record<number, string> = {
  0x6969: 'NFS',
  0x517b: 'SMB',
  0xff534d42: 'CIFS',
  0xfe534d42: 'SMB2',
  0x01021997: '9p',
  0x00c36400: 'Ceph',
  0x0bd00bd0: 'Lustre',
  0x65735546: 'FUSE',
  0x47504653: 'GPFS',
};

/** More changed files than this between two requests: one rescan instead (the queue stays small at 100k cards). */
const QUEUE_MAX = 4096;
const COOKIE_PREFIX = '.distill-sync-';

export interface Drained {
  /** Card files that changed, came or went. */
  paths: string[];
  /** A folder came or went, the queue overflowed, or an event named no file: check every file. */
  rescan: boolean;
}

export class CardWatcher {
  mode: 'watch' | 'scan' = 'watch';
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private changed = new Set<string>();
  private rescan = false;
  private readonly waiting = new Map<string, (seen: boolean) => void>();
  private cookies = 0;
  private told = false;

  /** `root`: `<home>/memory`. `notice`: where the one line saying why the index rescans goes (stderr). */
  constructor(
    readonly root: string,
    private readonly notice: (line: string) => void,
    private readonly kinds: readonly MemoryKind[] = MEMORY_KINDS,
  ) {}

  start(): this {
    const network = networkFs(this.root);
    if (network) return this.degrade(`${this.root} is on ${network}: changes made on another machine send no events here`), this;
    if (!this.watch(this.root, (name) => this.onRoot(name))) return this;
    for (const kind of this.kinds) this.watchKind(kind);
    return this;
  }

  /** Falls back to a rescan per request for good, saying why once. */
  degrade(why: string): void {
    if (this.mode === 'scan') return;
    this.mode = 'scan';
    this.close();
    if (!this.told) this.notice(`distill: ${why}; the card folders are rescanned before each request`);
    this.told = true;
  }

  private watch(dir: string, onEvent: (name: string | null) => void): boolean {
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(dir, { persistent: true }, (_event, name) => onEvent(name === null ? null : String(name)));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return dir !== this.root || (this.degrade(`${dir}: not there to watch`), false);
      const why = code === 'ENOSPC' ? 'no inotify watch left (raise fs.inotify.max_user_watches)' : code === 'EMFILE' ? 'too many open files' : (code ?? String(error));
      this.degrade(`cannot watch ${dir} (${why})`);
      return false;
    }
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      // A kind folder removed: its parent's event asks for a rescan, and a new one is watched when it appears.
      this.watchers.delete(dir);
      watcher.close();
      if (dir !== this.root && !fs.existsSync(dir)) return;
      this.degrade(`watching ${dir} failed (${error.code ?? error.message})`);
    });
    this.watchers.set(dir, watcher);
    return true;
  }

  private watchKind(kind: string): void {
    const dir = path.join(this.root, kind);
    if (this.mode !== 'watch' || this.watchers.has(dir)) return;
    if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
    this.watch(dir, (name) => this.onKind(dir, name));
  }

  private onRoot(name: string | null): void {
    if (name !== null && name.startsWith(COOKIE_PREFIX)) {
      this.waiting.get(name)?.(true);
      return;
    }
    if (name === null || this.kinds.includes(name as MemoryKind)) {
      // A kind folder came, went or was replaced: watch it anew and check every file.
      const dir = name === null ? null : path.join(this.root, name);
      if (dir) {
        this.watchers.get(dir)?.close();
        this.watchers.delete(dir);
        this.watchKind(name!);
      } else for (const kind of this.kinds) this.watchKind(kind);
      this.rescan = true;
    }
  }

  private onKind(dir: string, name: string | null): void {
    if (name === null) this.rescan = true;
    else if (name.endsWith('.md')) {
      this.changed.add(path.join(dir, name));
      if (this.changed.size > QUEUE_MAX) {
        this.changed.clear();
        this.rescan = true;
      }
    }
  }

  /** The changes queued since the last drain. */
  drain(): Drained {
    const out = { paths: [...this.changed], rescan: this.rescan };
    this.changed = new Set();
    this.rescan = false;
    return out;
  }

  /**
   * Writes a cookie into the root and waits (at most `timeoutMs`) until its event arrives: true when it did (every
   * change made before the call is queued), false when it did not (then check the files). A cookie that cannot be
   * written puts the watcher in scan mode.
   */
  async sync(timeoutMs: number): Promise<boolean> {
    if (this.mode !== 'watch') return false;
    const name = `${COOKIE_PREFIX}${process.pid}-${++this.cookies}`;
    const file = path.join(this.root, name);
    const seen = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiting.set(name, (ok) => {
        clearTimeout(timer);
        resolve(ok);
      });
    });
    try {
      fs.writeFileSync(file, '');
    } catch (error) {
      this.waiting.delete(name);
      this.degrade(`cannot write a sync cookie in ${this.root} (${(error as NodeJS.ErrnoException).code ?? error})`);
      return false;
    }
    try {
      return await seen;
    } finally {
      this.waiting.delete(name);
      fs.rmSync(file, { force: true });
    }
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    for (const wake of this.waiting.values()) wake(false);
  }
}

/** The kind of network file system `dir` is on, or null (a local one, or statfs not available). */
function networkFs(dir: string): string | null {
  try {
    const type = fs.statfsSync(dir).type;
    return NETWORK_FS[type >>> 0] ?? null;
  } catch {
    return null;
  }
}
