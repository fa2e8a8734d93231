// The seed article's walkthrough (low×5 lowest×2 newer×6 wider×3) reproduced in the page, number for number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep } from '../pages/tokenize.mjs';

const rowsOf = async (page) =>
  (await page.getByTestId('bpe-pair-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

test('seed corpus: first-pass counts, the tie-break sentence, and merges 1-3', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;

  await atStep(page, 'step 0 / 10');
  const first = await rowsOf(page);
  // The seed's table, "comes from" column included. The seed skips `e w` 6 (also from "newer"),
  // which ties with `n e` and sorts before it.
  assert.deepEqual(first.slice(0, 7), [
    'e r 9 newer (6) + wider (3) wins',
    'r </w> 9 newer (6) + wider (3) tie',
    'w e 8 newer (6) + lowest (2)',
    'l o 7 low (5) + lowest (2)',
    'o w 7 low (5) + lowest (2)',
    'e w 6 newer (6)',
    'n e 6 newer (6)',
  ]);
  assert.equal(
    await page.getByTestId('bpe-explanation').innerText(),
    'e r and r </w> tie at 9; the lexicographic rule picks e r.',
  );
  assert.equal(await page.getByTestId('bpe-explanation').locator('code').first().innerText(), 'e r');

  await page.getByTestId('bpe-step-forward').click();
  await atStep(page, 'step 1 / 10');
  // Merge 1 consumes the e of "newer": `w e` drops from 8 to 2, which is why it never wins.
  const changes = (await page.getByTestId('bpe-change').allInnerTexts()).map((t) => t.trim());
  assert.ok(changes.includes('w e: 8 → 2'), changes.join(' | '));

  await page.getByTestId('bpe-step-forward').click();
  await page.getByTestId('bpe-step-forward').click();
  await atStep(page, 'step 3 / 10');
  assert.deepEqual(await page.getByTestId('bpe-merge').allInnerTexts(), [
    'e + r → er (9)',
    'er + </w> → er</w> (9)',
    'l + o → lo (7)',
  ]);
  await app.screenshot('bpe-seed-step-3');
  app.assertNoErrors();
});
