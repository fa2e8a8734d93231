// The Position lab fits a phone (360 px) and a laptop (1280 px) in light and dark themes: nothing
// scrolls sideways. Screenshots land in tests/e2e/artifacts/pe-*.png for a look.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPositionLab } from './pe-lab.mjs';

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`fits ${width} px in the ${colorScheme} theme`, async (t) => {
      const app = await openPositionLab();
      t.after(() => app.close());
      const { page } = app;
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.getByTestId('nav-position').click();
      await page.getByTestId('pe-vector').waitFor();
      await page.getByTestId('pe-play').click(); // hold the cursor still for the picture
      await page.getByTestId('pe-position').fill('40');
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${overflow} px of sideways scroll`);
      await app.screenshot(`pe-${colorScheme}-${width}`);
      app.assertNoErrors();
    });
  }
}
