// The numbers the Position lab shows equal seed 003's formula, computed here in JavaScript:
// PE(p) to 4 decimals, and PE(p)·PE(p+k) both as the direct product and as Σᵢ cos(k·ωᵢ).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOUR_DECIMALS, PE, dot, number, numbers, openPositionLab, setRange } from './pe-lab.mjs';

test('PE(p) and PE(p)·PE(p+k) on the page equal the formula', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;

  for (const [p, k] of [[0, 0], [37, 4], [100, 1], [127, 128]]) {
    await setRange(page, 'pe-position', p);
    await setRange(page, 'pe-offset', k);
    const d = Number(await page.getByTestId('pe-dmodel').inputValue());
    const base = await number(page, 'pe-base-value');
    const expected = PE(p, d, base);

    const shown = await numbers(page, 'pe-vector');
    assert.equal(shown.length, d);
    shown.forEach((v, i) =>
      assert.ok(Math.abs(v - expected[i]) <= FOUR_DECIMALS, `p=${p} dim ${i}: ${v} vs ${expected[i]}`),
    );

    const direct = dot(expected, PE(p + k, d, base));
    let closed = 0;
    for (let i = 0; i < d / 2; i++) closed += Math.cos(k / base ** ((2 * i) / d));
    assert.ok(Math.abs((await number(page, 'pe-dot')) - direct) <= FOUR_DECIMALS, `pe-dot at p=${p} k=${k}`);
    assert.ok(Math.abs((await number(page, 'pe-kernel')) - closed) <= FOUR_DECIMALS, `pe-kernel at k=${k}`);
  }
  app.assertNoErrors();
});
