// Cancel stops a long run and keeps every merge finished so far.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atStep, setMerges, withShakespeare } from '../pages/tokenize.mjs';

test('cancel keeps the last complete state', async (t) => {
  const { app, page } = await withShakespeare(t);
  await setMerges(page, 50000);
  await page.getByTestId('bpe-train').click();
  await page.getByTestId('progress').waitFor();
  await page.waitForTimeout(300);
  await page.getByTestId('progress-cancel').click();

  const notice = page.getByTestId('bpe-notice');
  await notice.waitFor();
  const kept = Number((await notice.innerText()).match(/kept the (\d+) merges/)[1]);
  assert.ok(kept > 0 && kept < 50000, `kept ${kept}`);
  await atStep(page, `step 0 / ${kept}`);
  await page.keyboard.press('End');
  await atStep(page, `step ${kept} / ${kept}`);
  assert.equal(await page.getByTestId('bpe-merge').count(), kept);
  app.assertNoErrors();
});
