// The seed article's walkthrough (low×5 lowest×2 newer×6 wider×3) reproduced in the page, number for number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';

const rowsOf = async (page) =>
  (await page.getByTestId('bpe-pair-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

test('seed corpus: first-pass counts, the tie-break sentence, and merges 1-3', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;

  await page.getByTestId('bpe-step-label').filter({ hasText: 'step 0 / 10' }).waitFor();
  const first = await rowsOf(page);
  assert.deepEqual(first.slice(0, 5), ['e r 9 wins', 'r </w> 9 tie', 'w e 8', 'l o 7', 'o w 7']);
  // The seed lists `n e` 6 next; `e w` 6 (also from "newer") ties with it and sorts first.
  assert.deepEqual(first.slice(5, 7), ['e w 6', 'n e 6']);
  assert.equal(
    await page.getByTestId('bpe-explanation').innerText(),
    '`e r` and `r </w>` tie at 9; the lexicographic rule picks `e r`.',
  );

  await page.getByTestId('bpe-step-forward').click();
  await page.getByTestId('bpe-step-label').filter({ hasText: 'step 1 / 10' }).waitFor();
  // Merge 1 consumes the e of "newer": `w e` drops from 8 to 2, which is why it never wins.
  const changes = (await page.getByTestId('bpe-change').allInnerTexts()).map((t) => t.trim());
  assert.ok(changes.includes('w e: 8 → 2'), changes.join(' | '));

  await page.getByTestId('bpe-step-forward').click();
  await page.getByTestId('bpe-step-forward').click();
  await page.getByTestId('bpe-step-label').filter({ hasText: 'step 3 / 10' }).waitFor();
  assert.deepEqual(await page.getByTestId('bpe-merge').allInnerTexts(), [
    'e + r → er (9)',
    'er + </w> → er</w> (9)',
    'l + o → lo (7)',
  ]);
  await app.screenshot('bpe-seed-step-3');
  app.assertNoErrors();
});
