// The pair and word tables are kept as markup and updated by difference (a step moves, inserts and
// removes rows), so whichever way a position is reached (one step at a time, back, or a jump of the
// scrubber) its tables must read the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, seedReady, setMerges } from '../pages/tokenize.mjs';

const MERGES = 30;
const tables = (page) =>
  page.evaluate(() => ['bpe-pair-row', 'bpe-change', 'bpe-word'].map((id) =>
    [...document.querySelectorAll(`[data-testid="${id}"]`)].map((el) => `${el.className}|${el.textContent}`).join('\n')));

test('tables read the same at a position reached by steps, back steps or a jump', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  // A corpus with many words sharing pairs, so rows move, come and go with every merge.
  const words = ['lower', 'newest', 'widest', 'slower', 'lowest', 'newer', 'wider', 'low', 'new', 'west', 'tower', 'toes',
    'sweeter', 'tenderest', 'wonders', 'snowiest', 'lenders', 'slenderest'];
  const corpus = words.map((w, i) => `${w} ${words.length - i}`).join('\n');
  await (await corpusSetting(page, 'bpe-corpus')).fill(corpus);
  await (await corpusSetting(page, 'bpe-format')).selectOption('counts');
  await setMerges(page, MERGES);
  await (await corpusSetting(page, 'bpe-train')).click();
  await atStep(page, `step 0 / ${MERGES}`);

  // 1. One step at a time, forward to the end.
  const forward = [await tables(page)];
  for (let k = 1; k <= MERGES; k++) {
    await page.getByTestId('bpe-step-forward').click();
    await atStep(page, `step ${k} / `);
    forward.push(await tables(page));
  }
  // 2. Back one step at a time, and jumps from far away, must match.
  for (let k = MERGES - 1; k >= 0; k--) {
    await page.getByTestId('bpe-step-back').click();
    await atStep(page, `step ${k} / `);
    assert.deepEqual(await tables(page), forward[k], `back to step ${k}`);
  }
  for (const k of [27, 3, 21, 30, 0, 12, 29]) {
    await page.getByTestId('bpe-scrubber').fill(String(k));
    await atStep(page, `step ${k} / `);
    assert.deepEqual(await tables(page), forward[k], `jump to step ${k}`);
  }
  app.assertNoErrors();
});
