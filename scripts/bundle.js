#!/usr/bin/env node
// Bundles the CLI into dist/distill.mjs (what bin/distill.js runs) with esbuild: one file for the entry, the CLI
// and the core in a chunk of their own, and React/Ink in chunks loaded only by the commands that draw (they are
// imported dynamically). Source maps beside them for DISTILL_DEBUG stack traces.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const outdir = path.join(root, 'dist');

// Old chunks would pile up (their names carry a content hash).
fs.rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  entryPoints: { distill: 'src/cli/bin.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // React's production build (its development build doubles the time per frame), and the version built in.
  define: { 'process.env.NODE_ENV': '"production"', DISTILL_VERSION: JSON.stringify(pkg.version) },
  // Bundled CommonJS packages (React, signal-exit, …) call require() for Node's built-ins.
  // js-yaml 3 (inside gray-matter) probes for esprima at load, for a `!!js/function` type distill never reads (its
  // JS engines are refused): answered "not installed", which saved ~10 ms of every start.
  banner: {
    js:
      "import { createRequire as __distillRequire } from 'node:module'; " +
      "const require = ((r) => Object.assign((id) => { if (id === 'esprima') throw new Error('esprima is not used'); return r(id); }, r))(__distillRequire(import.meta.url));",
  },
  // Ink imports the React devtools only when DEV=true; they are not a dependency.
  external: ['react-devtools-core'],
  logLevel: 'warning',
});
