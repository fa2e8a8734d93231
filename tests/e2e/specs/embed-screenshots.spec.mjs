// The lab at desktop and phone widths, saved for a person to look at; nothing spills sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openEmbed, search, neighbours } from './embed-lab.mjs';

test('the Embed lab fits 1280 px and 360 px', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);
  await search(page, 'frog');
  await neighbours(page, 'frog');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${overflow} px wider than the ${width} px screen`);
    console.log(`[screenshot] ${await app.screenshot(`embed-${width}`)}`);
  }
  app.assertNoErrors();
});
