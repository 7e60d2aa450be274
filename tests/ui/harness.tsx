// Starts the review app over a fake facade at an explicit terminal size.
import { ReviewApp } from '../../src/ui/review/app.js';
import type { QuestData, StagingSnapshot } from '../../src/ui/review/facade.js';
import { wireStaging } from '../../src/ui/review/session.js';
import { createReviewStore, type ReviewStore } from '../../src/ui/review/store.js';
import { fakeFacade, sampleData, type FakeFacade } from './fake-facade.js';
import { renderApp, type Rendered } from './render.js';

export interface Started extends Rendered {
  store: ReviewStore;
  facade: FakeFacade;
  /** Non-empty lines of the frame. */
  lines(): string[];
}

export async function start(
  options: { columns?: number; rows?: number; data?: QuestData; staging?: StagingSnapshot | null; env?: NodeJS.ProcessEnv; askReasons?: boolean; backLeaves?: boolean } = {},
): Promise<Started> {
  const facade = fakeFacade(options.data ?? sampleData(), options.staging ?? null);
  const store = createReviewStore({ facade, askReasons: options.askReasons, backLeaves: options.backLeaves });
  wireStaging(store, facade);
  const app = await renderApp(<ReviewApp store={store} env={options.env ?? {}} />, {
    columns: options.columns ?? 140,
    rows: options.rows ?? 30,
  });
  return Object.assign(app, { store, facade, lines: () => app.frame().split('\n') });
}
