// The learned table (nn.Embedding(max_seq_len, d)) has rows up to the training length and refuses
// positions past it with seed 000's message; the sinusoidal vector is still there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPositionLab, setRange } from './pe-lab.mjs';

test('the learned table refuses positions past max_seq_len', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  await setRange(page, 'pe-train', 32);

  await setRange(page, 'pe-position', 31);
  await page.getByTestId('pe-learned-row').waitFor();
  assert.match(await page.getByTestId('pe-learned-row').textContent(), /^Row 31: /);
  assert.equal(await page.getByTestId('pe-learned-error').count(), 0);

  await setRange(page, 'pe-position', 40);
  const error = page.getByTestId('pe-learned-error');
  await error.waitFor();
  assert.equal((await error.textContent()).trim(), 'Sequence length (41) exceeds maximum context window (32)');
  assert.equal(await page.getByTestId('pe-learned-row').count(), 0);
  // The formula has no such limit.
  assert.equal((await page.getByTestId('pe-vector').textContent()).split(',').length, 32);
  app.assertNoErrors();
});
