// SmolLM2's own token table in the Embed lab, computed in the lab's workers, against `til smollm`
// (whose numbers tests/reference/smollm2_table.py checks against numpy float64 in the native tests):
// the table switch, a word's rows and neighbours (ids identical, cosines equal to the 6 decimals
// shown), a token's card, the analogy set on the token table (every section and the total equal),
// beside GloVe's (against `til embed eval-analogies`), and the under-trained ranking (the top 20
// ids and indicators to 6 decimals, the histogram) with a bad reference id answered by a clear
// message. With WebGPU (SwiftShader) the neighbour scan, the analogy set and the ranking's two
// passes are timed on both backends; without it they say they ran on the CPU, and why. Either way
// the CLI's numbers. Times are printed as [measure] lines, never asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { til } from './minilm-lab.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const QUESTIONS = join(ROOT, 'assets', 'glove', 'questions-words.txt');

/** `ID<TAB>VALUE<TAB>TOKEN` lines as [id, value rounded to 6 decimals]. */
const rows = (out) =>
  out.trim().split('\n').map((line) => {
    const [id, value] = line.split('\t');
    return [Number(id), Number(value).toFixed(6)];
  });

async function shown(page, testid, attribute) {
  return page.getByTestId(testid).evaluateAll((all, attribute) =>
    all.map((row) => [Number(row.dataset.id), row.getAttribute(attribute)]), attribute);
}

test('SmolLM2 token table: switch, neighbours, card, analogy set and under-trained tokens equal the CLI', async (t) => {
  const app = await launch({ path: '/#embed', timeoutMs: 900_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('embed-status').filter({ hasText: 'words × 50 dimensions' }).waitFor();

  // 1. The table switch shows SmolLM2's panel alone.
  await page.getByTestId('embed-table-smollm2').click();
  let started = Date.now();
  await page.getByTestId('token-table-panel').waitFor();
  assert.equal(await page.getByTestId('embed-query').isVisible(), false, 'GloVe\'s panels are hidden');
  await page.waitForURL(/table=smollm2/);

  // 2. Shown, it looks up "king": " king" is one row; its neighbours equal the CLI's.
  await page.getByTestId('token-neighbour').first().waitFor({ timeout: 120_000 });
  console.log(`[measure] token table: first look-up (fetch 30 MB, load, query) ${Date.now() - started} ms`);
  const forms = await page.getByTestId('token-forms').innerText();
  const king = Number(forms.match(/␣king: one token, row (\d+)/)[1]);
  const expected = rows(til('smollm', 'neighbours', String(king), '-k', '10'));
  assert.deepEqual(await shown(page, 'token-neighbour', 'data-cosine'), expected);
  const tokens = await page.getByTestId('token-neighbour').locator('.token-button').allInnerTexts();
  assert.ok(tokens.includes('Ġqueen'), `neighbours of Ġking: ${tokens}`);

  // A second query, timed from the click (the table is in the worker now).
  started = Date.now();
  await page.getByTestId('token-query').fill('#' + expected[0][0]);
  await page.getByTestId('token-look-up').click();
  await page.getByTestId('token-neighbour').first().locator(`xpath=..`).waitFor();
  await page.locator(`[data-testid="token-forms"]:has-text("id ${expected[0][0]}")`).waitFor();
  console.log(`[measure] token table: one neighbour query over 49,152 rows, click to table, ${Date.now() - started} ms; ${await page.getByTestId('token-query-ms').innerText()}`);
  assert.deepEqual(await shown(page, 'token-neighbour', 'data-cosine'),
    rows(til('smollm', 'neighbours', String(expected[0][0]), '-k', '10')));

  // 3. A token's card: Ġqueen is made from its own text.
  await page.getByTestId('token-rows').locator('.token-button', { hasText: /^Ġqueen$/ }).first().click();
  const card = page.getByTestId('token-card');
  await card.waitFor();
  assert.match(await card.getByTestId('token-card-produced').innerText(), /^yes/);

  // 4. The analogy set on the token table, in one worker per core.
  started = Date.now();
  await page.getByTestId('token-analogies-run').click();
  const total = page.getByTestId('token-analogy-total');
  await total.waitFor({ timeout: 600_000 });
  console.log(`[measure] token table: analogy set in the workers ${Date.now() - started} ms`);
  const cli = til('smollm', 'analogies', QUESTIONS).trim().split('\n');
  const [correct, asked] = cli.at(-1).split(' / ').map(Number);
  assert.equal(Number(await total.getAttribute('data-correct')), correct);
  assert.equal(Number(await total.getAttribute('data-asked')), asked);
  const sections = await page.getByTestId('token-analogy-section').evaluateAll((all) =>
    all.map((row) => [...row.cells].map((c) => c.textContent.replace(/,/g, ''))));
  assert.deepEqual(sections.map(([name, c, a]) => `${name}: ${c} / ${a}`),
    cli.slice(0, -1).map((line) => line.replace(/ = .*/, '')));
  // GloVe beside it: on all it can ask, `til embed eval-analogies` (its first 30,000 words); on the
  // same questions, no more than the token table asked.
  const [, gloveCorrect, gloveAsked] = til('embed', 'eval-analogies', QUESTIONS).match(/total: (\d+) \/ (\d+)/);
  const grouped = (n) => Number(n).toLocaleString('en-US');
  assert.match(await page.getByTestId('token-analogy-glove-all').innerText(), new RegExp(`^${grouped(gloveCorrect)} / ${grouped(gloveAsked)} \\(`));
  const same = await page.getByTestId('token-analogy-glove-same').innerText();
  console.log(`[measure] token table: ${correct} / ${asked} correct; GloVe on the same questions ${same}, on all it can ask ${grouped(gloveCorrect)} / ${grouped(gloveAsked)}`);
  assert.ok(Number(same.split(' / ')[1].split(' ')[0].replace(/,/g, '')) <= asked);

  // 5. A bad reference id gets a clear message; the default ranking equals the CLI's.
  await page.getByTestId('undertrained-reference-input').fill('5, abc');
  await page.getByTestId('undertrained-run').click();
  await page.getByTestId('token-table-error').filter({ hasText: '`abc` is not a token id' }).waitFor();
  await page.getByTestId('undertrained-reference-input').fill('');
  started = Date.now();
  await page.getByTestId('undertrained-run').click();
  await page.getByTestId('undertrained-row').first().waitFor({ timeout: 600_000 });
  console.log(`[measure] token table: under-trained ranking in a worker ${Date.now() - started} ms`);
  const ranked = await shown(page, 'undertrained-row', 'data-indicator');
  assert.equal(ranked.length, 100);
  assert.deepEqual(ranked.slice(0, 20), rows(til('smollm', 'undertrained', '-k', '20')));
  assert.ok(await page.locator('[data-testid="undertrained-histogram"] rect').count() > 5);

  // 6. A ranked token's card shows its indicator.
  await page.getByTestId('undertrained-row').first().locator('.token-button').click();
  await page.locator(`[data-testid="token-card"][data-id="${ranked[0][0]}"]`).waitFor();
  assert.equal(await page.getByTestId('token-card-indicator').innerText(), ranked[0][1]);
  app.assertNoErrors();
});

test('SmolLM2 token table with WebGPU (SwiftShader): the scan, the analogy set and the ranking are timed on both and give the CLI\'s numbers', async (t) => {
  const app = await launch({ path: '/?table=smollm2#embed', webgpu: true, timeoutMs: 300_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('token-neighbour').first().waitFor({ timeout: 120_000 });
  const said = await page.getByTestId('token-query-ms').innerText();
  console.log(`[measure] token table with an adapter: ${said}`);
  assert.match(said, /token neighbours: WebGPU [\d.]+ ms, CPU [\d.]+ ms → (WebGPU|CPU) \(the same rows and cosines on both\)/);
  const forms = await page.getByTestId('token-forms').innerText();
  const king = Number(forms.match(/␣king: one token, row (\d+)/)[1]);
  assert.deepEqual(await shown(page, 'token-neighbour', 'data-cosine'), rows(til('smollm', 'neighbours', String(king), '-k', '10')));

  // The analogy set's first questions are timed on both backends; on the CPU, the CLI's total.
  let started = Date.now();
  await page.getByTestId('token-analogies-run').click();
  const total = page.getByTestId('token-analogy-total');
  await total.waitFor({ timeout: 240_000 });
  const placed = await page.getByTestId('token-analogy-backend').innerText();
  console.log(`[measure] token table with an adapter: the analogy set in ${Date.now() - started} ms; ${placed}`);
  assert.match(placed, /^analogy set, 4 questions: WebGPU [\d.]+ ms, CPU [\d.]+ ms on one worker \([\d.]+ ms on \d+\) → (WebGPU|CPU)$/);
  const [correct, asked] = til('smollm', 'analogies', QUESTIONS).trim().split('\n').at(-1).split(' / ').map(Number);
  assert.equal(Number(await total.getAttribute('data-asked')), asked);
  if (placed.endsWith('→ CPU')) assert.equal(Number(await total.getAttribute('data-correct')), correct);

  // The ranking's two passes are timed on both backends too; either way the CLI's numbers.
  started = Date.now();
  await page.getByTestId('undertrained-run').click();
  await page.getByTestId('undertrained-row').first().waitFor({ timeout: 240_000 });
  const ranking = await page.getByTestId('undertrained-backend').innerText();
  console.log(`[measure] token table with an adapter: the ranking in ${Date.now() - started} ms; ${ranking}`);
  assert.match(ranking, /principal component: WebGPU [\d.]+ ms, CPU [\d.]+ ms → (WebGPU|CPU); indicator: WebGPU [\d.]+ ms, CPU [\d.]+ ms → (WebGPU|CPU)/);
  assert.deepEqual((await shown(page, 'undertrained-row', 'data-indicator')).slice(0, 20),
    rows(til('smollm', 'undertrained', '-k', '20')));
  app.assertNoErrors();
});

test('SmolLM2 token table without WebGPU: the analogy set and the ranking say they ran on the CPU, with the CLI\'s numbers', async (t) => {
  const app = await launch({ path: '/?table=smollm2#embed', webgpu: false, timeoutMs: 300_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('token-neighbour').first().waitFor({ timeout: 120_000 });
  console.log(`[measure] token table without WebGPU: ${await page.getByTestId('token-query-ms').innerText()}`);
  let started = Date.now();
  await page.getByTestId('token-analogies-run').click();
  const total = page.getByTestId('token-analogy-total');
  await total.waitFor({ timeout: 240_000 });
  console.log(`[measure] token table without WebGPU: the analogy set in ${Date.now() - started} ms`);
  assert.match(await page.getByTestId('token-analogy-backend').innerText(),
    /^analogy set: on the CPU's workers \(no WebGPU in the worker/);
  const [correct, asked] = til('smollm', 'analogies', QUESTIONS).trim().split('\n').at(-1).split(' / ').map(Number);
  assert.deepEqual([Number(await total.getAttribute('data-correct')), Number(await total.getAttribute('data-asked'))], [correct, asked]);
  started = Date.now();
  await page.getByTestId('undertrained-run').click();
  await page.getByTestId('undertrained-row').first().waitFor({ timeout: 240_000 });
  console.log(`[measure] token table without WebGPU: the ranking in ${Date.now() - started} ms`);
  assert.match(await page.getByTestId('undertrained-backend').innerText(),
    /principal component: on the CPU \(no WebGPU in the worker.*; indicator: on the CPU \(no WebGPU in the worker/);
  assert.deepEqual((await shown(page, 'undertrained-row', 'data-indicator')).slice(0, 20),
    rows(til('smollm', 'undertrained', '-k', '20')));
  app.assertNoErrors();
});
