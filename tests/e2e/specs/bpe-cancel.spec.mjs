// Cancel stops a long run and keeps every merge finished so far.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';

test('cancel keeps the last complete state', async (t) => {
  const app = await launch({ timeoutMs: 120_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('bpe-step-label').filter({ hasText: '/ 10' }).waitFor();

  await page.getByTestId('bpe-preset').selectOption('tinyshakespeare');
  await page.waitForFunction(() => document.querySelector('[data-testid="bpe-corpus"]').value.length > 1e6);
  assert.equal(await page.getByTestId('bpe-merges-count').inputValue(), '5000');
  await page.getByTestId('bpe-merges-count').fill('50000');
  await page.getByTestId('bpe-merges-count').dispatchEvent('change');
  await page.getByTestId('bpe-train').click();
  await page.getByTestId('progress').waitFor();
  await page.waitForTimeout(300);
  await page.getByTestId('progress-cancel').click();

  const notice = page.getByTestId('bpe-notice');
  await notice.waitFor();
  const kept = Number((await notice.innerText()).match(/kept the (\d+) merges/)[1]);
  assert.ok(kept > 0 && kept < 50000, `kept ${kept}`);
  await page.getByTestId('bpe-step-label').filter({ hasText: `step 0 / ${kept}` }).waitFor();
  await page.keyboard.press('End');
  await page.getByTestId('bpe-step-label').filter({ hasText: `step ${kept} / ${kept}` }).waitFor();
  assert.equal(await page.getByTestId('bpe-merge').count(), kept);
  app.assertNoErrors();
});
