// The layers and the rules that keep them apart: cli -> ui -> core, never back; inside core, formats and files at the
// bottom, the journal below the review and cleanup; the two screens share only ui/shared; no import cycles.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    { name: 'core-is-the-bottom', severity: 'error', from: { path: '^src/core/' }, to: { path: '^src/(ui|cli)/' } },
    { name: 'core-through-its-surface', severity: 'error', from: { path: '^src/(cli|ui)/' }, to: { path: '^src/core/', pathNot: '^src/core/index\\.ts$' } },
    { name: 'ui-never-imports-cli', severity: 'error', from: { path: '^src/ui/' }, to: { path: '^src/cli/' } },
    { name: 'shared-ui-serves-every-screen', severity: 'error', from: { path: '^src/ui/shared/' }, to: { path: '^src/ui/(review|lessons)/' } },
    { name: 'screens-stay-apart', severity: 'error', from: { path: '^src/ui/lessons/' }, to: { path: '^src/ui/review/' } },
    { name: 'screens-stay-apart-2', severity: 'error', from: { path: '^src/ui/review/' }, to: { path: '^src/ui/lessons/' } },
    { name: 'the-journal-knows-no-review', severity: 'error', from: { path: '^src/core/journal/' }, to: { path: '^src/core/(review|cleanup)/' } },
    { name: 'formats-are-the-floor', severity: 'error', from: { path: '^src/core/format/' }, to: { path: '^src/core/(review|cleanup|journal|quest|store|neighbors)/' } },
    { name: 'mining-sits-above-the-review', severity: 'error', from: { path: '^src/core/(format|files|journal|store|quest|neighbors|review|cleanup)/' }, to: { path: '^src/core/mine/' } },
    { name: 'core-knows-no-react', severity: 'error', from: { path: '^src/core/' }, to: { path: 'node_modules/(ink|react|zustand|ink-[^/]+)/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
