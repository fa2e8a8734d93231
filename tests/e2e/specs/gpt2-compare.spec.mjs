// GPT-2's real tokenizer, side by side with the visitor's own BPE: the same text through the
// walkthrough's current training run (all its merges, as "Encode a word" does) and through GPT-2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, seedReady, setMerges } from '../pages/tokenize.mjs';
import { countIs, gpt2Ready, referenceIds } from '../pages/gpt2.mjs';

const TEXT = 'the lowest newer wider café';

/** Tokens of TEXT in the walkthrough's own "Encode a word" panel, all words together. */
async function walkthroughTokens(page) {
  await page.getByTestId('bpe-encode-input').fill(TEXT);
  await page.getByTestId('bpe-encode-output').getByText('café →').waitFor();
  return page.getByTestId('bpe-encode-tokens').locator('.chip').allInnerTexts();
}

test('side by side: your BPE and GPT-2 on the same text', async (t) => {
  const gpt2Ids = referenceIds(TEXT);
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  await gpt2Ready(page);
  await page.getByTestId('gpt2-input').fill(TEXT);
  await countIs(page, gpt2Ids.length);
  const compare = page.getByTestId('compare');
  const bpeCount = compare.getByTestId('compare-bpe-count');
  const bpeChips = () => compare.getByTestId('compare-bpe').locator('.chip').allInnerTexts();

  // GPT-2's side is the section's own count and ids.
  assert.equal(await compare.getByTestId('compare-gpt2-count').innerText(), String(gpt2Ids.length));
  const gpt2Side = await compare.getByTestId('compare-gpt2').locator('.chip').evaluateAll((els) =>
    els.map((el) => Number(el.dataset.id)),
  );
  assert.deepEqual(gpt2Side, gpt2Ids);

  // Your BPE's side is exactly what the walkthrough's encoder makes of each word (10 seed merges).
  const tenMerges = await walkthroughTokens(page);
  assert.equal(await bpeCount.innerText(), String(tenMerges.length));
  assert.deepEqual(await bpeChips(), tenMerges);
  // "c", "a", "f", "é", "t", "h" never occur in the seed corpus: flagged as unknown symbols.
  assert.match(await compare.getByTestId('compare-unknown').innerText(), /characters this vocabulary has no token for/);
  // Tiny corpus, few merges: more tokens than GPT-2 for this text.
  assert.ok(tenMerges.length > gpt2Ids.length, `${tenMerges.length} vs ${gpt2Ids.length}`);

  // Retrain with 2 merges: the BPE side follows the new run, and needs more tokens.
  await setMerges(page, 2);
  await (await corpusSetting(page, 'bpe-train')).click();
  await atStep(page, 'step 0 / 2');
  const twoMerges = await walkthroughTokens(page);
  await bpeCount.filter({ hasText: new RegExp(`^${twoMerges.length}$`) }).waitFor();
  assert.deepEqual(await bpeChips(), twoMerges);
  assert.ok(twoMerges.length > tenMerges.length, `${twoMerges.length} vs ${tenMerges.length}`);
  assert.match(await compare.innerText(), /2 merges from the walkthrough's corpus/);
  app.assertNoErrors();
});
