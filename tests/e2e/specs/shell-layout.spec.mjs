// The shell: one compact header (title, lab tabs, backend badge, one settings menu), the journey bar
// on one line, and every lab's title high on the page: its top at most 160 px from the top of the
// page at 1280 × 800 and at most 320 px at 360 × 800. Each lab has an outline of its sections, a
// sticky rail on wide screens and a "Jump to" menu on phones, that follows the section in view and
// works from the keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openSettings } from '../pages/shell.mjs';
import { LABS, openLoaded } from './a11y-labs.mjs';

const BUDGETS = [
  { width: 1280, height: 800, titleTop: 160 },
  { width: 360, height: 800, titleTop: 320 },
];

/** The shown lab's title, its top in page coordinates (the page scrolled to the top). */
async function titleTop(page, slug) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const title = page.locator(`#${slug} [data-testid="lab-title"]`);
  await title.waitFor();
  return title.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

test('every lab title starts high on the page at 1280 and 360 px', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  for (const { width, height, titleTop: budget } of BUDGETS) {
    await page.setViewportSize({ width, height });
    for (const slug of LABS) {
      await openLoaded(page, slug);
      const top = await titleTop(page, slug);
      console.log(`[measure] ${slug} lab title top at ${width} × ${height}: ${top.toFixed(0)} px (budget ${budget})`);
      assert.ok(top <= budget, `${slug} at ${width} px: title at ${top} px`);
      // The journey bar is folded to one line.
      const journey = await page.getByTestId('journey').evaluate((el) => el.getBoundingClientRect().height);
      assert.ok(journey < 48, `journey bar ${journey} px tall at ${width} px`);
    }
  }
  app.assertNoErrors();
});

test('the settings menu holds theme, keyboard, force CPU and the speed check; Esc closes it', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  assert.equal(await page.getByTestId('theme-choice').isVisible(), false, 'folded at first');
  await openSettings(page);
  for (const id of ['theme-choice', 'help-button', 'compute-force-cpu', 'compute-speed']) {
    assert.ok(await page.getByTestId(id).isVisible(), `${id} in the open menu`);
  }
  await page.getByTestId('help-button').focus();
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('settings').evaluate((el) => el.open), false);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'settings-button');
  // The journey bar unfolds and folds again.
  const toggle = page.getByTestId('journey-toggle');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  app.assertNoErrors();
});

/** The outline of the shown lab. */
const outline = (page, slug) => page.locator(`#${slug} [data-testid="outline"]`);
const current = (page, slug) =>
  outline(page, slug).locator('[data-testid="outline-item"][aria-current="location"]').innerText();

test('each lab has an outline that follows the section in view, by mouse and keyboard', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  for (const slug of LABS) {
    await openLoaded(page, slug);
    const items = outline(page, slug).getByTestId('outline-item');
    await items.nth(3).waitFor();
    const titles = await items.allInnerTexts();
    const headings = await page.locator(`#${slug} .lab-body h3[id]`).evaluateAll((els) =>
      els.filter((el) => el.offsetParent).map((el) => (el.dataset.outline ?? el.textContent).trim()),
    );
    assert.deepEqual(titles, headings, `${slug}: one entry per section, in order`);
    // Wide: a rail, no menu button.
    assert.equal(await outline(page, slug).getByTestId('outline-jump').isVisible(), false);
    const last = titles.length - 1;
    await items.nth(last).click();
    await page.waitForFunction(
      ([s, title]) => {
        const on = document.querySelector(`#${s} [data-testid="outline-item"][aria-current="location"]`);
        return on && on.textContent.trim() === title;
      },
      [slug, titles[last]],
    );
    assert.equal(await page.evaluate(() => document.activeElement.tagName), 'H3', 'focus moves to the section');
    // Keyboard: Enter on an entry goes there too.
    await items.nth(1).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      ([s, title]) => document.querySelector(`#${s} [aria-current="location"]`)?.textContent.trim() === title,
      [slug, titles[1]],
    );
    assert.equal(await current(page, slug), titles[1]);
    console.log(`[measure] ${slug} outline: ${titles.length} sections`);
  }

  // A phone: the same list behind "Jump to".
  await page.setViewportSize({ width: 360, height: 800 });
  await openLoaded(page, 'position');
  const jump = outline(page, 'position').getByTestId('outline-jump');
  await jump.waitFor({ state: 'visible' });
  const items = outline(page, 'position').getByTestId('outline-item');
  await page.evaluate(() => window.scrollTo(0, 0));
  if (await items.first().isVisible()) await jump.click(); // folded on a phone
  assert.equal(await items.first().isVisible(), false);
  await jump.click();
  const titles = await items.allInnerTexts();
  await items.nth(2).click();
  assert.equal(await items.first().isVisible(), false, 'the menu folds after a pick');
  await page.waitForFunction(
    (title) => document.querySelector('#position .outline-current')?.textContent.trim() === title,
    titles[2],
  );
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360);
  app.assertNoErrors();
});
