// The layers and the rule that keeps them apart: cli -> ui -> core, never back, and no import cycles.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    { name: 'core-is-the-bottom', severity: 'error', from: { path: '^src/core/' }, to: { path: '^src/(ui|cli)/' } },
    { name: 'ui-never-imports-cli', severity: 'error', from: { path: '^src/ui/' }, to: { path: '^src/cli/' } },
    { name: 'core-knows-no-react', severity: 'error', from: { path: '^src/core/' }, to: { path: 'node_modules/(ink|react|zustand|ink-[^/]+)/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
