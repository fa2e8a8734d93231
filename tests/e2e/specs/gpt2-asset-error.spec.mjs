// GPT-2's real tokenizer with a damaged or missing merges.bin: a clear error in the section, no
// crash, and the rest of the Tokenize lab keeps working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready } from '../pages/gpt2.mjs';

/** Opens the page, then reloads it with merges.bin answered by `answer(route)`. */
async function withAsset(t, answer) {
  // No offline worker: it would answer merges.bin itself, out of page.route()'s reach.
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  await gpt2Ready(app.page);
  await app.page.route('**/gpt2/merges.bin', answer);
  app.errors.length = 0;
  await app.page.reload();
  return app;
}

test('a damaged merges.bin is reported, not crashed on', async (t) => {
  const app = await withAsset(t, async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[1000] ^= 0xff; // one payload byte: the checksum no longer matches
    await route.fulfill({ response, body });
  });
  const { page } = app;
  const error = page.getByTestId('gpt2-error');
  await error.waitFor();
  assert.match(await error.innerText(), /could not be loaded: gpt2\/merges\.bin: GPT-2 merge asset is damaged: checksum/);
  assert.equal(await page.getByTestId('gpt2-token').count(), 0);
  await page.getByTestId('bpe-step-label').filter({ hasText: '/ 10' }).waitFor();
  app.assertNoErrors();
});

test('a missing merges.bin is reported with its HTTP status', async (t) => {
  const app = await withAsset(t, (route) => route.fulfill({ status: 404, body: 'not found' }));
  const { page } = app;
  const error = page.getByTestId('gpt2-error');
  await error.waitFor();
  assert.match(await error.innerText(), /could not be loaded: gpt2\/merges\.bin: HTTP 404/);
  await page.getByTestId('bpe-step-label').filter({ hasText: '/ 10' }).waitFor();
  // The browser itself logs the failed request; nothing else may go wrong.
  assert.ok(app.errors.every((e) => /404/.test(e)), app.errors.join('\n'));
});
