// "Encode a word": an unseen word is segmented by replaying the learned merges in rank order, each
// application shown with its rank. Expected values: the seed corpus, 10 merges, lexicographic ties
// (the same as `til bpe train --word-counts --merges 10` then `til bpe encode`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { seedReady } from '../pages/tokenize.mjs';

test('encode words with the seed merges, merge by merge', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);

  const input = page.getByTestId('bpe-encode-input');
  const output = page.getByTestId('bpe-encode-output');
  const tokens = () => output.getByTestId('bpe-encode-tokens').first().locator('.chip').allInnerTexts();
  // Each step as "rank R → the pieces after it".
  const steps = () =>
    output.getByTestId('bpe-encode-step').evaluateAll((els) =>
      els.map((el) => `${el.innerText.match(/^rank \d+/)[0]} → ${[...el.querySelectorAll('.chip')].map((c) => c.innerText).join(' ')}`));

  await input.fill('lowest');
  await output.getByText('lowest →').waitFor();
  assert.deepEqual(await tokens(), ['low', 'e', 's', 't', '</w>']);
  assert.deepEqual(await steps(), [
    'rank 3 → lo w e s t </w>',
    'rank 4 → low e s t </w>',
  ]);

  await input.fill('slower');
  await output.getByText('slower →').waitFor();
  assert.deepEqual(await tokens(), ['s', 'low', 'er</w>']);
  assert.equal((await steps()).length, 4);

  // Characters the corpus never had stay single symbols; nothing breaks.
  await input.fill('ünïcødé 👍🏽');
  await output.getByText('ünïcødé →').waitFor();
  assert.equal((await tokens()).join(''), 'ünïcødé</w>');
  app.assertNoErrors();
});
