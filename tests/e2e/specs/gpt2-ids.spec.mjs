// GPT-2's real tokenizer: the ids drawn in the page are js-tiktoken's `gpt2` ids for the same text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { countIs, drawnIds, gpt2Ready, referenceIds } from '../pages/gpt2.mjs';

// Spaces before words, contractions, runs of spaces, tabs and newlines, digits, accents
// (precomposed and combining), CJK, Greek, Hebrew, a flag, a ZWJ family, a skin tone, and the
// special token's text, which is encoded as ordinary text. No "\r": a textarea turns CRLF into LF.
const TEXT =
  "Hello world! Don't panic: naïve café 👍🏽 ids 2024\n\tcode();  x   y\n" +
  "中文 Ελληνικά עברית 🇫🇷 👨‍👩‍👧 e\u0301 <|endoftext|> 3.14159 we'll it's  \n\n end";

test('token ids match js-tiktoken for a varied text', async (t) => {
  const expected = referenceIds(TEXT);
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);

  await page.getByTestId('gpt2-input').fill(TEXT);
  assert.equal(await page.getByTestId('gpt2-input').inputValue(), TEXT);
  await countIs(page, expected.length);
  // Exactly one gpt2-token per token, inside gpt2-tokens, in order.
  assert.deepEqual(await drawnIds(page), expected);
  assert.equal(await page.getByTestId('gpt2-tokens').getByTestId('gpt2-token').count(), expected.length);
  app.assertNoErrors();
});
