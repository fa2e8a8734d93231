// Each lab, its content loaded, fits a 360 px phone without sideways scrolling of the page; the
// keyboard help fits too. Screenshots at 360 and 1280 px land in tests/e2e/artifacts/responsive-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openSettings } from '../pages/shell.mjs';
import { LABS, openLoaded } from './a11y-labs.mjs';

const settle = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

test('every lab at 360 px and 1280 px', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  for (const slug of LABS) {
    await page.setViewportSize({ width: 360, height: 780 });
    await openLoaded(page, slug);
    await settle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${slug}: the page is ${width} px wide at 360 px`);
    console.log(`[screenshot] ${await app.screenshot(`responsive-${slug}-360`)}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await settle(page);
    console.log(`[screenshot] ${await app.screenshot(`responsive-${slug}-1280`)}`);
  }

  await page.setViewportSize({ width: 360, height: 780 });
  await openSettings(page);
  await page.getByTestId('help-button').click();
  await page.getByTestId('help-dialog').waitFor({ state: 'visible' });
  const box = await page.getByTestId('help-dialog').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, `help dialog spans ${box.x}…${box.x + box.width}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360);
  console.log(`[screenshot] ${await app.screenshot('responsive-help-360')}`);
  app.assertNoErrors();
});
