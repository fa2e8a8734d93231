// The Position lab's scheme switch: the offset views follow whichever positional scheme is chosen.
// For the learned table, P(p)·P(p+k) on the page equals the same table rebuilt here in JavaScript
// (SplitMix64 and Box–Muller from the seed, as til_core::posenc::learned documents them), and its
// "kernel" is the mean over p (it has no closed form); switching back restores the sinusoidal
// numbers; the choice is in the link and survives a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOUR_DECIMALS, PE, dot, learnedTable, number, openPositionLab, setRange } from './pe-lab.mjs';

test('the offset views follow the chosen scheme, and the choice is in the link', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  const d = Number(await page.getByTestId('pe-dmodel').inputValue());
  const train = Number(await page.getByTestId('pe-train').inputValue());
  const rows = learnedTable(train, d);

  await page.getByTestId('pe-scheme').selectOption('learned');
  for (const [p, k] of [[0, 0], [5, 3], [20, 9]]) {
    await setRange(page, 'pe-position', p);
    await setRange(page, 'pe-offset', k);
    const expected = dot(rows[p], rows[p + k]);
    const shown = await number(page, 'pe-dot');
    assert.ok(Math.abs(shown - expected) <= FOUR_DECIMALS, `W(${p})·W(${p}+${k}): ${shown} vs ${expected}`);
    // No closed form: the mean over every p the table reaches.
    const dots = [];
    for (let q = 0; q + k < train; q++) dots.push(dot(rows[q], rows[q + k]));
    const mean = dots.reduce((a, b) => a + b, 0) / dots.length;
    assert.ok(Math.abs((await number(page, 'pe-kernel')) - mean) <= FOUR_DECIMALS, `mean at k=${k}`);
  }
  assert.match(await page.getByTestId('pe-flat-summary').textContent(), /W\(p\)·W\(p\+9\) runs from .* depends on where the positions are/);
  assert.equal(await page.getByTestId('pe-flat').getAttribute('aria-label'), 'W(p)·W(p+k) across positions p: it wanders with p');

  // The link carries the choice.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('scheme') === 'learned');
  await page.reload();
  await page.getByTestId('pe-vector').waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('pe-scheme').inputValue(), 'learned');

  // Back to the formula: PE(p)·PE(p+k) again, the same for every p.
  await page.getByTestId('pe-scheme').selectOption('sinusoidal');
  if ((await page.getByTestId('pe-play').getAttribute('aria-pressed')) === 'true') await page.getByTestId('pe-play').click();
  await setRange(page, 'pe-position', 20);
  await setRange(page, 'pe-offset', 9);
  const base = await number(page, 'pe-base-value');
  const direct = dot(PE(20, d, base), PE(29, d, base));
  assert.ok(Math.abs((await number(page, 'pe-dot')) - direct) <= FOUR_DECIMALS);
  assert.match(await page.getByTestId('pe-flat-summary').textContent(), /PE\(p\)·PE\(p\+9\) stays at/);
  assert.equal(await page.getByTestId('pe-flat').getAttribute('aria-label'), 'PE(p)·PE(p+k) across positions p: a flat line');
  app.assertNoErrors();
});
