// Every canvas in the Position lab is named for assistive technology and has a text alternative
// beside it (a caption, summary or the exact values), which follows the sliders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPositionLab, setRange } from './pe-lab.mjs';

test('each canvas has a name and a text alternative', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  const canvases = page.locator('#position canvas');
  const count = await canvases.count();
  assert.ok(count >= 8, `${count} canvases`);
  for (let i = 0; i < count; i++) {
    const info = await canvases.nth(i).evaluate((canvas) => {
      const figure = canvas.closest('figure, section');
      const text = [...figure.querySelectorAll('figcaption, [data-testid$="summary"], [data-testid="pe-vector"]')]
        .map((e) => e.textContent.trim())
        .join(' ');
      return { id: canvas.dataset.testid, role: canvas.getAttribute('role'), label: canvas.getAttribute('aria-label'), text };
    });
    assert.equal(info.role, 'img', info.id);
    assert.ok(info.label && info.label.length > 10, `${info.id} aria-label`);
    assert.ok(info.text.length > 40, `${info.id} text alternative: ${info.text}`);
  }
  // The captions follow the sliders.
  await setRange(page, 'pe-offset', 9);
  assert.match(await page.getByTestId('pe-flat-summary').textContent(), /PE\(p\)·PE\(p\+9\)/);
  await setRange(page, 'pe-pair', 3);
  assert.match(await page.getByTestId('pe-rotation-summary').textContent(), /Pair 3 is dimensions 6 and 7/);
  app.assertNoErrors();
});
