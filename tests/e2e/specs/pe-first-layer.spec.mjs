// SmolLM2's first attention layer in the page against numpy float64 (tests/reference/smollm_qk.py,
// written as transformers computes Llama attention, from the GGUF's weights), on both of the
// worker's backends: the tokens are the reference tokenizer's ids; on the CPU (float64) every logit
// of three heads' tables is the reference's to the 4 decimals shown and the two layouts give the
// same text; on WebGPU (SwiftShader, float32, the WGSL kernels) every logit is within 4 decimals
// plus 1e-4 (the native parity test's cap on f32's error; it measures 4.5e-6) and the layouts
// agree to 1e-4. The first answer times both backends and says which it chose and why, and the
// choice must be the faster of the two it printed; without WebGPU the CPU answers and says why.
// No rotation gives the reference's unrotated logits, rotating halves of the GGUF's rows (the
// conversion bug) does not; axe finds nothing serious.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOUR_DECIMALS, openPositionLab } from './pe-lab.mjs';
import { referenceFirstLayer, zooReferenceIds } from '../pages/zoo.mjs';
import { seriousViolations } from './a11y-labs.mjs';

const table = (page) =>
  page.$$eval('[data-testid="first-layer-table"] tbody tr', (rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].filter((td) => !td.classList.contains('masked')).map((td) => Number(td.textContent))));

/** f32's reach on these logits, beyond the 4 decimals shown (see the note above). */
const F32 = 1e-4;

function assertTable(shown, reference, what, tolerance = FOUR_DECIMALS) {
  let compared = 0;
  shown.forEach((row, m) => row.forEach((value, n) => {
    assert.ok(Math.abs(value - reference[m][n]) <= tolerance, `${what} (${m}, ${n}): ${value} vs ${reference[m][n]}`);
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

  // The first answer timed both backends and kept the faster.
  const backend = page.getByTestId('first-layer-backend');
  const timing = (await backend.textContent()).match(
    /^Timed on these (\d+) tokens: WebGPU on .+, float32: ([\d.]+) ms; the CPU, float64: ([\d.]+) ms → the (GPU|CPU)\.$/);
  assert.ok(timing, `the timing is said: ${await backend.textContent()}`);
  assert.equal(Number(timing[1]), ids.length);
  assert.equal(timing[4], Number(timing[2]) < Number(timing[3]) ? 'GPU' : 'CPU', 'the faster backend is chosen');

  const rotated = referenceFirstLayer(ids);
  let compared = 0;
  const heads = async (tolerance, what) => {
    for (const head of [0, 4, 8]) {
      await page.getByRole('button', { name: `head ${head}`, exact: true }).click();
      await page.getByTestId('first-layer-table').filter({ hasText: `Head ${head},` }).waitFor();
      compared += assertTable(await table(page), rotated[head], `${what}, head ${head}`, tolerance);
    }
  };
  // WebGPU's float32 kernels, asked for by name.
  await page.getByTestId('first-layer-run-on').selectOption('gpu');
  await backend.filter({ hasText: /^Computed with WebGPU on .+ in float32, as asked\.$/ }).waitFor();
  await heads(FOUR_DECIMALS + F32, 'WebGPU');
  await page.getByTestId('first-layer-way').selectOption('half');
  await page.getByTestId('first-layer-table').filter({ hasText: 'transformers' }).waitFor();
  compared += assertTable(await table(page), rotated[8], 'WebGPU, halves on the checkpoint\'s rows, head 8', FOUR_DECIMALS + F32);
  const gpuAgree = Number((await page.getByTestId('first-layer-layouts').textContent()).match(/agree to ([^ ]+) on every logit/)[1]);
  assert.ok(gpuAgree < F32, `on WebGPU the layouts agree to ${gpuAgree}`);
  await page.getByTestId('first-layer-way').selectOption('interleaved');

  // The CPU's float64, to the 4 decimals shown.
  await page.getByTestId('first-layer-run-on').selectOption('cpu');
  await backend.filter({ hasText: 'Computed on the CPU in float64, as asked.' }).waitFor();
  await heads(FOUR_DECIMALS, 'CPU');
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
  console.log(`[measure] SmolLM2 first layer in the page: ${compared} logits equal numpy float64's (CPU to 4 decimals, WebGPU within 4 decimals + 1e-4); the layouts agree to ${agree.toExponential(1)} (CPU), ${gpuAgree.toExponential(1)} (WebGPU); the bug moves logits by up to ${moved.toFixed(2)}; first answer: ${timing[0]}`);
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

test('without WebGPU the CPU computes the first layer and says why', async (t) => {
  const app = await openPositionLab({ webgpu: false, timeoutMs: 120_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('pe-scheme').selectOption('rope');
  await page.getByTestId('first-layer-load').click();
  await page.getByTestId('first-layer-table').waitFor({ timeout: 120_000 });
  assert.match(await page.getByTestId('first-layer-backend').textContent(), /^Computed on the CPU in float64: no GPU adapter/);
  const ids = await page.getByTestId('first-layer-token').evaluateAll((chips) => chips.map((c) => Number(c.dataset.id)));
  assertTable(await table(page), referenceFirstLayer(ids)[0], 'no WebGPU, head 0');
  // Asking for WebGPU by name cannot conjure it: the CPU answers and says why.
  await page.getByTestId('first-layer-run-on').selectOption('gpu');
  await page.getByTestId('first-layer-backend').filter({ hasText: /^Computed on the CPU in float64: no GPU adapter/ }).waitFor();
  app.assertNoErrors();
});
