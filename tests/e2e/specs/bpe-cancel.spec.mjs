// Cancel stops a long run and keeps every merge finished so far.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atStep, corpusSetting, setMerges, withShakespeare } from '../pages/tokenize.mjs';

test('cancel keeps the last complete state', async (t) => {
  const { app, page } = await withShakespeare(t);
  await setMerges(page, 50000);
  await (await corpusSetting(page, 'bpe-train')).click();
  // Cancel once the first merges are in: a fixed wait raced the run, which on a fast machine ran
  // out of pairs (all of Tiny Shakespeare's words merged whole) before the click.
  await page.getByTestId('progress').filter({ hasText: /: [1-9]\d* \/ 50000/ }).waitFor();
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
