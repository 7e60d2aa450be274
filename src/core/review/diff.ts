// A unified diff of two texts for the confirm screen and `distill apply`'s plan: jsdiff's hunks, printed with the two
// names and no index header (cards are small; the whole text is diffed).
import { structuredPatch } from 'diff';

export function unifiedDiff(a: string, b: string, nameA: string, nameB: string, context = 3): string {
  const patch = structuredPatch(nameA, nameB, a, b, '', '', { context });
  const out = [`--- ${nameA}`, `+++ ${nameB}`];
  for (const h of patch.hunks) {
    out.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
    out.push(...h.lines);
  }
  return out.join('\n') + '\n';
}
