// An unknown word gets a clear message with close words to pick, never a broken page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openEmbed, search, neighbours } from './embed-lab.mjs';

test('a misspelt word suggests the right one', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);

  await search(page, 'kign');
  const error = page.getByTestId('embed-error');
  await error.waitFor();
  assert.match(await error.innerText(), /"kign" is not in the vocabulary; did you mean "king"/);
  await page.getByTestId('embed-suggestion').filter({ hasText: /^king$/ }).click();
  assert.equal(await page.getByTestId('embed-query').inputValue(), 'king');
  assert.equal((await neighbours(page, 'king')).length, 10);

  // The analogy form says which word it does not know.
  await page.getByTestId('analogy-z').fill('womann');
  assert.match(await page.getByTestId('analogy-error').innerText(), /"womann" is not in the vocabulary; did you mean "woman"/);
  app.assertNoErrors();
});
