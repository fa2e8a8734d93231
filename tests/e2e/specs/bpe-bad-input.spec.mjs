// Bad input gets one clear message and loses nothing: the previous run stays on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, setMerges } from '../pages/tokenize.mjs';

test('empty corpus, a malformed count line and a bad merge count are explained', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await atStep(page, 'step 0 / 10');
  const corpus = await corpusSetting(page, 'bpe-corpus');
  const error = page.getByTestId('bpe-error');

  await corpus.fill('   \n  ');
  await (await corpusSetting(page, 'bpe-train')).click();
  await error.waitFor();
  assert.match(await error.innerText(), /no words/i);
  assert.equal(await page.getByTestId('bpe-step-label').innerText(), 'step 0 / 10');

  await corpus.fill('low 5\nlowest two\n');
  await (await corpusSetting(page, 'bpe-train')).click();
  await error.filter({ hasText: 'line 2' }).waitFor();

  await setMerges(page, 0);
  await error.filter({ hasText: 'Merges must be' }).waitFor();

  // Any Unicode trains: accents, CJK and emoji are just more symbols.
  await (await corpusSetting(page, 'bpe-format')).selectOption('text');
  await corpus.fill('héllo héllo 你好 你好 👍🏽 👍🏽 naïve');
  await setMerges(page, 5);
  await (await corpusSetting(page, 'bpe-train')).click();
  await atStep(page, 'step 0 / 5');
  assert.equal(await error.count(), 0);
  app.assertNoErrors();
});
