// The stepper moves both ways by buttons, keyboard (←, →, Home, End, space) and scrubber, and the
// merge list always holds exactly the merges up to the current step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep } from '../pages/tokenize.mjs';

test('stepper: buttons, keys and scrubber agree', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  const at = (k) => atStep(page, `step ${k} / 10`);

  await at(0);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await at(2);
  assert.equal(await page.getByTestId('bpe-merge').count(), 2);
  await page.keyboard.press('End');
  await at(10);
  assert.equal(await page.getByTestId('bpe-merge').count(), 10);
  await page.keyboard.press('ArrowLeft');
  await at(9);
  await page.keyboard.press('Home');
  await at(0);
  assert.equal(await page.getByTestId('bpe-merge').count(), 0);

  await page.getByTestId('bpe-scrubber').fill('5');
  await at(5);
  await page.getByTestId('bpe-step-back').click();
  await at(4);
  assert.equal(await page.getByTestId('bpe-merge').count(), 4);

  // Space plays; it runs to the end by itself.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.getByTestId('bpe-speed').selectOption('240');
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press(' ');
  await at(10);
  app.assertNoErrors();
});
