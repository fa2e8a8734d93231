// OpenAI's tokenizers, GPT-4's cl100k_base and GPT-4o's o200k_base, as sides of the Tokenize lab's
// comparison: their ranks (0.7 and 1.6 MB) are fetched only when the reader asks, once each, and
// handed to the tokenizer worker; then every text typed gives exactly js-tiktoken's ids, chip for
// chip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pasteGpt2, referenceIds } from '../pages/gpt2.mjs';
import { chipIds, openWithSide } from '../pages/zoo.mjs';

const TEXTS = [
  "Hello world! Don't panic: naïve café 👍🏽 ids 2024",
  'The year 1999 and 12345678 digits, THEY\'LL see.\n\n\tIndented   spaces   ',
  'HelloWorld HTTPServer )\n\n/* comment */ e\u0301te',
  '東京タワー 🇺🇳 émoji, ¿qué? Straße — “quotes”',
  '',
];

for (const [slug, encoding] of [['cl100k_base', 'cl100k_base'], ['o200k_base', 'o200k_base']]) {
  test(`${encoding} loads on request and gives js-tiktoken ids`, async (t) => {
    const { app, page, side, fetched } = await openWithSide(t, slug, 'tiktoken/');
    for (const text of TEXTS) {
      await pasteGpt2(page, text);
      const expected = referenceIds(text, encoding);
      assert.deepEqual(await chipIds(page, side, slug, expected), expected, JSON.stringify(text));
    }
    assert.deepEqual(fetched.filter((p) => p.includes('tiktoken/')), [`/tiktoken/${encoding}.bin`]);
    app.assertNoErrors();
  });
}
