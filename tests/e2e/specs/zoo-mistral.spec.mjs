// Mistral's tokenizers, SentencePiece v1 (Mistral 7B) and Tekken (Mistral NeMo), and SmolLM2's, as
// sides of the Tokenize lab's comparison: each file (0.5, 1.0 and 0.6 MB) is fetched only when the
// reader chooses it, once, then every text typed gives exactly sentencepiece's, mistral-common's and
// Hugging Face tokenizers' ids, chip for chip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2 } from '../pages/gpt2.mjs';
import { chipIds, openWithSide, zooReferenceIds } from '../pages/zoo.mjs';

const TEXTS = [
  "Hello world! Don't panic: naïve café 👍🏽 ids 2024",
  'The year 1999 and 12345678 digits, THEY\'LL see.\n\n\tIndented   spaces   ',
  '  leading spaces, HelloWorld HTTPServer )\n\n/* comment */ e\u0301te',
  '東京タワー 🇺🇳 émoji, ¿qué? Straße — “quotes” 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 x²³ ١٢٣',
  '',
];

const MODELS = [['mistral-v1', 'mistral-v1', 'mistral/mistral-v1.bin'], ['tekken', 'tekken', 'mistral/tekken.bin'], ['smollm2', 'smollm2', 'smollm2/smollm2.bin']];
for (const [slug, model, file] of MODELS) {
  test(`${model} loads on request and gives its library's ids`, async (t) => {
    const expected = zooReferenceIds(TEXTS, model);
    const folder = file.split('/')[0] + '/';
    const { app, page, side, fetched } = await openWithSide(t, slug, folder);
    for (const [i, text] of TEXTS.entries()) {
      await pasteGpt2(page, text);
      assert.deepEqual(await chipIds(page, side, slug, expected[i]), expected[i], JSON.stringify(text));
    }
    assert.deepEqual(fetched.filter((p) => p.includes(folder)), [`/${file}`]);
    app.assertNoErrors();
  });
}

test('a damaged model file: the column says what is wrong, and the page carries on', async (t) => {
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  await page.route('**/mistral/mistral-v1.bin', async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length - 100] ^= 0xff;
    await route.fulfill({ response, body });
  });
  await gpt2Ready(page);
  await page.getByTestId('compare-choose-mistral-v1').check();
  const side = page.getByTestId('compare-mistral-v1');
  await side.locator('.error').filter({ hasText: /the SentencePiece model asset is damaged: checksum/ }).waitFor();
  assert.equal(await side.getByTestId('compare-mistral-v1-count').innerText(), '—');
  // The other columns still answer.
  await pasteGpt2(page, 'still working');
  await page.getByTestId('compare-gpt2-count').filter({ hasText: /^2$/ }).waitFor();
});
