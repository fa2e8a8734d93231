// Opening the Position lab and moving every slider, with the cursor gliding, reports no console
// errors or page exceptions.
import { test } from 'node:test';
import { openPositionLab, setRange } from './pe-lab.mjs';

test('the Position lab runs without console errors', async (t) => {
  const app = await openPositionLab({ pause: false });
  t.after(() => app.close());
  const { page } = app;
  await page.waitForTimeout(500); // a few animation frames
  for (const [testid, values] of [
    ['pe-dmodel', [2, 128, 32]],
    ['pe-base', [0.1, 5, 4]],
    ['pe-count', [32, 512, 128]],
    ['pe-train', [8, 256, 64]],
    ['pe-offset', [0, 128, 4]],
    ['pe-pair', [0, 15, 1]],
    ['pe-position', [0, 127, 50]],
  ]) {
    for (const v of values) await setRange(page, testid, v);
  }
  await page.getByTestId('pe-play').click();
  await page.waitForTimeout(300);
  await page.getByTestId('nav-tokenize').click(); // the lab hides; its loop stops
  await page.waitForTimeout(200);
  await page.getByTestId('nav-position').click();
  await page.waitForTimeout(200);
  app.assertNoErrors();
});
