// A sentence typed in Tokenize is carried to Embed (its words' rows) and on to Position (set against
// its reverse, with and without positions), the journey bar showing each stop; a reload keeps it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { seedReady } from '../pages/tokenize.mjs';
import { queryOnceWritten } from './link-lab.mjs';

test('tokens → rows → positions, one click per lab', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  const step = (lab) => page.getByTestId(`journey-${lab}`);

  // 1. Tokenize: the sentence's BPE tokens under the seed's merges.
  await seedReady(page);
  await page.getByTestId('bpe-encode-input').fill('the cat sat');
  await page.getByTestId('carry-to-embed').click();
  assert.equal(new URL(page.url()).hash, '#embed');
  assert.equal(await page.getByTestId('journey-text').innerText(), 'Carrying “the cat sat”');
  // None of the seed's ten merges applies to these words: characters plus </w>.
  await step('tokenize').filter({ hasText: '12 BPE tokens: t · h · e · </w> · c · a · t · </w> · s · a · t · </w>' }).waitFor();

  // 2. Embed: the sentence is the batch, its first word the query, each word a row.
  assert.equal(await page.getByTestId('embed-batch').inputValue(), 'the cat sat');
  assert.equal(await page.getByTestId('embed-query').inputValue(), 'the');
  const ids = await page.getByTestId('embed-batch-ids').innerText();
  const [the, cat, sat] = ids.match(/\[\[(\d+), (\d+), (\d+)\]\]/).slice(1);
  await step('embed').filter({ hasText: `the → row ${the} · cat → row ${cat} · sat → row ${sat}` }).waitFor();
  assert.equal(await page.getByTestId('nav-embed').getAttribute('aria-current'), 'page');

  // 3. Position: the sentence against its reverse.
  await page.getByTestId('carry-to-position').click();
  assert.equal(new URL(page.url()).hash, '#position');
  assert.equal(await page.getByTestId('pe-order-first').inputValue(), 'the cat sat');
  assert.equal(await page.getByTestId('pe-order-second').inputValue(), 'sat cat the');
  await step('position').filter({ hasText: '+ PE(0) … PE(2) (d = 50): against “sat cat the”' }).waitFor();
  assert.match(await step('position').innerText(), /outputs move by up to \d\.\d{4} with positions, \d\.\de-?\d+ without/);

  // 4. The link carries the journey: a reload shows the same path.
  const query = await queryOnceWritten(page, 'order2');
  assert.equal(query.get('carry'), 'the cat sat');
  assert.equal(query.get('batch'), 'the cat sat');
  await page.reload({ waitUntil: 'load' });
  assert.equal(await page.getByTestId('journey-text').innerText(), 'Carrying “the cat sat”');
  assert.equal(await page.getByTestId('pe-order-second').inputValue(), 'sat cat the');
  await step('position').filter({ hasText: 'against “sat cat the”' }).waitFor();
  app.assertNoErrors();
});
