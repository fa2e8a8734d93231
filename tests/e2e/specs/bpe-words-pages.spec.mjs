// The segmentation view reaches every word: a page of 100 words at a time, most frequent first,
// with Previous / Next and a filter; every row's chips spell its word plus </w> at any step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, seedReady, setMerges } from '../pages/tokenize.mjs';

/** The words of the rows on show, and whether each row's chips spell its word and `</w>`. */
const rows = (page) =>
  page.getByTestId('bpe-word').evaluateAll((trs) =>
    trs.map((tr) => ({
      word: tr.querySelector('th').innerText,
      spelled: [...tr.querySelectorAll('.chip')].map((c) => c.innerText).join('') === `${tr.querySelector('th').innerText}</w>`,
    })),
  );

test('words: pages of 100, a filter, and chips that always spell the word', async (t) => {
  // A minute per wait: once, in a whole-suite run on the loaded 2-core machine, training these
  // 250 words took longer than the default 30 s.
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  const range = page.getByTestId('bpe-words-range');
  await seedReady(page);
  await range.filter({ hasText: 'All 4 distinct words.' }).waitFor();

  // 1. 250 words, w000 the most frequent, in word-count lines.
  const corpus = Array.from({ length: 250 }, (_, i) => `w${String(i).padStart(3, '0')} ${250 - i}`).join('\n');
  await (await corpusSetting(page, 'bpe-corpus')).fill(corpus);
  await (await corpusSetting(page, 'bpe-format')).selectOption('counts');
  await setMerges(page, 6);
  await (await corpusSetting(page, 'bpe-train')).click();
  await atStep(page, 'step 0 / 6');
  await range.filter({ hasText: 'Words 1–100 of 250 distinct words, most frequent first.' }).waitFor();
  let shown = await rows(page);
  assert.equal(shown.length, 100);
  assert.deepEqual([shown[0].word, shown[99].word], ['w000', 'w099']);
  assert.ok(shown.every((r) => r.spelled));
  assert.ok(await page.getByTestId('bpe-words-prev').isDisabled());

  // 2. The pages on.
  await page.getByTestId('bpe-words-next').click();
  await range.filter({ hasText: 'Words 101–200 of 250' }).waitFor();
  assert.equal((await rows(page))[0].word, 'w100');
  await page.getByTestId('bpe-words-next').click();
  await range.filter({ hasText: 'Words 201–250 of 250' }).waitFor();
  shown = await rows(page);
  assert.deepEqual([shown.length, shown[0].word, shown.at(-1).word], [50, 'w200', 'w249']);
  assert.ok(await page.getByTestId('bpe-words-next').isDisabled());

  // 3. Stepping keeps the page, and every row still spells its word.
  await page.getByTestId('bpe-scrubber').fill('6');
  await atStep(page, 'step 6 / 6');
  shown = await rows(page);
  assert.equal(shown[0].word, 'w200');
  assert.ok(shown.every((r) => r.spelled));
  assert.ok(await page.getByTestId('bpe-word').first().locator('.chip').count() < 5, 'merged chips');

  // 4. A filter, most frequent first, and one that finds nothing.
  await page.getByTestId('bpe-words-filter').fill('24');
  await range.filter({ hasText: '1–13 of the 13 words that contain “24”, most frequent first.' }).waitFor();
  shown = await rows(page);
  assert.deepEqual(shown.map((r) => r.word), ['w024', 'w124', 'w224', ...Array.from({ length: 10 }, (_, i) => `w24${i}`)]);
  await page.getByTestId('bpe-words-filter').fill('zzz');
  await range.filter({ hasText: 'No word of the 250 contains “zzz”.' }).waitFor();
  assert.equal(await page.getByTestId('bpe-word').count(), 0);
  app.assertNoErrors();
});
