// Screen readers hear each BPE step from the polite live region ("merge 3 of 300: l + o → lo,
// count 7"), and one summary after a Position slider or shortcut moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { seedReady } from '../pages/tokenize.mjs';
import { setRange } from './pe-lab.mjs';

const region = (page) => page.getByTestId('live-region');
const says = (page, text) => region(page).filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();

/** "e + r → er (9)" in the merge list becomes "merge K of 10: e + r → er, count 9". */
function expected(k, mergeText) {
  const [, left, right, merged, count] = mergeText.match(/^(.+) \+ (.+) → (.+) \((\d+)\)$/);
  return `merge ${k} of 10: ${left} + ${right} → ${merged}, count ${count}`;
}

test('each BPE step is announced in a polite live region', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  assert.equal(await region(page).getAttribute('aria-live'), 'polite');
  assert.equal(await region(page).getAttribute('role'), 'status');

  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('ArrowRight');
  await says(page, expected(1, await page.getByTestId('bpe-merge').nth(0).textContent()));
  await page.getByTestId('bpe-step-forward').click();
  await says(page, expected(2, await page.getByTestId('bpe-merge').nth(1).textContent()));
  assert.match(await region(page).textContent(), /^merge 2 of 10: \S+ \+ \S+ → \S+, count \d+$/);
  await page.getByTestId('bpe-scrubber').fill('10');
  await says(page, expected(10, await page.getByTestId('bpe-merge').nth(9).textContent()));
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Home');
  await says(page, 'start: no merges yet, 10 to go');
  app.assertNoErrors();
});

test('a Position slider change is summarised once it settles', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('nav-position').click();
  await page.getByTestId('pe-vector').waitFor({ state: 'visible' });
  await page.getByTestId('pe-play').click(); // pause the glide; the gliding cursor is not read out
  await setRange(page, 'pe-position', 20);
  await setRange(page, 'pe-offset', 9);
  const summary = async () =>
    `p = 20, k = 9: PE(p)·PE(p+k) = ${await page.getByTestId('pe-dot').textContent()}; ` +
    'd_model 32, base 10000, 128 positions, training length 64, rotation pair 1.';
  await says(page, await summary());

  // A shortcut is summarised the same way.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press(']');
  await says(page, (await summary()).replace('k = 9', 'k = 10'));
  app.assertNoErrors();
});
