// Smoke: the release build loads in Chromium without errors and shows the Tokenize nav link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';

test('page loads without console errors and shows the Tokenize nav link', async (t) => {
  const app = await launch();
  t.after(() => app.close());

  const nav = app.page.getByTestId('nav-tokenize');
  await nav.waitFor({ state: 'visible' });
  assert.equal(await nav.isVisible(), true);
  await app.screenshot('smoke');
  app.assertNoErrors();
});
