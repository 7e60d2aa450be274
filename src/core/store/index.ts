// The global card store: open once per session, refresh after writes.
export { openStore, openStoreSync, Store, type LoadProgress, type LoadStats, type OpenStoreOptions, type RefreshResult } from './load.js';
export type { CardMeta } from './cardMeta.js';
export { parseCardTextFast } from '../format/fast-frontmatter.js';
