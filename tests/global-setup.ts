// One temp root for the whole test run: every test (and every CLI or tmux process a test starts) makes its temp files
// under it through os.tmpdir(), and it is removed when the run ends, so `npm test` leaves nothing behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-test-run-'));
  process.env.TMPDIR = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}
