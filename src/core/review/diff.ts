// A unified diff of two texts (line LCS), for the confirm screen: cards are small, so quadratic is fine.
export function unifiedDiff(a: string, b: string, nameA: string, nameB: string, context = 3): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const n = x.length;
  const m = y.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: { t: ' ' | '-' | '+'; s: string; i: number; j: number }[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) ops.push({ t: ' ', s: x[i], i: i++, j: j++ });
    else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ t: '-', s: x[i], i: i++, j });
    else ops.push({ t: '+', s: y[j], i, j: j++ });
  }
  const out = [`--- ${nameA}`, `+++ ${nameB}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].t === ' ') {
      k++;
      continue;
    }
    const start = Math.max(0, k - context);
    let end = k;
    // extend the hunk while changes are within 2*context of each other
    for (;;) {
      while (end < ops.length && ops[end].t !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].t === ' ' && next - end < 2 * context) next++;
      if (next < ops.length && ops[next].t !== ' ') end = next;
      else break;
    }
    end = Math.min(ops.length, end + context);
    const hunk = ops.slice(start, end);
    const aStart = hunk[0].i + 1;
    const bStart = hunk[0].j + 1;
    const aLen = hunk.filter((o) => o.t !== '+').length;
    const bLen = hunk.filter((o) => o.t !== '-').length;
    out.push(`@@ -${aStart},${aLen} +${bStart},${bLen} @@`);
    for (const o of hunk) out.push(o.t + o.s);
    k = end;
  }
  return out.join('\n') + '\n';
}
