// "dog bit man" vs "man bit dog" with the GloVe rows: without positions plain self-attention gives
// each word the same output in both orders; with PE(p) added the outputs move. The expected numbers
// are computed here in JavaScript from the same asset (decoded by hand) and seed 003's PE formula.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PE, dot, number, openPositionLab } from './pe-lab.mjs';

/// The GloVe rows of `words` from glove/vectors.bin (int8 with a per-row f32 scale; see
/// crates/core/src/embed/table.rs for the format).
async function gloveRows(url, words) {
  const bytes = new Uint8Array(await (await fetch(new URL('glove/vectors.bin', url))).arrayBuffer());
  const view = new DataView(bytes.buffer);
  const [rows, dims, encoding, wordsLen] = [8, 12, 16, 20].map((o) => view.getUint32(o, true));
  assert.equal(encoding, 1, 'int8 asset');
  const list = new TextDecoder().decode(bytes.subarray(28, 28 + wordsLen)).split('\n');
  const scales = 28 + wordsLen;
  const codes = scales + rows * 4;
  return words.map((w) => {
    const id = list.indexOf(w);
    const scale = view.getFloat32(scales + id * 4, true);
    return Array.from({ length: dims }, (_, j) => Math.fround(view.getInt8(codes + id * dims + j) * scale));
  });
}

function attention(rows) {
  const scale = Math.sqrt(rows[0].length);
  return rows.map((q) => {
    const scores = rows.map((k) => dot(q, k) / scale);
    const top = Math.max(...scores);
    const w = scores.map((s) => Math.exp(s - top));
    const total = w.reduce((a, b) => a + b, 0);
    return q.map((_, j) => rows.reduce((acc, row, i) => acc + (w[i] / total) * row[j], 0));
  });
}

const distance = (a, b) => Math.sqrt(a.reduce((s, x, i) => s + (x - b[i]) ** 2, 0));
const withPE = (rows, base) => rows.map((row, p) => { const pe = PE(p, row.length, base); return row.map((x, j) => x + pe[j]); });

test('positions tell "dog bit man" from "man bit dog"', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  await page.getByTestId('pe-order-with').waitFor({ timeout: 60_000 });
  const base = await number(page, 'pe-base-value');

  // Expected, from the asset and the formula.
  const [dog, bit, man] = await gloveRows(app.url, ['dog', 'bit', 'man']);
  const outA = attention(withPE([dog, bit, man], base));
  const outB = attention(withPE([man, bit, dog], base));
  const moves = [distance(outA[0], outB[2]), distance(outA[1], outB[1]), distance(outA[2], outB[0])];

  const rows = page.getByTestId('pe-order-row');
  assert.equal(await rows.count(), 3);
  for (let i = 0; i < 3; i++) {
    const cells = await rows.nth(i).locator('td').allTextContents();
    const [word, , slots, without, withPe] = cells;
    assert.equal(word, ['dog', 'bit', 'man'][i]);
    assert.equal(slots, `${i} → ${2 - i}`);
    assert.ok(Number(without) <= 1e-12, `no positions: ${without}`);
    assert.ok(Math.abs(Number(withPe) - moves[i]) <= 0.5e-4 + 1e-9, `${word}: ${withPe} vs ${moves[i]}`);
    assert.ok(moves[i] > 0.05);
  }
  assert.match(await page.getByTestId('pe-order-without').textContent(), /the same multiset of 3 rows/);

  // A sentence with other words is not a reordering.
  await page.getByTestId('pe-order-second').fill('man bit cat');
  assert.equal(
    (await page.getByTestId('pe-order-error').textContent()).trim(),
    'the two sentences must hold the same words, in any order',
  );
  app.assertNoErrors();
});
