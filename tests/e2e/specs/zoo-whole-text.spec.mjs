// A 1 MB paste through four tokenizers: the columns show the first 2,000 characters, and "Count
// all of it" counts the whole text in each — GPT-2 in the page, a slice at a time, cl100k_base,
// o200k_base and Mistral v1 in the tokenizer worker — with the references' counts (js-tiktoken,
// sentencepiece), the total time shown, and no main-thread task over 50 ms from the paste to the
// report (the browser's Long Tasks timeline; the paste as the page's own check does it, one
// `input` event).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { gpt2Ready, referenceIdsOfEach } from '../pages/gpt2.mjs';
import { longest, pasteWatched, takeLongTasks } from '../pages/long_tasks.mjs';
import { loadedSide, zooReferenceIds } from '../pages/zoo.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// The first 1,048,576 bytes of Tiny Shakespeare (ASCII, so as many characters).
const TEXT = readFileSync(join(ROOT, 'assets', 'tinyshakespeare.txt'), 'utf8').slice(0, 1 << 20);

test('1 MB through four tokenizers: the references\' counts, the time shown, no long task after the paste or while counting', async (t) => {
  const expected = {
    gpt2: referenceIdsOfEach([TEXT], 'gpt2')[0].length,
    cl100k_base: referenceIdsOfEach([TEXT], 'cl100k_base')[0].length,
    o200k_base: referenceIdsOfEach([TEXT], 'o200k_base')[0].length,
    'mistral-v1': zooReferenceIds([TEXT], 'mistral-v1')[0].length,
  };
  const app = await launch({ serviceWorkers: 'block', path: '/?compare=gpt2,cl100k,o200k,mistral' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  for (const slug of ['cl100k_base', 'o200k_base', 'mistral-v1']) await loadedSide(page, slug);
  // Everything the columns draw once loaded (their grids of numbers) is drawn before the paste.
  for (const slug of Object.keys(expected)) await page.getByTestId(`numbers-${slug}`).getByTestId('numbers-years').waitFor();
  await page.waitForTimeout(1000);
  // Carrying the megabyte over the DevTools protocol takes Playwright 20–40 ms of the page's main
  // thread and the text box's own layout is the browser's cost: both come before the timeline.
  const boxMs = await pasteWatched(page, TEXT);
  await page.getByTestId('compare-cut').waitFor();
  // Let the paste's own work settle, then count.
  await page.waitForTimeout(2000);
  const pasteTasks = await takeLongTasks(page);
  // Pressed from inside the page: Playwright's own click first scrolls and hit-tests, forcing a
  // layout of the page (a megabyte in the text box) in the page's main thread.
  await page.getByTestId('whole-text-run').evaluate((button) => button.click());
  const total = page.getByTestId('whole-text-total');
  await total.waitFor({ timeout: 120_000 });
  for (const [slug, count] of Object.entries(expected)) {
    const shown = Number(await page.getByTestId(`whole-text-${slug}`).getAttribute('data-count'));
    assert.equal(shown, count, `${slug}: all of the text`);
  }
  assert.match(await total.innerText(), /^All 1,048,576 characters \(1\.0 MB\) through 4 columns in \d+ ms:$/);
  const longTasks = await takeLongTasks(page);
  console.log(`[measure] 1 MB in four columns: ${await total.getAttribute('data-ms')} ms in all; longest main-thread task while counting ${longest(longTasks).toFixed(0)} ms; the paste's longest ${longest(pasteTasks).toFixed(0)} ms (the text box itself took ${boxMs.toFixed(0)} ms to take the megabyte); counts ${JSON.stringify(expected)}`);
  assert.deepEqual(pasteTasks.filter((d) => d > 50), [], 'no main-thread task over 50 ms after the paste');
  assert.deepEqual(longTasks.filter((d) => d > 50), [], 'no main-thread task over 50 ms while counting');

  // With no column on show the count still ends, with nothing to count.
  for (const slug of Object.keys(expected)) await page.getByTestId(`compare-choose-${slug}`).uncheck();
  await page.getByTestId('whole-text-run').click();
  await page.getByTestId('whole-text-total').filter({ hasText: /through 0 columns/ }).waitFor();
  assert.equal(await page.getByTestId('whole-text-run').isEnabled(), true);
  app.assertNoErrors();
});
