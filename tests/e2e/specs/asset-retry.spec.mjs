// Every asset loads through one page-wide loader: a failed download says why and offers Retry, which
// fetches it again and brings the views that wait for it back; a file several views need is fetched
// once. Shown with GPT-2's merges (the Tokenize lab and its side-by-side both wait for them) and
// MiniLM's vocabulary (the side-by-side's WordPiece column).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready } from '../pages/gpt2.mjs';

test('a failed download is retried on request, and each file is fetched once', async (t) => {
  // No offline worker: it would answer the files itself, out of page.route()'s reach.
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  const fetched = [];
  let failing = true;
  await page.route('**/gpt2/merges.bin', async (route) => {
    fetched.push('gpt2/merges.bin');
    if (failing) await route.fulfill({ status: 503, body: 'busy' });
    else await route.continue();
  });
  await page.route('**/minilm/vocab.txt', async (route) => {
    fetched.push('minilm/vocab.txt');
    if (failing) await route.fulfill({ status: 503, body: 'busy' });
    else await route.continue();
  });
  app.errors.length = 0;
  await page.reload();

  const error = page.getByTestId('gpt2-error');
  await error.waitFor();
  assert.match(await error.innerText(), /gpt2\/merges\.bin: HTTP 503/);
  const wordpieceError = page.getByTestId('wordpiece-status-error');
  await wordpieceError.waitFor();
  assert.match(await wordpieceError.innerText(), /minilm\/vocab\.txt: HTTP 503/);
  // Both GPT-2 views share the one failed download.
  assert.match(await page.getByTestId('compare-gpt2').innerText(), /HTTP 503/);
  assert.deepEqual(fetched.sort(), ['gpt2/merges.bin', 'minilm/vocab.txt']);

  failing = false;
  await page.getByTestId('gpt2-retry').click();
  await gpt2Ready(page);
  await page.getByTestId('compare-gpt2-count').filter({ hasText: /^\d+$/ }).waitFor();
  await page.getByTestId('wordpiece-status-retry').click();
  await page.getByTestId('compare-wordpiece-count').filter({ hasText: /^\d+$/ }).waitFor();
  assert.equal(await page.getByTestId('gpt2-error').count(), 0);
  assert.deepEqual(fetched.sort(), ['gpt2/merges.bin', 'gpt2/merges.bin', 'minilm/vocab.txt', 'minilm/vocab.txt']);
  // The browser logs the failed requests; nothing else may go wrong.
  assert.ok(app.errors.every((e) => /503/.test(e)), app.errors.join('\n'));
});
