// The tokenizer worker offline: once a zoo tokenizer has been used, the service worker has kept the
// worker's script and wasm and the tokenizer's file, so after a reload with the network off the
// column loads again and gives the same ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2 } from '../pages/gpt2.mjs';
import { chipIds, loadedSide, loadSide, zooReferenceIds } from '../pages/zoo.mjs';

const TEXT = 'Offline, Mistral still reads 2024 naïve words 👍🏽';

test('a zoo column works offline after one use', async (t) => {
  const [expected] = zooReferenceIds([TEXT], 'mistral-v1');
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // 1. Online: the column loads, through the worker.
  await gpt2Ready(page);
  let side = await loadSide(page, 'mistral-v1', 'mistral/', []);
  await pasteGpt2(page, TEXT);
  assert.deepEqual(await chipIds(page, side, 'mistral-v1', expected), expected);
  const needed = ['/lab_worker.js', '/lab_worker_bg.wasm', '/mistral/mistral-v1.bin'];
  await page.waitForFunction(async (paths) => {
    const cached = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
    }
    return paths.every((p) => cached.includes(p));
  }, needed);

  // The address follows the page within 300 ms: the reload must find the column in it.
  await page.waitForFunction(() => (new URLSearchParams(location.search).get('compare') ?? '').includes('mistral-v1'));

  // 2. Offline: reload; the link chose the column, which loads again from the cache.
  await page.context().setOffline(true);
  app.errors.length = 0;
  assert.equal((await page.reload()).fromServiceWorker(), true);
  await gpt2Ready(page);
  side = await loadedSide(page, 'mistral-v1');
  await pasteGpt2(page, TEXT);
  assert.deepEqual(await chipIds(page, side, 'mistral-v1', expected), expected);
  app.assertNoErrors();
});
