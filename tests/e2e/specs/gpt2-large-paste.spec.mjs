// GPT-2's real tokenizer on a huge paste: only the first 20,000 characters are tokenized live (and
// the page says so), the ids still match js-tiktoken, the time is shown, the side-by-side takes the
// first 2,000 characters, and nothing breaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { countIs, drawnIds, gpt2Ready, pasteGpt2, referenceIds } from '../pages/gpt2.mjs';

// 50,000 characters (code points, as the page counts them), many outside the BMP, with long runs.
const UNIT = 'Naïve façade, 東京 and 👍🏽 emoji; ' + 'z'.repeat(40) + '   \n\t' + '😀'.repeat(7) + ' ';
const chars = Array.from(UNIT.repeat(Math.ceil(50_000 / Array.from(UNIT).length))).slice(0, 50_000);
const PASTE = chars.join('');
const LIVE = chars.slice(0, 20_000).join('');
const COMPARED = chars.slice(0, 2_000).join('');

test('a 50,000-character paste is capped at 20,000 and still exact', async (t) => {
  const expected = referenceIds(LIVE);
  const compared = referenceIds(COMPARED);
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);

  await pasteGpt2(page, PASTE);
  await countIs(page, expected.length);
  assert.equal(
    await page.getByTestId('gpt2-truncated').innerText(),
    'Your text has 50,000 characters; only the first 20,000 are tokenized live.',
  );
  // "N tokens in X ms · Y characters per token"
  const stats = await page.locator('.gpt2-stats').innerText();
  assert.match(stats, new RegExp(`^${expected.length} tokens in (< 0\\.1|\\d+\\.\\d+) ms · \\d+\\.\\d\\d characters per token$`));

  // More tokens than the page draws live: the first 100 chips, and a button for the rest.
  assert.ok(expected.length > 100, `${expected.length} tokens`);
  assert.deepEqual(await drawnIds(page), expected.slice(0, 100));
  await page.getByTestId('gpt2-show-all').click();
  await page.getByTestId('gpt2-chips-capped').waitFor({ state: 'detached' });
  assert.deepEqual(await drawnIds(page), expected);

  // The side-by-side compares the first 2,000 characters, on both sides.
  const compare = page.getByTestId('compare');
  assert.equal(await compare.getByTestId('compare-cut').innerText(), 'Every column takes the first 2,000 characters of your text.');
  assert.equal(await compare.getByTestId('compare-gpt2-count').innerText(), String(compared.length));
  assert.match(await compare.getByTestId('compare-bpe-count').innerText(), /^\d+$/);

  // Back to a short text: the notice goes away.
  await page.getByTestId('gpt2-input').fill('short again');
  await page.getByTestId('gpt2-truncated').waitFor({ state: 'detached' });
  app.assertNoErrors();
});
