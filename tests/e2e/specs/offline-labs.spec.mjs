// After one visit the page works offline: the service worker (assets/sw.js) has kept the app
// shell, the wasm, js and css, and the assets the labs fetched (GPT-2's merges, the lazily loaded
// GloVe vectors) and the lab worker's script and wasm (started before the service worker took
// control, so kept with the shell), so a reload with the network off still runs all three labs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { LABS, openLoaded } from './a11y-labs.mjs';

/** Every URL path in the page's caches. */
const cachedPaths = (page) =>
  page.evaluate(async () => {
    const paths = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

test('a reload with the network off still runs every lab', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;

  // 1. The first visit, online: the worker takes control and the labs load their assets.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  for (const slug of LABS) await openLoaded(page, slug);
  const needed = [/^\/$/, /_bg\.wasm$/, /^\/transformer-input-lab-[0-9a-f]+\.js$/, /^\/style-[0-9a-f]+\.css$/, /^\/gpt2\/merges\.bin$/, /^\/glove\/vectors\.bin$/, /^\/lab_worker\.js$/, /^\/lab_worker_bg\.wasm$/];
  await page.waitForFunction(
    async (sources) => {
      const paths = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      }
      return sources.every((source) => paths.some((path) => new RegExp(source).test(path)));
    },
    needed.map((r) => r.source),
  );
  console.log(`[offline] cached: ${(await cachedPaths(page)).join(' ')}`);

  // 2. Offline for real: a file the page never fetched cannot be had.
  await page.context().setOffline(true);
  const probe = await page.evaluate(() => fetch('/tinyshakespeare.txt?offline-probe').then(() => 'fetched', () => 'failed'));
  assert.equal(probe, 'failed');

  // 3. Reload and use every lab.
  app.errors.length = 0;
  const response = await page.reload();
  assert.equal(response.fromServiceWorker(), true);
  for (const slug of LABS) await openLoaded(page, slug);
  await page.getByTestId('nav-tokenize').click();
  await page.getByTestId('bpe-step-forward').click();
  await page.getByTestId('bpe-step-label').filter({ hasText: 'step 1 / 10' }).waitFor();
  app.assertNoErrors();
});
