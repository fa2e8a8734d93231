// "Encode a word": an unseen word is segmented by replaying the learned merges in rank order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';

test('encode an unseen word with the seed merges, step by step', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('bpe-step-label').filter({ hasText: '/ 10' }).waitFor();

  const input = page.getByTestId('bpe-encode-input');
  await input.fill('lowest');
  const output = page.getByTestId('bpe-encode-output');
  // The seed corpus contains "lowest" itself, so ten merges rebuild it.
  await output.getByText('lowest →').waitFor();
  const steps = await output.getByTestId('bpe-encode-step').allInnerTexts();
  assert.ok(steps.length >= 1);
  assert.match(steps[0], /^rank \d+: /);

  await input.fill('slower');
  await output.getByText('slower →').waitFor();
  const chips = await output.getByTestId('bpe-encode-tokens').locator('.chip').allInnerTexts();
  assert.equal(chips.join(''), 'slower</w>');
  assert.ok(chips.length < 'slower'.length + 1, `expected merges to apply, got ${chips.join(' ')}`);
  app.assertNoErrors();
});
