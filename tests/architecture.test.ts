// The shape a newcomer relies on, checked so a regression fails the build: no source file grows past 300 lines
// (a file that long is usually two ideas). Layers and cycles are checked by dependency-cruiser in `npm run check`.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('source layout', () => {
  it('no file in src is over 300 lines', () => {
    const long = sources(SRC)
      .map((file) => ({ file: path.relative(SRC, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });
});
