// The three tie rules give the seed's first merge and each explains its choice in its own words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting } from '../pages/tokenize.mjs';

test('smallest-id and first-seen rules retrain and explain themselves', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await atStep(page, 'step 0 / 10');
  const explanation = page.getByTestId('bpe-explanation');

  for (const rule of ['smallest-id', 'first-seen']) {
    await (await corpusSetting(page, 'bpe-tie-rule')).selectOption(rule);
    await (await corpusSetting(page, 'bpe-train')).click();
    await explanation.filter({ hasText: `the ${rule} rule picks` }).waitFor();
  }
  // first-seen: "newer" is the first word holding either tied pair, and in it `e r` comes before
  // `r </w>`, so this rule picks `e r` too.
  assert.equal(
    await explanation.innerText(),
    'e r and r </w> tie at 9; the first-seen rule picks e r.',
  );
  app.assertNoErrors();
});
