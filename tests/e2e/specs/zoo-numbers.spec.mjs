// "How numbers split": 0–999 and the years 1900–2100, each written alone, under every column on
// show; each cell's token count equals the reference's for that number (js-tiktoken for GPT-2,
// Hugging Face tokenizers for SmolLM2, mistral-common for Tekken), the summaries add up, and each
// column's splits download as CSV with the same counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready, referenceIdsOfEach } from '../pages/gpt2.mjs';
import { NUMBERS, zooReferenceIds } from '../pages/zoo.mjs';

test('each column shows how every number splits, as its reference splits it', async (t) => {
  const expected = {
    gpt2: referenceIdsOfEach(NUMBERS).map((ids) => ids.length),
    smollm2: zooReferenceIds(NUMBERS, 'smollm2').map((ids) => ids.length),
    tekken: zooReferenceIds(NUMBERS, 'tekken').map((ids) => ids.length),
  };
  const app = await launch({ serviceWorkers: 'block', path: '/?compare=gpt2,smollm2,tekken' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  for (const [slug, counts] of Object.entries(expected)) {
    const block = page.getByTestId(`numbers-${slug}`);
    await block.getByTestId('numbers-years').waitFor({ timeout: 60_000 });
    const shown = await block.locator('.n-cell').evaluateAll((els) => els.map((el) => Number(el.dataset.count)));
    assert.deepEqual(shown, counts, slug);
    const summary = await block.getByTestId('numbers-small-summary').innerText();
    const total = [...summary.matchAll(/(\d+) in \d+ tokens?/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    assert.equal(total, 1000, `${slug}: ${summary}`);
  }
  // SmolLM2 spells every digit; its cell says so.
  const year = page.getByTestId('numbers-smollm2').getByTestId('numbers-years').locator('.n-cell').nth(84);
  assert.equal(await year.getAttribute('title'), '1984 → 1·9·8·4');
  // Tekken's splits as CSV: number, tokens, split.
  await page.getByTestId('numbers-tekken').getByTestId('numbers-csv').scrollIntoViewIfNeeded();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('numbers-tekken').getByTestId('numbers-csv').click()]);
  assert.equal(file.suggestedFilename(), 'numbers-tekken.csv');
  const { readFile } = await import('node:fs/promises');
  const rows = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n').map((line) => line.split(','));
  assert.deepEqual(rows[0], ['number', 'tokens', 'split']);
  assert.deepEqual(rows.slice(1).map((r) => r[0]), NUMBERS);
  assert.deepEqual(rows.slice(1).map((r) => Number(r[1])), expected.tekken);
  assert.deepEqual(rows[1 + 1084], ['1984', '4', '1·9·8·4']);
  app.assertNoErrors();
});
