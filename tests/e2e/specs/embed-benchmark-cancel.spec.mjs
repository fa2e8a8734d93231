// Cancel stops a benchmark run part-way and reports the sections finished before it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openEmbed } from './embed-lab.mjs';

test('cancel keeps the finished sections', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);
  const lab = page.locator('#embed');

  await page.getByTestId('embed-benchmark-method').selectOption('mul');
  await page.getByTestId('embed-benchmark-run').click();
  await lab.getByTestId('progress').waitFor();
  await lab.getByTestId('progress-cancel').click();
  const summary = page.getByTestId('embed-benchmark-time');
  await summary.filter({ hasText: 'Cancelled' }).waitFor();
  const total = await page.getByTestId('embed-benchmark-total').innerText();
  const asked = Number(total.match(/\/ (\d+)/)[1]);
  assert.ok(asked < 14877, `a partial total: ${total}`);
  assert.ok(await page.getByTestId('embed-benchmark-run').isEnabled(), 'ready to run again');
  app.assertNoErrors();
});
