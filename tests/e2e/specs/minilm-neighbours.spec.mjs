// MiniLM's neighbours in the Embed lab, beside GloVe's: the token table loads only when asked, the
// listed neighbours of a word are the true top k by cosine among the 30,522 rows (computed here in
// float64 from assets/minilm/tokens.bin), "King" finds the row of "king" (uncased), a word with no
// row of its own shows its pieces (each searchable), and emoji or an empty box get a clear message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { fetched } from './minilm-lab.mjs';

const ASSETS = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'assets', 'minilm');
const D = 384;

/** IEEE half precision to a number. */
function half(bits) {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** The token table as unit rows, and the vocabulary. */
function table() {
  const bytes = readFileSync(join(ASSETS, 'tokens.bin'));
  const vocab = readFileSync(join(ASSETS, 'vocab.txt'), 'utf8').split('\n').slice(0, -1);
  const start = 16 + 44; // header and one directory entry (crates/core/src/minilm/asset.rs)
  const rows = new Float64Array(vocab.length * D);
  for (let r = 0; r < vocab.length; r++) {
    let norm = 0;
    for (let i = 0; i < D; i++) {
      const v = half(bytes.readUInt16LE(start + 2 * (r * D + i)));
      rows[r * D + i] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < D; i++) rows[r * D + i] /= norm;
  }
  return { rows, vocab };
}

/** The k best [token, cosine] for `token`'s row, itself left out. */
function nearest({ rows, vocab }, token, k) {
  const q = vocab.indexOf(token);
  const scored = vocab.map((word, r) => {
    let dot = 0;
    for (let i = 0; i < D; i++) dot += rows[q * D + i] * rows[r * D + i];
    return [word, dot];
  });
  return scored.filter((_, r) => r !== q).sort((a, b) => b[1] - a[1]).slice(0, k);
}

async function listed(page, token) {
  await page.getByTestId('minilm-neighbours-time').filter({ hasText: `"${token}" is token` }).waitFor({ timeout: 60_000 });
  const texts = await page.getByTestId('minilm-neighbour').allInnerTexts();
  return texts.map((text) => {
    const [, word, cosine] = text.match(/^(\S+) (-?\d\.\d{4})$/);
    return [word, Number(cosine)];
  });
}

function assertTopK(shown, expected, what) {
  assert.equal(shown.length, expected.length, what);
  shown.forEach(([word, cosine], i) => {
    // Same cosines rank by rank (ties may swap words), and each word's own cosine as listed.
    assert.ok(Math.abs(cosine - expected[i][1]) <= 2e-4, `${what} #${i}: ${cosine} vs ${expected[i][1]}`);
  });
  const all = new Map(expected);
  for (const [word, cosine] of shown) {
    if (all.has(word)) assert.ok(Math.abs(all.get(word) - cosine) <= 2e-4, `${what}: ${word}`);
  }
}

test('MiniLM neighbours beside GloVe: lazy table, true top k, pieces for a split word', async (t) => {
  const app = await launch({ path: '/#embed', timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  const paths = fetched(page);
  await page.getByTestId('embed-status').filter({ hasText: 'words × 50 dimensions' }).waitFor();
  assert.ok(!paths.some((p) => p.endsWith('tokens.bin')), paths.join(', '));
  const reference = table();

  await page.getByTestId('minilm-neighbours-open').click();
  const king = await listed(page, 'king');
  assertTopK(king, nearest(reference, 'king', 10), 'king');
  assert.ok((await page.getByTestId('minilm-glove-neighbours').innerText()).length > 0, 'GloVe list beside');
  console.log(`[measure] MiniLM neighbours of king: ${king.map(([w, c]) => `${w} ${c}`).join(', ')}`);

  // Uncased: "King" is the row of "king".
  await page.getByTestId('embed-query').fill('King');
  assert.deepEqual(await listed(page, 'king'), king);

  // A word with no row of its own: its pieces, each searchable.
  await page.getByTestId('embed-query').fill('tokenization');
  await page.getByTestId('minilm-pieces-message').filter({ hasText: 'token ##ization' }).waitFor();
  await page.getByTestId('minilm-piece').filter({ hasText: '##ization' }).click();
  assertTopK(await listed(page, '##ization'), nearest(reference, '##ization', 10), '##ization');

  // Emoji: [UNK]; nothing typed: a prompt.
  await page.getByTestId('embed-query').fill('👍');
  await page.getByTestId('minilm-pieces-message').filter({ hasText: '[UNK] (id 100)' }).waitFor();
  await page.getByTestId('embed-query').fill('');
  await page.getByTestId('minilm-neighbours-empty').waitFor();
  app.assertNoErrors();
});
