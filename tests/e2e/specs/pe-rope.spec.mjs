// The Position lab's RoPE and ALiBi schemes, against float64 JavaScript written from the papers:
// R(m)q·R(n)k for the lab's seeded q and k (the core's SplitMix64 and Box–Muller, pairs (i, i + d/2))
// equals q·R(n − m)k and stays the same when m and n move together; the additive scheme's four
// terms; the score grid's diagonals; the pairs that turn inside the shown positions; Llama 3's bands;
// and ALiBi's slopes (Press et al.), for a power of two and for six heads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOUR_DECIMALS, PE, dot, learnedTable, number, openPositionLab, setRange } from './pe-lab.mjs';
import { seriousViolations } from './a11y-labs.mjs';

const EXAMPLE_SEED = 2021n;
const SIX_DECIMALS = 0.5e-6 + 1e-12;

const invFreq = (d, base) => Array.from({ length: d / 2 }, (_, i) => base ** (-(2 * i) / d));

function rotate(x, p, theta) {
  const half = x.length / 2;
  const out = x.slice();
  theta.forEach((t, i) => {
    const [sin, cos] = [Math.sin(p * t), Math.cos(p * t)];
    out[i] = x[i] * cos - x[i + half] * sin;
    out[i + half] = x[i] * sin + x[i + half] * cos;
  });
  return out;
}

function alibiSlopes(heads) {
  const powers = (n) => Array.from({ length: n }, (_, h) => 2 ** ((-8 * (h + 1)) / n));
  const below = 2 ** Math.floor(Math.log2(heads));
  return [...powers(below), ...powers(2 * below).filter((_, i) => i % 2 === 0).slice(0, heads - below)];
}

/** A value shown by `short` (4 decimals, or 1 significant digit in scientific form below 0.001). */
function closeToShown(shown, expected, what) {
  const tolerance = Math.abs(expected) < 1e-3 ? Math.abs(expected) * 0.06 + 1e-12 : FOUR_DECIMALS;
  assert.ok(Math.abs(shown - expected) <= tolerance, `${what}: ${shown} vs ${expected}`);
}

test('RoPE: scores depend on n − m only, the four additive terms, the grid, the scaling bands and ALiBi', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  const d = Number(await page.getByTestId('pe-dmodel').inputValue());
  const base = Number(await page.getByTestId('pe-base-value').textContent());
  const count = Number(await page.getByTestId('pe-count').inputValue());
  // The guided path: from the rotation behind PE(p)·PE(p+k) on to RoPE.
  await page.getByTestId('pe-to-rope').click();
  await page.getByTestId('rope-score').waitFor();
  assert.equal(await page.getByTestId('pe-scheme').inputValue(), 'rope');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('scheme') === 'rope');

  // 1. The score, the long way and the relative way.
  const [q, k] = learnedTable(2, d, EXAMPLE_SEED);
  const theta = invFreq(d, base);
  const shownAt = {};
  for (const [m, n] of [[3, 10], [13, 20], [0, 7], [40, 5]]) {
    await setRange(page, 'rope-m', m);
    await setRange(page, 'rope-n', n);
    const expected = dot(rotate(q, m, theta), rotate(k, n, theta));
    const score = await number(page, 'rope-score');
    assert.ok(Math.abs(score - expected) <= SIX_DECIMALS, `R(${m})q·R(${n})k: ${score} vs ${expected}`);
    assert.ok(Math.abs((await number(page, 'rope-relative-score')) - expected) <= SIX_DECIMALS, `q·R(${n - m})k`);
    shownAt[`${m},${n}`] = await page.getByTestId('rope-score').textContent();
    if (m === 3) {
      // 2. The additive scheme's four terms at (3, 10).
      const [pm, pn] = [PE(m, d, base), PE(n, d, base)];
      const expectedTerms = { cc: dot(q, k), cp: dot(q, pn), pc: dot(pm, k), pp: dot(pm, pn) };
      for (const [term, value] of Object.entries(expectedTerms)) {
        closeToShown(await number(page, `rope-term-${term}`), value, term);
      }
    }
  }
  // m and n are in the link, and a reload brings them back.
  await page.waitForFunction(() => new URLSearchParams(location.search).get('rope_m') === '40' && new URLSearchParams(location.search).get('rope_n') === '5');
  await page.reload({ waitUntil: 'load' });
  await page.getByTestId('rope-score').waitFor();
  assert.deepEqual([await page.getByTestId('rope-m').inputValue(), await page.getByTestId('rope-n').inputValue()], ['40', '5']);
  assert.equal(await page.getByTestId('rope-score').textContent(), shownAt['40,5']);
  assert.equal(shownAt['3,10'], shownAt['13,20'], 'the same distance, the same score');
  assert.equal(shownAt['3,10'], shownAt['0,7'], 'the same distance, the same score');

  // 3. Every diagonal of the grid is one value, and the pairs that turn inside the positions shown.
  const spread = Number((await page.getByTestId('rope-grid-caption').textContent()).match(/any diagonal is ([^,]+),/)[1]);
  assert.ok(spread < 1e-9, `diagonal spread ${spread}`);
  const turning = theta.filter((t) => (2 * Math.PI) / t <= count).length;
  assert.match(await page.getByTestId('rope-wavelength-caption').textContent(), new RegExp(`: ${turning} of ${d / 2} pairs complete a turn`));

  // 4. Llama 3.1's bands: kept below 8192/4, divided above 8192, blended between.
  const wavelengths = theta.map((t) => (2 * Math.PI) / t);
  const bands = [wavelengths.filter((w) => w < 2048).length, wavelengths.filter((w) => w >= 2048 && w <= 8192).length, wavelengths.filter((w) => w > 8192).length];
  assert.match(await page.getByTestId('rope-scaling-summary').textContent(), new RegExp(`^${bands[0]} pairs kept \\(wavelength under 2048\\), ${bands[1]} blended, ${bands[2]} divided by 8 `));
  await page.getByTestId('rope-scaling').selectOption('linear');
  await page.getByTestId('rope-scaling-summary').filter({ hasText: 'Every θᵢ divided by 8: position 65536 now turns every pair as position 8192 did' }).waitFor();
  await page.getByTestId('rope-scaling').selectOption('ntk');
  const slowest = base ** (-(d - 2) / d) / (base * 8 ** (d / (d - 2))) ** (-(d - 2) / d);
  assert.match(await page.getByTestId('rope-scaling-summary').textContent(), new RegExp(`slowest slowed ${slowest.toFixed(2)}×`));
  for (const testid of ['rope-pairs-plot', 'rope-grid', 'rope-decay', 'rope-wavelengths', 'rope-scaling-plot']) {
    assert.ok((await page.getByTestId(testid).getAttribute('aria-label')).length > 20, `${testid} has a text alternative`);
  }

  // 5. ALiBi: its slopes, eight heads then six.
  await page.getByTestId('pe-scheme').selectOption('alibi');
  const slopes = async () => (await page.getByTestId('alibi-slopes').textContent()).replace('Slopes: ', '').split(', ').map(Number);
  // Four decimals, rounded half to even (0.03125 reads 0.0312).
  const sameSlopes = (shown, expected) => {
    assert.equal(shown.length, expected.length);
    shown.forEach((s, h) => assert.ok(Math.abs(s - expected[h]) <= FOUR_DECIMALS, `slope ${h}: ${s} vs ${expected[h]}`));
  };
  sameSlopes(await slopes(), alibiSlopes(8));
  await setRange(page, 'alibi-heads', 6);
  sameSlopes(await slopes(), alibiSlopes(6));
  assert.deepEqual(await seriousViolations(page), [], 'ALiBi: no serious or critical axe violations');
  assert.deepEqual(alibiSlopes(6), [0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125]);
  await setRange(page, 'alibi-head', 4);
  await page.getByTestId('alibi-caption').filter({ hasText: 'Head 4 of 6: slope 0.500000.' }).waitFor();
  app.assertNoErrors();
});
