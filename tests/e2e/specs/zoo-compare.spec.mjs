// Side by side as a reader drives it: the link chooses the columns (an unknown name and a fifth one
// are left out with a note), at most four at once, chips outlined where the columns cut the text
// differently, every column's tokens as CSV, and the choice back in the link after a change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2, referenceIds } from '../pages/gpt2.mjs';
import { chipIds, loadedSide, zooReferenceIds } from '../pages/zoo.mjs';
import { download, openedNotes } from './link-lab.mjs';

const TEXT = 'Hello world in 2024';

test('the link chooses the columns; cuts that differ are outlined; CSV and link follow', async (t) => {
  const [smollm2] = zooReferenceIds([TEXT], 'smollm2');
  const gpt2 = referenceIds(TEXT);
  const app = await launch({ serviceWorkers: 'block', path: '/?compare=gpt2,smollm2,GPT5,o200k,tekken,bpe' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);

  // 1. Four known names in the link's order; the unknown and the fifth are noted.
  const notes = await openedNotes(page);
  assert.ok(notes.some((n) => /tokenizers compared .*names 1 that are not among .* and names more than 4: using gpt2, smollm2, o200k, tekken\./.test(n)), notes.join('\n'));
  const shown = await page.locator('[data-testid=compare] .compare-side').evaluateAll((els) => els.map((el) => el.dataset.testid));
  assert.deepEqual(shown, ['compare-gpt2', 'compare-smollm2', 'compare-o200k_base', 'compare-tekken']);
  assert.equal(await page.getByTestId('compare-choose-bpe').isDisabled(), true);
  assert.match(await page.getByTestId('compare-chooser-full').innerText(), /4 chosen/);

  // 2. GPT-2 keeps " 2024" whole, SmolLM2 splits each digit: those chips are outlined, "Hello" is not.
  await pasteGpt2(page, TEXT);
  const side = await loadedSide(page, 'smollm2');
  assert.deepEqual(await chipIds(page, side, 'smollm2', smollm2), smollm2);
  const outlined = (slug) => page.getByTestId(`compare-${slug}`).locator('.cut-differs .chip').allInnerTexts();
  await page.getByTestId('compare-gpt2-count').filter({ hasText: new RegExp(`^${gpt2.length}$`) }).waitFor();
  await page.getByTestId('compare-gpt2').locator('.cut-differs').first().waitFor();
  assert.deepEqual(await outlined('gpt2'), ['Ġ2024']);
  assert.deepEqual(await outlined('smollm2'), ['2', '0', '2', '4']);
  assert.match(await page.getByTestId('compare-smollm2-differing').innerText(), /^4 cut differently/);

  // 3. The CSV has every shown token of every ready column, with its span and text.
  await loadedSide(page, 'o200k_base');
  await loadedSide(page, 'tekken');
  const counts = await Promise.all(['gpt2', 'smollm2', 'o200k_base', 'tekken'].map(async (slug) =>
    Number(await page.getByTestId(`compare-${slug}-count`).innerText())));
  const { name, text } = await download(page, 'compare-csv');
  assert.equal(name, 'tokenizers-side-by-side.csv');
  const rows = text.trimEnd().split('\r\n');
  assert.equal(rows[0], 'tokenizer,index,id,token,start,end,text');
  assert.equal(rows.length - 1, counts.reduce((a, b) => a + b, 0));
  const smolRows = rows.filter((r) => r.startsWith('SmolLM2 (135M),'));
  assert.deepEqual(smolRows.map((r) => Number(r.split(',')[2])), smollm2);
  assert.ok(rows.includes(`GPT-2,3,${gpt2[3]},Ġ2024,14,19, 2024`), rows.join('\n'));

  // 4. Unticking one frees a place; the link follows, and a reload opens the same columns.
  await page.getByTestId('compare-choose-tekken').uncheck();
  assert.equal(await page.getByTestId('compare-choose-bpe').isDisabled(), false);
  await page.waitForFunction(() => new URLSearchParams(location.search).get('compare') === 'gpt2,smollm2,o200k_base');
  await page.reload();
  await gpt2Ready(page);
  await page.getByTestId('compare-o200k_base').waitFor();
  const again = await page.locator('[data-testid=compare] .compare-side').evaluateAll((els) => els.map((el) => el.dataset.testid));
  assert.deepEqual(again, ['compare-gpt2', 'compare-smollm2', 'compare-o200k_base']);
  app.assertNoErrors();
});
