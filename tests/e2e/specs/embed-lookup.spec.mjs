// Seed 000 on real vectors: word → token id → row, one-hot × W equals the row, the shapes of a batch
// through token and position embeddings, and the context-window guard's error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openEmbed, search } from './embed-lab.mjs';

test('an embedding is a row lookup', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);

  await search(page, 'king');
  await page.getByTestId('embed-lookup-id').filter({ hasText: /^691$/ }).waitFor();
  assert.match(await page.getByTestId('embed-lookup-row').innerText(), /^\[0\.5\d\d, 0\.68\d, -0\.59\d, .*… 42 more\]$/);
  assert.match(await page.getByTestId('embed-onehot').innerText(), /one_hot\(691\) × W, computed as the full product over all 50000 rows, equals the row/);

  // Two sentences of six words: (2, 6) ids → (2, 6, 50) + (1, 6, 50) → (2, 6, 50).
  const shapes = page.getByTestId('embed-shapes');
  assert.match(await shapes.innerText(), /input_ids\s+\(2, 6\)/);
  assert.match(await shapes.innerText(), /pos_emb = W_p\[positions\]\s+\(1, 6, 50\)/);
  assert.match(await shapes.innerText(), /tok_emb \+ pos_emb \(2, 6, 50\)\s+pos_emb broadcast across the batch axis/);

  await page.getByTestId('embed-max-positions').fill('4');
  assert.equal(
    await page.getByTestId('embed-shape-error').innerText(),
    'ValueError: Sequence length (6) exceeds maximum context window (4)',
  );
  app.assertNoErrors();
});
