// The shortcuts the help lists for the Position lab and the lab switch do what it says; none fires
// while typing in a field, and arrows among the GPT-2 tokens move between tokens without stepping
// the BPE walkthrough.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready } from '../pages/gpt2.mjs';
import { seedReady } from '../pages/tokenize.mjs';

const value = (page, testid) => page.getByTestId(testid).inputValue().then(Number);
const clickBlank = (page) => page.locator('body').click({ position: { x: 2, y: 2 } });
// A lab switch goes through the URL's fragment (a hashchange event), so it lands a task later.
const labShown = (page, lab) => page.locator(`[data-testid="nav-${lab}"][aria-current="page"]`).waitFor();

test('Position lab: every listed shortcut moves p or k, or plays', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);

  // The help lists exactly these for the lab; each is pressed below.
  await page.keyboard.press('?');
  const listed = await page.locator('[data-testid="shortcut"][data-scope^="Position"]').allInnerTexts();
  assert.deepEqual(listed.map((r) => r.split(/\s*\n\s*/)[0]), ['←', '→', 'Shift + ←', 'Shift + →', 'Home', 'End', '[', ']', 'Space']);
  await page.keyboard.press('Escape');

  await page.keyboard.press('3');
  await labShown(page, 'position');
  await page.getByTestId('pe-vector').waitFor({ state: 'visible' });
  await clickBlank(page);
  const play = page.getByTestId('pe-play');
  if ((await play.getAttribute('aria-pressed')) === 'true') await page.keyboard.press(' ');
  assert.equal(await play.getAttribute('aria-pressed'), 'false');

  await page.keyboard.press('Home');
  assert.equal(await value(page, 'pe-position'), 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await value(page, 'pe-position'), 2);
  await page.keyboard.press('Shift+ArrowRight');
  assert.equal(await value(page, 'pe-position'), 12);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await value(page, 'pe-position'), 1);
  await page.keyboard.press('End');
  assert.equal(await value(page, 'pe-position'), Number(await page.getByTestId('pe-count').inputValue()) - 1);

  const k = await value(page, 'pe-offset');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  assert.equal(await value(page, 'pe-offset'), k + 2);
  await page.keyboard.press('[');
  assert.equal(await value(page, 'pe-offset'), k + 1);

  await page.keyboard.press(' ');
  assert.equal(await play.getAttribute('aria-pressed'), 'true');
  await page.keyboard.press(' ');
  assert.equal(await play.getAttribute('aria-pressed'), 'false');

  // In a text field the same keys type.
  const p = await value(page, 'pe-position');
  const field = page.locator('#position input[type="text"]').first();
  await field.focus();
  for (const key of ['ArrowLeft', 'Home', ']', ' ', '1']) await page.keyboard.press(key);
  assert.equal(await value(page, 'pe-position'), p);
  assert.equal(await value(page, 'pe-offset'), k + 1);
  assert.equal(await page.getByTestId('nav-position').getAttribute('aria-current'), 'page');

  // 1 and 2 switch labs.
  await clickBlank(page);
  await page.keyboard.press('2');
  await labShown(page, 'embed');
  await page.keyboard.press('1');
  await labShown(page, 'tokenize');
  app.assertNoErrors();
});

test('Tokenize lab: keys in fields and among GPT-2 tokens leave the stepper alone', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  await gpt2Ready(page);
  const step = () => page.getByTestId('bpe-step-label').textContent();

  await page.getByTestId('gpt2-input').focus();
  for (const key of ['ArrowRight', 'End', ' ', '3']) await page.keyboard.press(key);
  assert.equal(await step(), 'step 0 / 10');
  assert.equal(await page.getByTestId('nav-tokenize').getAttribute('aria-current'), 'page');

  await page.getByTestId('gpt2-token').first().focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => [...document.querySelectorAll('[data-testid="gpt2-token"]')].indexOf(document.activeElement)), 1);
  await page.keyboard.press('End');
  assert.equal(
    await page.evaluate(() => document.activeElement === [...document.querySelectorAll('[data-testid="gpt2-token"]')].at(-1)),
    true,
  );
  assert.equal(await step(), 'step 0 / 10');

  await page.getByTestId('bpe-step-forward').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await step(), 'step 1 / 10');
  app.assertNoErrors();
});
