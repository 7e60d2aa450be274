// The package version, for `distill --version`. The bundle has it built in (scripts/bundle.js defines
// DISTILL_VERSION); the unbundled build (dist/cli, src under vitest) reads it from package.json two folders up.
import fs from 'node:fs';

declare const DISTILL_VERSION: string | undefined;

export function packageVersion(): string {
  if (typeof DISTILL_VERSION === 'string') return DISTILL_VERSION;
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    // A copy of the CLI outside the package (the write tests bundle one into a temp dir) has no package.json there.
    return 'unknown';
  }
}
