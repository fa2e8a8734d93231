// The 3 MB vectors are fetched the first time the Embed lab opens, not with the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openEmbed } from './embed-lab.mjs';

test('vectors load only when the lab opens', async (t) => {
  const app = await launch({ path: '/#tokenize' });
  t.after(() => app.close());
  const { page } = app;
  const fetched = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.getByTestId('nav-tokenize').waitFor();
  await page.waitForTimeout(500);
  assert.ok(!fetched.includes('/glove/vectors.bin'), fetched.join(', '));

  await openEmbed(page);
  assert.equal(fetched.filter((p) => p === '/glove/vectors.bin').length, 1);
  const status = await page.getByTestId('embed-status').innerText();
  console.log(`[measure] ${status}`);
  app.assertNoErrors();
});
