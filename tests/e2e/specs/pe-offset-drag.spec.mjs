// Dragging the offset k changes PE(p)·PE(p+k); dragging p at a fixed k does not: the dot product
// shown is the same at several positions, and the plotted curve across p is flat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { number, openPositionLab, setRange } from './pe-lab.mjs';

test('for a fixed offset, PE(p)·PE(p+k) is the same at every p', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;

  const seen = new Map();
  for (const k of [1, 2, 7, 30]) {
    await setRange(page, 'pe-offset', k);
    const texts = new Set();
    for (const p of [0, 5, 17, 64, 120]) {
      await setRange(page, 'pe-position', p);
      texts.add(await page.getByTestId('pe-dot').textContent());
    }
    assert.equal(texts.size, 1, `k=${k}: one value across p, got ${[...texts].join(' / ')}`);
    seen.set(k, await number(page, 'pe-dot'));
    // The curve across p: largest minus smallest is rounding noise.
    const summary = await page.getByTestId('pe-flat-summary').textContent();
    const spread = Number(summary.match(/largest minus smallest: ([^)]+)\)/)[1]);
    assert.ok(spread < 1e-9, `k=${k}: spread ${spread}`);
  }
  // ...while k itself matters.
  assert.equal(new Set(seen.values()).size, seen.size, `distinct per k: ${[...seen]}`);
  app.assertNoErrors();
});
