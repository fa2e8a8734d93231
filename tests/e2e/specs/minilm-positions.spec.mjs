// The Position lab's trained learned table (MiniLM, 512 × 384): cos(p, p+k) across p, computed live
// in the page from layer.bin, has the mean ± spread the issue measured on the float32 weights
// (k = 1: 0.851 ± 0.04, k = 10: 0.32 ± 0.17, k = 200: 0.00 ± 0.19, to the quoted digits), while the
// sinusoidal table's spread is 0 at every k; the chosen-k row and the plots follow the slider; the
// token table is never fetched here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetched } from './minilm-lab.mjs';
import { openPositionLab, setRange } from './pe-lab.mjs';

/** "0.851 ± 0.04" → [0.851, 0.04]. */
async function spread(page, testid) {
  const cell = page.getByTestId(testid);
  await cell.filter({ hasText: /±/ }).waitFor({ timeout: 30_000 });
  const match = (await cell.textContent()).match(/^(-?\d+\.\d{3}) ± (\d+\.\d{2})$/);
  assert.ok(match, `${testid}: ${await cell.textContent()}`);
  return [Number(match[1]), Number(match[2])];
}

/** Rounds to the digits the issue prints. */
const round = (value, digits) => Number(value.toFixed(digits));

test('learned positions: the quoted offset statistics, live; the sinusoidal spread is zero', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  const paths = fetched(page);
  await page.getByTestId('minilm-positions').scrollIntoViewIfNeeded();

  const [mean1, std1] = await spread(page, 'minilm-offset-1-learned');
  assert.deepEqual([mean1, std1], [0.851, 0.04]);
  const [mean10, std10] = await spread(page, 'minilm-offset-10-learned');
  assert.deepEqual([round(mean10, 2), std10], [0.32, 0.17]);
  const [mean200, std200] = await spread(page, 'minilm-offset-200-learned');
  assert.deepEqual([Math.abs(round(mean200, 2)), std200], [0, 0.19]);
  for (const k of [1, 10, 200]) {
    const [, std] = await spread(page, `minilm-offset-${k}-sinusoidal`);
    assert.equal(std, 0, `sinusoidal k = ${k}`);
  }
  console.log(`[measure] learned cos(p, p+k): k=1 ${mean1} ± ${std1}, k=10 ${mean10} ± ${std10}, k=200 ${mean200} ± ${std200}`);

  // The chosen k follows the slider, and the caption with it.
  await setRange(page, 'minilm-offset-k', 200);
  assert.equal(await page.getByTestId('minilm-offset-chosen-learned').textContent(), await page.getByTestId('minilm-offset-200-learned').textContent());
  assert.match(await page.getByTestId('minilm-offset-summary').textContent(), /^k = 200:/);
  // Every k's summary fills in, then says so.
  await page.getByTestId('minilm-offset-spread-summary').filter({ hasNotText: /computing/ }).waitFor({ timeout: 30_000 });

  // Both heatmaps drew 512 positions × 384 dimensions.
  for (const testid of ['minilm-learned-heatmap', 'minilm-sinusoidal-heatmap']) {
    const size = await page.getByTestId(testid).evaluate((c) => [c.width, c.height]);
    assert.deepEqual(size, [512, 384], testid);
  }
  assert.ok(!paths.some((p) => p.endsWith('tokens.bin')), paths.join(', '));
  app.assertNoErrors();
});
