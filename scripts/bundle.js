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

/**
 * The core's surface, seen through: src/cli and src/ui import the core only from src/core/index.ts (the layering
 * rule), but esbuild puts every module reachable through that file into one chunk that every command loads, whatever
 * it uses. This plugin rewrites, in the bundle only, each `import { a, b } from '…/core/index.js'` (and `export { … }
 * from` it) into imports from the modules index.ts re-exports a and b from, so a command's chunks hold what it uses
 * (the barrel-file optimization that bundlers such as Next.js's optimizePackageImports do). The source, its checks and
 * the tests keep the one surface. A name index.ts does not re-export from a module, or an import of index.ts in
 * another form, stops the build.
 */
function coreSurfacePlugin() {
  const indexFile = path.join(root, 'src', 'core', 'index.ts');
  const origins = new Map(); // exported name -> { module (absolute .ts), name in it }
  for (const m of fs.readFileSync(indexFile, 'utf8').matchAll(/^export \{([^}]*)\} from '([^']+)';$/gm)) {
    const module = path.join(path.dirname(indexFile), m[2].replace(/\.js$/, '.ts'));
    for (const spec of m[1].split(',').map((x) => x.trim()).filter(Boolean)) {
      if (spec.startsWith('type ')) continue;
      const [name, as] = spec.split(/\s+as\s+/);
      origins.set(as ?? name, { module, name });
    }
  }
  const importRe = /\b(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*'(?:\.\.\/)+core\/index\.js';/g;
  return {
    name: 'core-surface',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/](cli|ui)[\\/].*\.tsx?$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        const contents = text.replace(importRe, (_all, keyword, typeOnly, specs) => {
          if (typeOnly) return '';
          const byModule = new Map();
          for (const spec of specs.split(',').map((x) => x.trim()).filter(Boolean)) {
            if (spec.startsWith('type ')) continue;
            const [name, local = name] = spec.split(/\s+as\s+/);
            const origin = origins.get(name);
            if (!origin) throw new Error(`${args.path}: ${name} is not re-exported by src/core/index.ts from a module`);
            if (!byModule.has(origin.module)) byModule.set(origin.module, []);
            byModule.get(origin.module).push(origin.name === local ? local : `${origin.name} as ${local}`);
          }
          return [...byModule].map(([module, names]) => `${keyword} { ${names.join(', ')} } from ${JSON.stringify(module)};`).join(' ');
        });
        if (/core\/index\.js['"]/.test(contents)) throw new Error(`${args.path}: an import of src/core/index.ts this plugin does not rewrite`);
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

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
  plugins: [coreSurfacePlugin()],
  logLevel: 'warning',
});
