// GPT-4's tokenizer (cl100k_base) as a side of the Tokenize lab's comparison: its ranks (0.7 MB) are
// fetched only when the reader asks, then every text typed gives exactly js-tiktoken's ids, chip
// for chip, with the count and characters per token beside the other tokenizers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2, referenceIds } from '../pages/gpt2.mjs';

const TEXTS = [
  "Hello world! Don't panic: naïve café 👍🏽 ids 2024",
  'The year 1999 and 12345678 digits, THEY\'LL see.\n\n\tIndented   spaces   ',
  '東京タワー 🇺🇳 émoji, ¿qué? Straße — “quotes”',
  '',
];

test('cl100k_base loads on request and gives js-tiktoken ids', async (t) => {
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  const fetched = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await gpt2Ready(page);
  const side = page.getByTestId('gpt2-compare-cl100k');
  await side.scrollIntoViewIfNeeded();
  assert.match(await side.innerText(), /Not loaded yet/);
  assert.ok(!fetched.some((p) => p.endsWith('cl100k_base.bin')), 'not fetched before it is asked for');

  await side.getByTestId('cl100k-load').click();
  await side.getByTestId('cl100k-status').filter({ hasText: /fetched in/ }).waitFor();
  for (const text of TEXTS) {
    await pasteGpt2(page, text);
    const expected = referenceIds(text, 'cl100k_base');
    const count = side.getByTestId('gpt2-compare-cl100k-count');
    await count.filter({ hasText: new RegExp(`^${expected.length}$`) }).waitFor();
    let shown;
    for (let tries = 0; tries < 50; tries++) {
      shown = await side.locator('.chip').evaluateAll((els) => els.map((el) => Number(el.dataset.id)));
      if (JSON.stringify(shown) === JSON.stringify(expected)) break;
      await page.waitForTimeout(100);
    }
    assert.deepEqual(shown, expected, JSON.stringify(text));
  }
  assert.equal(fetched.filter((p) => p.endsWith('cl100k_base.bin')).length, 1);
  app.assertNoErrors();
});
