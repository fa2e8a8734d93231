// The address is written a moment after each change; a reload within that moment still keeps the
// change: the page writes its pending state when it is left (pagehide) and keeps it for the reload
// in the tab's sessionStorage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPositionLab } from './pe-lab.mjs';

test('a reload right after a change keeps it', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  // The change, then the reload a few milliseconds later, well inside the 300 ms before the timed write.
  const before = await page.evaluate(() => {
    const slider = document.querySelector('[data-testid="pe-dmodel"]');
    slider.value = '48';
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    return new Promise((resolve) => setTimeout(() => resolve(new URLSearchParams(location.search).get('d_model')), 20));
  });
  assert.notEqual(before, '48', 'the timed write had not happened before the reload');
  await page.reload({ waitUntil: 'load' });
  await page.getByTestId('pe-vector').waitFor();
  assert.equal(await page.getByTestId('pe-dmodel').inputValue(), '48');
  assert.equal(new URL(page.url()).searchParams.get('d_model'), '48', 'and the address says so');
  app.assertNoErrors();
});
