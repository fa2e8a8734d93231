// The pipeline view: the 23 MB token table is fetched only when the view is opened (with a progress
// bar), the tensors are labelled (1, T, 384) as in seed 000 with T the sentence's WordPiece tokens,
// each heatmap is T rows of 384, and the seed's guard trips visibly at 513 tokens (not at 512) with
// the core's exact message; bad input (empty, emoji, CJK, a huge paste) gets a clear answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { fetched, openPipeline, setText, wordpieceCli } from './minilm-lab.mjs';

const HEATMAPS = ['minilm-heat-token', 'minilm-heat-position', 'minilm-heat-sum', 'minilm-heat-normalised'];

async function expectSeq(page, text) {
  const t = wordpieceCli(text).length;
  await page.getByTestId('minilm-seq').filter({ hasText: new RegExp(`^${t}$`) }).waitFor();
  return t;
}

test('pipeline: lazy token table, (1, T, 384) shapes and heatmaps, the guard at 513 tokens', async (t) => {
  const app = await launch({ path: '/#embed', timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  const paths = fetched(page);
  await page.getByTestId('embed-status').filter({ hasText: 'words × 50 dimensions' }).waitFor();
  await page.waitForTimeout(300);
  assert.ok(!paths.some((p) => p.endsWith('tokens.bin')), `fetched before the view was opened: ${paths.join(', ')}`);

  await page.getByTestId('minilm-pipeline-open').click();
  // The progress bar shows while the token table downloads, then the layer's output.
  await page.getByTestId('minilm-values').waitFor();
  assert.equal(paths.filter((p) => p === '/minilm/tokens.bin').length, 1);
  console.log(`[measure] ${await page.getByTestId('minilm-pipeline').getByTestId('minilm-tokens-status').innerText()}`);

  // 1. The example sentence: T tokens, every (1, T, 384) tensor labelled and drawn T × 384.
  const example = await page.getByTestId('minilm-input').inputValue();
  const seq = await expectSeq(page, example);
  const shapes = await page.getByTestId('minilm-shapes').getByTestId('shape-step').allInnerTexts();
  assert.ok(shapes.some((s) => s.startsWith(`input_ids (1, ${seq})`)), shapes.join('\n'));
  assert.ok(shapes.some((s) => s.startsWith('word_embeddings.weight (30522, 384)')), shapes.join('\n'));
  assert.ok(shapes.some((s) => s.startsWith(`LayerNorm(x), eps = 1e-12 (1, ${seq}, 384)`)), shapes.join('\n'));
  for (const testid of HEATMAPS) {
    assert.equal(await page.getByTestId(`${testid}-shape`).innerText(), `(1, ${seq}, 384)`, testid);
    // A canvas out of sight is not painted: bring it into view, then read its size.
    await page.getByTestId(testid).scrollIntoViewIfNeeded();
    await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`).width === 384, testid);
    const size = await page.getByTestId(testid).evaluate((c) => [c.width, c.height]);
    assert.deepEqual(size, [384, seq], testid);
  }

  await app.screenshot('minilm-pipeline');

  // 2. A heatmap row chooses its token.
  const heat = page.getByTestId('minilm-heat-sum');
  await heat.scrollIntoViewIfNeeded();
  const box = await heat.boundingBox();
  await heat.click({ position: { x: box.width / 2, y: box.height * (2.5 / seq) } });
  await page.getByTestId('minilm-values-position-index').filter({ hasText: /^2$/ }).waitFor();

  // 3. The guard: 512 tokens pass, 513 trip it with the seed's message.
  await page.getByTestId('minilm-fill-512').click();
  await page.getByTestId('minilm-seq').filter({ hasText: /^512$/ }).waitFor();
  assert.equal(await page.getByTestId('minilm-guard').count(), 0);
  await page.getByTestId('minilm-heat-normalised-shape').filter({ hasText: '(1, 512, 384)' }).waitFor();
  await page.getByTestId('minilm-fill-513').click();
  await page.getByTestId('minilm-seq').filter({ hasText: /^513$/ }).waitFor();
  assert.equal(await page.getByTestId('minilm-guard').innerText(), 'Sequence length (513) exceeds maximum context window (512)');
  assert.equal(await page.getByTestId('minilm-heat-sum').count(), 0, 'no tensors past the guard');

  // 4. Bad input: a huge paste is cut and still trips the guard; empty text is [CLS] [SEP];
  //    emoji and CJK go through as [UNK] and single characters.
  await setText(page, 'minilm-input', 'word '.repeat(200_000));
  await page.getByTestId('minilm-cut').waitFor();
  assert.match(await page.getByTestId('minilm-guard').innerText(), /^Sequence length \(\d+\) exceeds maximum context window \(512\)$/);
  await setText(page, 'minilm-input', '');
  await page.getByTestId('minilm-seq').filter({ hasText: /^2$/ }).waitFor();
  await page.getByTestId('minilm-heat-sum-shape').filter({ hasText: '(1, 2, 384)' }).waitFor();
  const mixed = '👍🏽 東京 ok';
  await setText(page, 'minilm-input', mixed);
  await expectSeq(page, mixed);
  assert.match(await page.getByTestId('minilm-ids').innerText(), /^input_ids = \[101, 100, /);
  app.assertNoErrors();
});
