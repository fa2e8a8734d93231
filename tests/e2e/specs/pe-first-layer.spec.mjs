// SmolLM2's first attention layer in the page against numpy float64 (tests/reference/smollm_qk.py,
// written as transformers computes Llama attention, from the GGUF's weights): the tokens are the
// reference tokenizer's ids, every logit of three heads' tables is the reference's to the 4 decimals
// shown, the two layouts give the same numbers, no rotation gives the reference's unrotated logits,
// and rotating halves of the GGUF's rows (the conversion bug) does not; axe finds nothing serious.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOUR_DECIMALS, openPositionLab } from './pe-lab.mjs';
import { referenceFirstLayer, zooReferenceIds } from '../pages/zoo.mjs';
import { seriousViolations } from './a11y-labs.mjs';

const table = (page) =>
  page.$$eval('[data-testid="first-layer-table"] tbody tr', (rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].filter((td) => !td.classList.contains('masked')).map((td) => Number(td.textContent))));

function assertTable(shown, reference, what) {
  let compared = 0;
  shown.forEach((row, m) => row.forEach((value, n) => {
    assert.ok(Math.abs(value - reference[m][n]) <= FOUR_DECIMALS, `${what} (${m}, ${n}): ${value} vs ${reference[m][n]}`);
    compared++;
  }));
  assert.ok(compared > 0, `${what}: a table`);
  return compared;
}

test("SmolLM2 first-layer logits: the reference tokenizer's ids and numpy's float64 logits, both layouts, the bug", async (t) => {
  const app = await openPositionLab({ timeoutMs: 120_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('pe-scheme').selectOption('rope');
  await page.getByTestId('first-layer-load').click();
  await page.getByTestId('first-layer-table').waitFor({ timeout: 120_000 });
  const sentence = await page.getByTestId('first-layer-text').inputValue();
  const ids = await page.getByTestId('first-layer-token').evaluateAll((chips) => chips.map((c) => Number(c.dataset.id)));
  assert.deepEqual(ids, zooReferenceIds([sentence], 'smollm2')[0], 'the reference tokenizer\'s ids');

  const rotated = referenceFirstLayer(ids);
  let compared = 0;
  for (const head of [0, 4, 8]) {
    await page.getByRole('button', { name: `head ${head}`, exact: true }).click();
    await page.getByTestId('first-layer-table').filter({ hasText: `Head ${head},` }).waitFor();
    compared += assertTable(await table(page), rotated[head], `head ${head}`);
  }
  const interleaved = await page.getByTestId('first-layer-table').locator('tbody').textContent();
  await page.getByTestId('first-layer-way').selectOption('half');
  await page.getByTestId('first-layer-table').filter({ hasText: 'transformers' }).waitFor();
  assert.equal(await page.getByTestId('first-layer-table').locator('tbody').textContent(), interleaved, 'both layouts, the same logits');
  const agree = Number((await page.getByTestId('first-layer-layouts').textContent()).match(/agree to ([^ ]+) on every logit/)[1]);
  assert.ok(agree < 1e-12, `layouts agree to ${agree}`);

  await page.getByTestId('first-layer-way').selectOption('off');
  await page.getByTestId('first-layer-table').filter({ hasText: 'No rotation' }).waitFor();
  compared += assertTable(await table(page), referenceFirstLayer(ids, false)[8], 'no rotation, head 8');

  await page.getByTestId('first-layer-way').selectOption('bug');
  await page.getByTestId('first-layer-table').filter({ hasText: 'conversion bug' }).waitFor();
  const bug = await table(page);
  const moved = Math.max(...bug.flatMap((row, m) => row.map((v, n) => Math.abs(v - rotated[8][m][n]))));
  assert.ok(moved > 0.05, `the bug moves head 8's logits by ${moved}`);

  // An empty sentence says so; a long one is cut at 48 tokens, and says so.
  await page.getByTestId('first-layer-text').fill('');
  await page.getByTestId('first-layer-text').dispatchEvent('change');
  await page.getByTestId('first-layer-error').filter({ hasText: 'an empty one has no tokens' }).waitFor();
  await page.getByTestId('first-layer-text').fill('word '.repeat(500).trim());
  await page.getByTestId('first-layer-text').dispatchEvent('change');
  await page.getByTestId('first-layer-cut').filter({ hasText: 'The sentence makes 500 tokens; the first 48 are shown' }).waitFor();
  assert.equal(await page.getByTestId('first-layer-token').count(), 48);

  // Another sentence: "man bit dog" is asked again and answered with its own ids.
  await page.getByTestId('first-layer-way').selectOption('interleaved');
  await page.getByRole('button', { name: 'man bit dog' }).click();
  await page.getByTestId('first-layer-table').filter({ hasText: 'man' }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="first-layer-text"]').value === 'The man bit the dog.');
  const manIds = zooReferenceIds(['The man bit the dog.'], 'smollm2')[0];
  await page.waitForFunction((expected) => [...document.querySelectorAll('[data-testid="first-layer-token"]')].map((c) => c.dataset.id).join(' ') === expected, manIds.join(' '));
  compared += assertTable(await table(page), referenceFirstLayer(manIds)[8], '"man bit dog", head 8');
  // The RoPE views with the layer loaded, as a screen reader meets them.
  assert.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations');
  console.log(`[measure] SmolLM2 first layer in the page: ${compared} logits equal numpy float64's to 4 decimals; the layouts agree to ${agree.toExponential(1)}; the bug moves logits by up to ${moved.toFixed(2)}`);
  app.assertNoErrors();
});

test('a damaged layer0.bin: the panel says what is wrong, and the rest of the lab works', async (t) => {
  // No offline worker: it would answer the file out of page.route()'s reach.
  const app = await openPositionLab({ serviceWorkers: 'block', timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.route('**/smollm2/layer0.bin', async (route) => {
    const body = Buffer.from(await (await route.fetch()).body());
    body[body.length - 1] ^= 0xff;
    await route.fulfill({ status: 200, body, contentType: 'application/octet-stream' });
  });
  await page.getByTestId('pe-scheme').selectOption('rope');
  await page.getByTestId('first-layer-load').click();
  const error = page.getByTestId('first-layer-error');
  await error.waitFor({ timeout: 60_000 });
  assert.match(await error.textContent(), /^the SmolLM2 first-layer asset is damaged: checksum 0x[0-9a-f]{8}, header says 0x[0-9a-f]{8}; rebuild it with `cargo xtask zoo`$/);
  // RoPE's own views do not need the file.
  await page.getByTestId('rope-score').waitFor();
  assert.ok(Number(await page.getByTestId('rope-score').textContent()) !== 0);
  app.assertNoErrors();
});
