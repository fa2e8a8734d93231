// GPT-2's real tokenizer loads lazily: merges.bin (200 KB) is fetched once, by the GPT-2 section,
// which says "Loading…" until the tokens can be drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready } from '../pages/gpt2.mjs';

test('merges.bin is fetched once, with a loading message meanwhile', async (t) => {
  // No offline worker: it would answer merges.bin itself, out of page.route()'s reach.
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);

  // Reload with the asset held back for a moment, counting requests for it.
  let requests = 0;
  let release;
  const held = new Promise((ok) => (release = ok));
  await page.route('**/gpt2/merges.bin', async (route) => {
    requests += 1;
    await held;
    await route.continue();
  });
  await page.reload();
  const loading = page.getByTestId('gpt2-loading');
  await loading.waitFor();
  assert.match(await loading.innerText(), /^Loading GPT-2's 50,000 merges/);
  assert.equal(await page.getByTestId('gpt2-token').count(), 0);
  // The rest of the lab does not wait for it.
  await page.getByTestId('bpe-step-label').filter({ hasText: '/ 10' }).waitFor();

  release();
  await gpt2Ready(page);
  await loading.waitFor({ state: 'detached' });
  assert.match(await page.getByTestId('gpt2-loaded').innerText(), /^Merges fetched in .* ms; checked and turned into lookup tables in .* ms\.$/);
  // Typing re-tokenizes with the tables already built: no second fetch.
  await page.getByTestId('gpt2-input').fill('another text');
  await page.getByTestId('gpt2-count').filter({ hasText: /^2$/ }).waitFor();
  assert.equal(requests, 1);
  app.assertNoErrors();
});
