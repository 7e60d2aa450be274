import { expect, test } from 'vitest';
import { ReviewApp } from '../../src/ui/app.js';
import { createReviewStore } from '../../src/ui/store.js';
import { fakeFacade } from './fake-facade.js';
import { renderApp } from './render.js';

test('renders', async () => {
  const store = createReviewStore({ facade: fakeFacade() });
  const app = await renderApp(<ReviewApp store={store} env={{}} />, { columns: 140, rows: 30 });
  console.log(app.frame());
  await app.press('l');
  await app.press('j');
  await app.press('d');
  console.log(app.frame());
  app.unmount();
});
