// 5,000 merges on Tiny Shakespeare train in the page without freezing it; reports the time and the
// trace's memory (printed, never asserted), then the stepper walks the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { longest, takeLongTasks, watchLongTasks } from '../pages/long_tasks.mjs';
import { atStep, corpusSetting, withShakespeare } from '../pages/tokenize.mjs';

test('tinyshakespeare: 5,000 merges with a progress bar, then scrubbing', async (t) => {
  const { app, page } = await withShakespeare(t);
  const corpusLength = await page.getByTestId('bpe-corpus').evaluate((el) => el.value.length);
  assert.equal(corpusLength, 1115394);

  // Count how long the main thread is blocked while training runs.
  await watchLongTasks(page);
  await (await corpusSetting(page, 'bpe-train')).click();
  await page.getByTestId('progress').waitFor();
  await page.getByTestId('bpe-step-label').filter({ hasText: 'step 0 / 5000' }).waitFor({ timeout: 120_000 });
  const stats = await page.getByTestId('bpe-run-stats').innerText();
  const longestTask = longest(await takeLongTasks(page));
  console.log(`[measure] browser: ${stats} Longest main-thread task during training: ${longestTask.toFixed(0)} ms.`);
  assert.match(stats, /5000 merges in \d+ ms/);

  await page.getByTestId('bpe-scrubber').fill('5000');
  await atStep(page, 'step 5000 / 5000');
  assert.equal(await page.getByTestId('bpe-merge').count(), 5000);
  await page.keyboard.press('Home');
  await atStep(page, 'step 0 / 5000');
  await app.screenshot('bpe-shakespeare');
  app.assertNoErrors();
});
