// MiniLM's assets missing or damaged: each view says which file and why (the core's sentence), shows
// what it can without it, and the rest of the lab keeps working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';

/**
 * The page reloaded with `pattern` answered by `answer(route)` (the first load may have fetched it
 * before the route was in place); no offline worker, which would answer it out of page.route()'s reach.
 */
async function withAsset(t, path, ready, pattern, answer) {
  const app = await launch({ path, serviceWorkers: 'block', timeoutMs: 60_000 });
  t.after(() => app.close());
  // Reloading while the wasm still compiles would abort it (and log that): wait for the lab first.
  await app.page.getByTestId(ready).first().waitFor();
  await app.page.route(pattern, answer);
  app.errors.length = 0;
  await app.page.reload();
  return app;
}

test('a missing token table: the pipeline says so and still tokenizes; the guard still trips', async (t) => {
  const app = await withAsset(t, '/#embed', 'embed-neighbor', '**/minilm/tokens.bin', (route) => route.fulfill({ status: 404, body: 'not found' }));
  const { page } = app;
  await page.getByTestId('minilm-pipeline-open').click();
  const error = page.getByTestId('minilm-pipeline').getByTestId('minilm-tokens-status-error');
  await error.waitFor();
  assert.match(await error.textContent(), /Could not load MiniLM's token table \(tokens\.bin\): minilm\/tokens\.bin: HTTP 404/);
  await page.getByTestId('minilm-seq').filter({ hasText: /^\d+$/ }).waitFor();
  await page.getByTestId('minilm-fill-513').click();
  await page.getByTestId('minilm-guard').filter({ hasText: 'Sequence length (513)' }).waitFor();
  // GloVe's neighbours are untouched.
  assert.ok((await page.getByTestId('embed-neighbor').count()) > 0);
  assert.ok(app.errors.every((e) => /404/.test(e)), app.errors.join('\n'));
});

test('a damaged layer.bin: the Position lab names the damage and keeps its own tables', async (t) => {
  const app = await withAsset(t, '/#position', 'pe-vector', '**/minilm/layer.bin', async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[5000] ^= 0xff; // one value: the checksum no longer matches
    await route.fulfill({ response, body });
  });
  const { page } = app;
  const error = page.getByTestId('minilm-layer-status-error');
  await error.waitFor();
  assert.match(await error.textContent(), /minilm\/layer\.bin: the MiniLM asset is damaged: checksum .* rebuild it with `cargo xtask minilm`/);
  await page.getByTestId('pe-vector').waitFor();
  app.assertNoErrors();
});
