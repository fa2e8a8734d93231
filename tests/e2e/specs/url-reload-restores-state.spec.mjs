// Every lab's state goes into the address as it changes, and a reload lands in the same state:
// the BPE run (merges, tie rule, step), the encode and GPT-2 texts, the Embed query, k and analogy,
// the Position sliders, and the lab on show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, seedReady, setMerges } from '../pages/tokenize.mjs';
import { openEmbed } from './embed-lab.mjs';
import { queryOnceWritten } from './link-lab.mjs';

const value = (page, testid) => page.getByTestId(testid).inputValue();

test('a reload restores every lab', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;

  // 1. Tokenize: 6 merges, first-seen ties, step 4, a word to encode, GPT-2 text.
  await seedReady(page);
  await setMerges(page, 6);
  await (await corpusSetting(page, 'bpe-tie-rule')).selectOption('first-seen');
  await (await corpusSetting(page, 'bpe-train')).click();
  await atStep(page, 'step 0 / 6');
  for (let i = 0; i < 4; i++) await page.getByTestId('bpe-step-forward').click();
  await atStep(page, 'step 4 / 6');
  await page.getByTestId('bpe-encode-input').fill('newest');
  await page.getByTestId('gpt2-input').fill('Hello there, link!');

  // 2. Embed: a query, k = 20, the Paris analogy by 3CosMul.
  await openEmbed(page);
  await page.getByTestId('embed-query').fill('queen');
  await page.getByTestId('embed-k').selectOption('20');
  await page.getByTestId('analogy-preset').nth(2).click();
  await page.getByTestId('analogy-method').selectOption('mul');

  // 3. Position: p, k, d_model, base (10^3).
  await page.getByTestId('nav-position').click();
  await page.getByTestId('pe-dmodel').fill('64');
  await page.getByTestId('pe-base').fill('3');
  await page.getByTestId('pe-offset').fill('7');
  await page.getByTestId('pe-position').fill('10');

  const query = await queryOnceWritten(page, 'p');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('p') === '10');
  const written = Object.fromEntries(new URL(page.url()).searchParams);
  console.log('address:', page.url());
  assert.ok(query.has('p'));
  assert.deepEqual(
    {
      merges: written.merges, tie: written.tie, step: written.step, encode: written.encode, gpt2: written.gpt2,
      word: written.word, top: written.top, a: written.a, b: written.b, c: written.c, method: written.method,
      p: written.p, k: written.k, d_model: written.d_model, base: written.base,
    },
    {
      merges: '6', tie: 'first-seen', step: '4', encode: 'newest', gpt2: 'Hello there, link!',
      word: 'queen', top: '20', a: 'paris', b: 'france', c: 'italy', method: 'mul',
      p: '10', k: '7', d_model: '64', base: '1000',
    },
  );
  assert.equal(new URL(page.url()).hash, '#position');
  // Defaults stay out of the link.
  assert.ok(!('corpus' in written) && !('positions' in written), page.url());

  // 4. Reload: the same state in every lab, and nothing to note.
  await page.reload({ waitUntil: 'load' });
  await page.getByTestId('pe-position-value').filter({ hasText: /^10$/ }).waitFor();
  assert.equal(await value(page, 'pe-offset'), '7');
  assert.equal(await value(page, 'pe-dmodel'), '64');
  assert.equal(await page.getByTestId('pe-base-value').innerText(), '1000');
  assert.equal(await page.getByTestId('pe-play').getAttribute('aria-pressed'), 'false');

  await page.getByTestId('nav-tokenize').click();
  await atStep(page, 'step 4 / 6');
  assert.equal(await value(page, 'bpe-tie-rule'), 'first-seen');
  assert.equal(await value(page, 'bpe-merges-count'), '6');
  assert.equal(await value(page, 'bpe-encode-input'), 'newest');
  assert.equal(await value(page, 'gpt2-input'), 'Hello there, link!');

  await openEmbed(page);
  assert.equal(await value(page, 'embed-query'), 'queen');
  assert.equal(await value(page, 'embed-k'), '20');
  assert.deepEqual(
    [await value(page, 'analogy-x'), await value(page, 'analogy-y'), await value(page, 'analogy-z')],
    ['paris', 'france', 'italy'],
  );
  assert.equal(await value(page, 'analogy-method'), 'mul');
  await page.getByTestId('embed-neighbors-time').filter({ hasText: '"queen" is row' }).waitFor();
  assert.equal(await page.getByTestId('embed-neighbor').count(), 20);

  assert.equal(await page.getByTestId('url-note').count(), 0, 'a clean link needs no note');
  app.assertNoErrors();
});

test('old links that name only the lab still work', async (t) => {
  const app = await launch({ path: '/#embed' });
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('embed-query').waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('nav-embed').getAttribute('aria-current'), 'page');
  assert.equal(await page.getByTestId('url-note').count(), 0);
  app.assertNoErrors();
});
