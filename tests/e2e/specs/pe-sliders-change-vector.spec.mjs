// The d_model and base sliders change PE(p), and what is shown still equals the formula.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOUR_DECIMALS, PE, number, numbers, openPositionLab, setRange } from './pe-lab.mjs';

async function assertFormula(page, p) {
  const d = Number(await page.getByTestId('pe-dmodel').inputValue());
  const base = await number(page, 'pe-base-value');
  const shown = await numbers(page, 'pe-vector');
  const expected = PE(p, d, base);
  assert.equal(shown.length, d);
  shown.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) <= FOUR_DECIMALS, `d=${d} base=${base} dim ${i}`));
  return shown.join(',');
}

test('d_model and base sliders change the vector', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  await setRange(page, 'pe-position', 9);
  const before = await assertFormula(page, 9);

  await setRange(page, 'pe-dmodel', 8);
  assert.equal((await numbers(page, 'pe-vector')).length, 8);
  const withD8 = await assertFormula(page, 9);
  assert.notEqual(withD8, before);

  await setRange(page, 'pe-base', 1); // log10: base 10
  assert.equal(await number(page, 'pe-base-value'), 10);
  const withBase10 = await assertFormula(page, 9);
  assert.notEqual(withBase10, withD8);

  await setRange(page, 'pe-base', 2.5); // base 316
  assert.equal(await number(page, 'pe-base-value'), 316);
  assert.notEqual(await assertFormula(page, 9), withBase10);
  app.assertNoErrors();
});
