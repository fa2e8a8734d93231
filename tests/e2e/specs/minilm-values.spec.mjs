// The pipeline's numbers equal the CLI's: for a few sentences and tokens, all 384 values of the raw
// sum (`til minilm embed --no-layernorm`) and of the LayerNorm output (`til minilm embed`) read from
// the page agree within 2e-3 (the float16 token table's stated error is 1.25e-3 against float64),
// and the first values listed at each step are the sum's parts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { embedCli, openPipeline, setText } from './minilm-lab.mjs';

const TOLERANCE = 2e-3;
const SENTENCES = ["Transformers don't read words: they read token ids.", 'Naïve café, 東京 and 👍 in one line.'];

const numbers = (text) => text.replace(/, …$/, '').split(',').map(Number);

function assertClose(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const worst = Math.max(...actual.map((v, i) => Math.abs(v - expected[i])));
  assert.ok(worst <= TOLERANCE, `${what}: largest difference ${worst}`);
  return worst;
}

test('values at a token equal `til minilm embed` within 2e-3', async (t) => {
  const app = await launch({ path: '/#embed', timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  await openPipeline(page);
  let worst = 0;
  for (const sentence of SENTENCES) {
    const [raw, normalised] = [embedCli(sentence, true), embedCli(sentence)];
    await setText(page, 'minilm-input', sentence);
    await page.getByTestId('minilm-seq').filter({ hasText: new RegExp(`^${raw.length}$`) }).waitFor();
    for (const position of [0, 1, raw.length - 2, raw.length - 1]) {
      await page.getByTestId('minilm-chips').getByTestId('wordpiece-token').nth(position).click();
      await page.getByTestId('minilm-values-position-index').filter({ hasText: new RegExp(`^${position}$`) }).waitFor();
      const what = `${JSON.stringify(sentence)} token ${position} (${raw[position].token})`;
      assert.equal(await page.getByTestId('minilm-values-text').innerText(), raw[position].token, what);
      assert.equal(Number(await page.getByTestId('minilm-values-id').innerText()), raw[position].id, what);
      const sum = numbers(await page.getByTestId('minilm-all-sum').textContent());
      const out = numbers(await page.getByTestId('minilm-all-normalised').textContent());
      worst = Math.max(worst, assertClose(sum, raw[position].values, `${what} sum`));
      worst = Math.max(worst, assertClose(out, normalised[position].values, `${what} LayerNorm`));
      // The listed first values: token + position + type = sum, to the 4 decimals shown.
      const parts = await Promise.all(
        ['token', 'position', 'type', 'sum'].map(async (step) => numbers(await page.getByTestId(`minilm-values-${step}`).innerText())),
      );
      parts[3].forEach((s, i) => assert.ok(Math.abs(parts[0][i] + parts[1][i] + parts[2][i] - s) <= 2e-4, `${what} value ${i}`));
    }
  }
  console.log(`[measure] largest difference from the CLI: ${worst}`);
  app.assertNoErrors();
});
