// The trained tokenizer downloads as Hugging Face files whose content is the run on the page:
// merges.txt lists the page's merges in rank order, vocab.json gives the ids the page's chips carry,
// and tokenizer.json holds both with the settings that keep </w> a token of its own. (That
// tokenizer.json loads in `tokenizers` and encodes like the page is proven natively:
// crates/core/tests/bpe_tokenizer_json.rs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, seedReady } from '../pages/tokenize.mjs';
import { download } from './link-lab.mjs';

test('vocab.json, merges.txt and tokenizer.json hold the run', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);

  // The page's merges, "e + r → er (9)", at the last step.
  await page.getByTestId('bpe-scrubber').fill('10');
  await atStep(page, 'step 10 / 10');
  const shown = (await page.getByTestId('bpe-merge').allInnerTexts()).map((m) => m.replace(/ → .*$/, '').replace(' + ', ' '));
  assert.equal(shown.length, 10);

  const merges = await download(page, 'export-merges');
  assert.equal(merges.name, 'merges.txt');
  assert.deepEqual(merges.text.split('\n'), ['#version: 0.2', ...shown, '']);

  const vocab = await download(page, 'export-vocab');
  assert.equal(vocab.name, 'vocab.json');
  const ids = JSON.parse(vocab.text);
  assert.equal(Object.keys(ids).length, 21, 'the seed alphabet (d e i l n o r s t w </w>) plus 10 merges');
  assert.equal(ids['</w>'], 0);
  // The chips of "lowest" carry the same ids as vocab.json.
  const chips = page.getByTestId('bpe-encode-tokens').first().locator('.chip');
  const tokens = await chips.allInnerTexts();
  const chipIds = await chips.evaluateAll((spans) => spans.map((s) => Number(s.dataset.id)));
  assert.deepEqual(tokens, ['low', 'e', 's', 't', '</w>']);
  assert.deepEqual(chipIds, tokens.map((token) => ids[token]));

  const tokenizer = await download(page, 'export-tokenizer');
  assert.equal(tokenizer.name, 'tokenizer.json');
  const json = JSON.parse(tokenizer.text);
  assert.equal(json.model.type, 'BPE');
  assert.deepEqual(json.model.vocab, ids);
  assert.deepEqual(json.model.merges.map((pair) => pair.join(' ')), shown);
  assert.equal(json.model.end_of_word_suffix, '/w>');
  assert.deepEqual([json.normalizer.type, json.normalizer.content], ['Replace', '<']);
  assert.deepEqual(json.pre_tokenizer, { type: 'WhitespaceSplit' });
  assert.deepEqual(json.decoder, { type: 'BPEDecoder', suffix: '</w>' });
  app.assertNoErrors();
});
