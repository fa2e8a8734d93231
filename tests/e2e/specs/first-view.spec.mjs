// The Tokenize lab opens on the walkthrough itself, not on a form: at 1280 × 800 the step controls,
// the pair table's winning row and the merge table are in the first screen; at 360 × 800 the step
// controls and the winning row. The corpus settings are one folded line that opens. The header's
// badge says nothing until the lab on show runs a kernel, then names it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { closeSettings, openSettings } from '../pages/shell.mjs';
import { seedReady } from '../pages/tokenize.mjs';

const HEIGHT = 800;

/** The element's box, asserting that all of it lies in the first screen. */
async function inFirstScreen(page, locator, what, width) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is shown`);
  const bottom = box.y + box.height;
  console.log(`[measure] ${what} at ${width} × ${HEIGHT}: top ${box.y.toFixed(0)} px, bottom ${bottom.toFixed(0)} px`);
  assert.ok(box.y >= 0 && bottom <= HEIGHT, `${what} at ${width} px spans ${box.y.toFixed(0)}…${bottom.toFixed(0)} px`);
}

for (const width of [1280, 360]) {
  test(`at ${width} × ${HEIGHT} the Tokenize lab opens on its steps, the settings folded`, async (t) => {
    const app = await launch();
    t.after(() => app.close());
    const { page } = app;
    await page.setViewportSize({ width, height: HEIGHT });
    await seedReady(page);
    await page.evaluate(() => window.scrollTo(0, 0));

    await inFirstScreen(page, page.getByTestId('bpe-stepper'), 'step controls', width);
    await inFirstScreen(page, page.locator('[data-testid="bpe-pair-row"].winner'), 'winning pair row', width);
    if (width === 1280) await inFirstScreen(page, page.locator('#merges-heading'), 'merge table heading', width);

    // Folded into one line that names the settings; the line opens them.
    const settings = page.getByTestId('corpus-settings');
    assert.equal(await settings.getAttribute('open'), null);
    assert.equal(await page.getByTestId('bpe-preset').isVisible(), false);
    const summary = page.getByTestId('corpus-summary');
    assert.match(await summary.innerText(), /Corpus: Seed walkthrough.* · 10 merges · lexicographic ties/);
    await summary.click();
    await page.getByTestId('bpe-preset').waitFor({ state: 'visible' });
    assert.equal(await page.getByTestId('bpe-merges-count').inputValue(), '10');
    app.assertNoErrors();
  });
}

test('the badge is silent until the lab on show runs a kernel, then names it', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  const time = page.getByTestId('compute-time');
  // The Position lab's tables are computed at start, out of sight: not news on Tokenize.
  // (With an adapter its first call is timed on both backends, and the settings list the choice.)
  await openSettings(page);
  await page.getByTestId('compute-choices').filter({ hasText: 'position dot products: ' }).waitFor();
  await closeSettings(page);
  assert.equal(await time.textContent(), '');
  await page.getByTestId('nav-position').click();
  await time.filter({ hasText: /^position dot products: .* ms on (CPU|WebGPU)$/ }).waitFor();
  await page.getByTestId('nav-tokenize').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="compute-time"]').textContent === '');
  await page.getByTestId('nav-position').click();
  await time.filter({ hasText: 'position dot products:' }).waitFor();
  app.assertNoErrors();
});
