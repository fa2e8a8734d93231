// A SentencePiece model file of the reader's own, opened in the Tokenize lab's comparison: a
// Unigram model with sentencepiece's default normalizer (nmt_nfkc) and user symbols, trained here
// with sentencepiece, gives exactly sentencepiece's ids in its column; a file that is no model says
// so there, and the other columns carry on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2 } from '../pages/gpt2.mjs';
import { chipIds, fileColumn, trainedModel, zooReferenceIds } from '../pages/zoo.mjs';

const TEXTS = [
  'To be, or not to be: that is the question.',
  '  Ｆｕｌｌｗｉｄｔｈ  and   spaces, <br> breaks @@ and ﬁ ligatures ①②',
  'Unknown: 東京 👍🏽 — naïve',
];

test('an opened Unigram model file gives sentencepiece ids; a bad file says why', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-model-file-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const model = trainedModel(dir, ['vocab_size=800', 'user_defined_symbols=<br>,@@']);
  const expected = zooReferenceIds(TEXTS, ['--sentencepiece', model]);

  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  const side = await fileColumn(page);
  assert.match(await side.innerText(), /Open a SentencePiece \.model file/);
  await side.getByTestId('model-file-open').setInputFiles(model);
  await side.filter({ hasText: /trained\.model, read in your browser/ }).waitFor();
  for (const [i, text] of TEXTS.entries()) {
    await pasteGpt2(page, text);
    assert.deepEqual(await chipIds(page, side, 'model-file', expected[i]), expected[i], JSON.stringify(text));
  }

  const junk = join(dir, 'notes.model');
  writeFileSync(junk, 'these are my notes, not a model');
  await side.getByTestId('model-file-open').setInputFiles(junk);
  await side.locator('.error').filter({ hasText: /not a usable SentencePiece model file/ }).waitFor();
  await pasteGpt2(page, 'still working');
  await page.getByTestId('compare-gpt2-count').filter({ hasText: /^2$/ }).waitFor();
  app.assertNoErrors();
});
