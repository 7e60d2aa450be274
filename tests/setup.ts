import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Ink treats any CI variable as CI and then renders only the last frame; UI tests need real frames.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
process.env.TZ = 'UTC';
// Tests never touch the user's ~/.cache/distill: the cache goes to the run's temp root, and so does any cache of a test
// whose env names no cache folder (cacheDir falls back to os.homedir(), which reads $HOME), so HOME is a temp folder too.
process.env.DISTILL_CACHE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
process.env.HOME = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-home-'));
