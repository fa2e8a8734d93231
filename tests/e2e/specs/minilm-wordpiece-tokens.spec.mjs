// WordPiece in the Tokenize lab, as the third side of the tokenizer comparison: for the same text as
// the walkthrough's BPE and GPT-2, the same tokens and ids as `til wordpiece encode` (which the
// native tests check against Hugging Face tokenizers), `##` pieces, [UNK] and [CLS]/[SEP] marked, the
// three counts side by side, and only vocab.txt fetched (never the 23 MB token table).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2 } from '../pages/gpt2.mjs';
import { fetched, wordpieceCli } from './minilm-lab.mjs';

const TEXTS = [
  "Hello, world! Don't panic.",
  'naïve café résumé — Straße',
  '東京タワー 👍🏽 emoji',
  'https://example.com/path?q=1 costs $3.50',
  'unbelievably antidisestablishmentarianism ' + 'x'.repeat(120),
  '',
];

/** [chip text, id, kind] of every WordPiece chip. */
const shownTokens = (side) =>
  side.getByTestId('compare-token').evaluateAll((els) =>
    els.map((el) => [
      el.querySelector('.chip').textContent,
      Number(el.querySelector('.wp-id').textContent),
      ['unk', 'special', 'continuation', 'start'].find((kind) => el.classList.contains(kind)),
    ]),
  );

/** What the page should mark each token as. */
const kindOf = (token) =>
  token === '[UNK]' ? 'unk' : ['[CLS]', '[SEP]'].includes(token) ? 'special' : token.startsWith('##') && token.length > 2 ? 'continuation' : 'start';

test('WordPiece beside BPE and GPT-2: the CLI tokens and ids, pieces marked, only the vocabulary loaded', async (t) => {
  const app = await launch({ path: '/#tokenize' });
  t.after(() => app.close());
  const { page } = app;
  const paths = fetched(page);
  await gpt2Ready(page);
  const side = page.getByTestId('compare-wordpiece');
  await side.scrollIntoViewIfNeeded();

  for (const text of TEXTS) {
    await pasteGpt2(page, text);
    const expected = wordpieceCli(text).map(([token, id]) => [token, id, kindOf(token)]);
    await side.getByTestId('compare-wordpiece-count').filter({ hasText: new RegExp(`^${expected.length}$`) }).waitFor();
    // The count can match before the chips of a new text are drawn: read until they agree or time out.
    let shown;
    for (let tries = 0; tries < 50; tries++) {
      shown = await shownTokens(side);
      if (JSON.stringify(shown) === JSON.stringify(expected)) break;
      await page.waitForTimeout(100);
    }
    assert.deepEqual(shown, expected, JSON.stringify(text));
  }

  // The three counts side by side, for one text.
  await pasteGpt2(page, 'Tokenizers split unbelievably long words into pieces.');
  await side.getByTestId('compare-wordpiece-count').filter({ hasText: /^16$/ }).waitFor();
  await page.getByTestId('compare-bpe-count').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 60_000 });
  const counts = {
    bpe: Number(await page.getByTestId('compare-bpe-count').innerText()),
    gpt2: Number(await page.getByTestId('compare-gpt2-count').innerText()),
    wordpiece: Number(await side.getByTestId('compare-wordpiece-count').innerText()),
  };
  console.log(`[measure] tokens for one sentence: ${JSON.stringify(counts)}`);
  assert.ok(counts.bpe > 0 && counts.gpt2 > 0);
  assert.match(await side.getByTestId('wordpiece-splits').innerText(), /unbelievably → un ##bel ##ie ##va ##bly/);

  assert.equal(paths.filter((p) => p === '/minilm/vocab.txt').length, 1, paths.join(', '));
  assert.ok(!paths.some((p) => p.endsWith('tokens.bin') || p.endsWith('layer.bin')), paths.join(', '));
  app.assertNoErrors();
});
