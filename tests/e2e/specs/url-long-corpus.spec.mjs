// A custom corpus short enough travels in the link and comes back on reload; one too long for a link
// is left out, and the page says so (the link then opens on the seed corpus).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, seedReady } from '../pages/tokenize.mjs';
import { queryOnceWritten } from './link-lab.mjs';

test('short custom corpora travel, long ones are named', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);

  // 1. A short free-text corpus: in the link with its format, trained again after a reload.
  await (await corpusSetting(page, 'bpe-corpus')).fill('abab abab cdcd ab');
  await (await corpusSetting(page, 'bpe-format')).selectOption('text');
  await (await corpusSetting(page, 'bpe-train')).click();
  const query = await queryOnceWritten(page, 'text');
  assert.equal(query.get('text'), 'abab abab cdcd ab');
  assert.equal(query.get('format'), 'text');
  assert.ok(!query.has('corpus'), 'a custom corpus names no preset');
  await page.reload({ waitUntil: 'load' });
  await atStep(page, 'step 0 / ');
  assert.equal(await page.getByTestId('bpe-corpus').inputValue(), 'abab abab cdcd ab');
  assert.equal(await page.getByTestId('bpe-preset').inputValue(), 'custom');
  // Trained on it: at step 0 the vocabulary is its alphabet.
  assert.deepEqual((await page.getByTestId('bpe-vocab').innerText()).split('\n'), ['</w>', 'a', 'b', 'c', 'd']);

  // 2. 3,000 characters: left out of the link, with a note saying so.
  await (await corpusSetting(page, 'bpe-corpus')).fill('lorem ipsum '.repeat(250));
  const note = page.getByTestId('url-note-sharing');
  await note.filter({ hasText: 'The custom corpus is 3000 characters long, more than a link carries (2000), so the link leaves it out.' }).waitFor();
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('text'));

  // 3. Short again: back in the link, and the note goes.
  await (await corpusSetting(page, 'bpe-corpus')).fill('lorem ipsum');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('text') === 'lorem ipsum');
  assert.equal(await page.getByTestId('url-note').count(), 0);
  app.assertNoErrors();
});
