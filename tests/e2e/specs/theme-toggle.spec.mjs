// The page follows the system's colour scheme until the reader picks one in the theme menu; the
// pick survives a reload, "As the system" follows the system again, and the plots redraw in the
// theme's colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openSettings } from '../pages/shell.mjs';

const theme = (page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BG = 'rgb(251, 250, 247)';
const DARK_BG = 'rgb(21, 23, 27)';

/** The top-left pixel of the waves plot, which plotters fills with the panel colour. */
const plotCorner = (page) =>
  page.getByTestId('pe-waves').evaluate((canvas) => [...canvas.getContext('2d').getImageData(1, 1, 1, 1).data.slice(0, 3)]);

test('system theme, then a remembered pick, then the system again', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  const menu = page.getByTestId('theme-choice');

  // 1. The system decides, live.
  await openSettings(page); // the app is up: a reload now aborts nothing
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await openSettings(page);
  assert.equal(await theme(page), 'dark');
  assert.equal(await background(page), DARK_BG);
  assert.equal(await menu.inputValue(), 'system');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  assert.equal(await background(page), LIGHT_BG);

  // 2. A pick overrides the system and the plots follow it.
  await page.getByTestId('nav-position').click();
  await page.getByTestId('pe-vector').waitFor({ state: 'visible' });
  assert.deepEqual(await plotCorner(page), [255, 255, 255]);
  await menu.selectOption('dark');
  assert.equal(await theme(page), 'dark');
  await page.waitForFunction(() => {
    const [r, g, b] = document.querySelector('[data-testid="pe-waves"]').getContext('2d').getImageData(1, 1, 1, 1).data;
    return r === 30 && g === 33 && b === 39; // --panel in the dark theme, #1e2127
  });

  // 3. It is remembered, whatever the system says.
  await page.reload();
  await openSettings(page);
  assert.equal(await theme(page), 'dark');
  assert.equal(await background(page), DARK_BG);
  assert.equal(await menu.inputValue(), 'dark');
  await menu.selectOption('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await openSettings(page);
  assert.equal(await theme(page), 'light');
  assert.equal(await background(page), LIGHT_BG);

  // 4. "As the system" forgets the pick.
  await menu.selectOption('system');
  assert.equal(await theme(page), 'dark');
  assert.equal(await page.evaluate(() => localStorage.getItem('til-theme')), null);
  await page.reload();
  await openSettings(page);
  assert.equal(await theme(page), 'dark');
  app.assertNoErrors();
});
