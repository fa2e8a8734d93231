// The walkthrough writes its long lists as markup for speed (pair rows, merges, vocabulary, word
// chips), so a corpus made of markup must come out as text: no element, attribute or script of the
// reader's corpus may reach the page, at the first step or the last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, seedReady, setMerges } from '../pages/tokenize.mjs';

const WORDS = ['<img src=x onerror=window.__pwned=1>', '<b>bold</b>', 'a&amp;b', '"q\'uote"'];

test('a corpus of markup is shown as text in every list', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  await (await corpusSetting(page, 'bpe-format')).selectOption('text');
  await (await corpusSetting(page, 'bpe-corpus')).fill(Array(5).fill(WORDS.join(' ')).join('\n'));
  await setMerges(page, 40);
  await (await corpusSetting(page, 'bpe-train')).click();
  // The seed walkthrough also reads "step 0 / …": wait for this corpus's words, not just the label.
  await page.getByTestId('bpe-words').filter({ hasText: 'src=x' }).waitFor();
  await atStep(page, 'step 0 / ');

  for (const where of ['first', 'last']) {
    if (where === 'last') {
      await page.getByTestId('bpe-step-label').click();
      await page.keyboard.press('End');
      await page.waitForFunction(() => /^step (\d+) \/ \1$/.test(document.querySelector('[data-testid="bpe-step-label"]').textContent.trim()));
    }
    const lab = page.locator('#tokenize');
    assert.equal(await lab.locator('img, b, script').count(), 0, `${where} step: no element from the corpus`);
    const words = await page.getByTestId('bpe-words').innerText();
    for (const word of ['<img', 'onerror=window.__pwned=1>', '<b>bold</b>', 'a&amp;b']) {
      assert.ok(words.replace(/\s+/g, '').includes(word.replace(/\s+/g, '')), `${where} step: "${word}" shown as text`);
    }
    assert.match(await page.getByTestId('bpe-vocab').innerText(), /</, `${where} step: < in the vocabulary`);
  }
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  app.assertNoErrors();
});
