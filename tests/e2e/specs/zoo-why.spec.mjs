// "Why this split" in the Tokenize lab's comparison: clicking a token (or Enter on it) tells why it
// is what it is, and every number it shows is the reference library's:
// - cl100k_base: each merge's rank is js-tiktoken's rank of the bytes it makes, a chunk found whole
//   is the token's own rank, and a token that ends inside 🦀 shows the crab's four UTF-8 bytes;
// - GPT-2 (a copy in the worker): merge r makes js-tiktoken's gpt2 token 256 + r;
// - Mistral v1: each join's score is sentencepiece's GetScore of the piece it makes, and 🦀 is
//   spelt as its bytes with sentencepiece's ids;
// - WordPiece (a copy in the worker): each piece is in MiniLM's vocab.txt and every longer
//   candidate from its start is not, as many as the panel says it tried;
// - a Unigram model file: each candidate's log-probability is sentencepiece's score of its piece,
//   the final path is sentencepiece's pieces, and its score is their scores summed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { gpt2Ready, pasteGpt2, referenceIdsOfEach, referenceRanks } from '../pages/gpt2.mjs';
import { chipIds, loadedSide, referenceScores, trainedModel, zooReferenceIds } from '../pages/zoo.mjs';

const TEXT = "Hello naïve 🦀 world, it's 2024 tokenization!";
const VOCAB = new Set(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'assets', 'minilm', 'vocab.txt'), 'utf8').split('\n'));

/** Clicks chip `index` of column `slug` and returns the story, once the panel tells it. */
async function ask(page, slug, index, title) {
  const chip = page.getByTestId(`compare-${slug}-chips`).getByTestId('compare-token').nth(index);
  await chip.click();
  const panel = page.getByTestId('why-panel');
  await panel.getByTestId('why-heading').filter({ hasText: `token ${index + 1} of ${title}` }).waitFor();
  await panel.getByTestId('why-chunk').waitFor();
  return panel.evaluate((el) => ({
    chunk: el.querySelector('[data-testid=why-chunk]').textContent,
    whole: el.querySelector('[data-testid=why-whole]')?.dataset.id,
    steps: [...el.querySelectorAll('[data-testid=why-step]')].map((s) => ({ ...s.dataset })),
    token: el.querySelector('.why-steps > li:last-child .why-token')?.textContent,
    bytes: el.querySelector('[data-testid=why-bytes]')?.dataset.ids,
    anatomy: [...el.querySelectorAll('[data-testid=why-byte]')].map((b) => b.textContent),
    candidates: [...el.querySelectorAll('[data-testid=why-candidate]')].map((c) => ({ ...c.dataset })),
    pieces: [...el.querySelectorAll('[data-testid=why-piece]')].map((p) => ({ ...p.dataset })),
    added: el.querySelector('[data-testid=why-added]')?.dataset.id,
  }));
}

/** The chips of column `slug`: each one's id and text. */
const chipsOf = (page, slug) => page.getByTestId(`compare-${slug}-chips`).locator('.chip')
  .evaluateAll((els) => els.map((el) => ({ id: Number(el.dataset.id), text: el.textContent })));

test('byte-level BPE, SentencePiece BPE and WordPiece: merges and pieces as the references have them', async (t) => {
  const app = await launch({ serviceWorkers: 'block', path: '/?compare=gpt2,cl100k,mistral,wordpiece' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  await loadedSide(page, 'cl100k_base');
  await loadedSide(page, 'mistral-v1');
  await pasteGpt2(page, TEXT);
  const [cl100kIds] = referenceIdsOfEach([TEXT], 'cl100k_base');
  const [mistralIds] = zooReferenceIds([TEXT], 'mistral-v1');
  assert.deepEqual(await chipIds(page, page.getByTestId('compare-cl100k_base'), 'cl100k_base', cl100kIds), cl100kIds);
  assert.deepEqual(await chipIds(page, page.getByTestId('compare-mistral-v1'), 'mistral-v1', mistralIds), mistralIds);

  // 1. cl100k_base, every token.
  const chips = await chipsOf(page, 'cl100k_base');
  const hexes = [];
  let merged = 0;
  let cutCrab = false;
  for (const [i, chip] of chips.entries()) {
    const why = await ask(page, 'cl100k_base', i, 'GPT-4 (cl100k_base)');
    if (why.whole !== undefined) {
      assert.equal(Number(why.whole), chip.id, `token ${i} found whole`);
      assert.equal(why.chunk, chip.text);
    } else {
      assert.ok(why.steps.length > 0, `token ${i}: merges`);
      assert.equal(why.token, chip.text, `token ${i}: the last row holds it`);
      merged += why.steps.length;
      for (const step of why.steps) hexes.push([step.hex, Number(step.rank)]);
    }
    if (why.anatomy.length) {
      assert.deepEqual(why.anatomy.map((b) => b.slice(0, 2)), ['F0', '9F', 'A6', '80'], `token ${i}`);
      cutCrab = true;
    }
  }
  assert.ok(merged > 3 && cutCrab, `${merged} merges shown, the crab cut: ${cutCrab}`);
  const ranks = referenceRanks(hexes.map(([hex]) => hex), 'cl100k_base');
  assert.deepEqual(hexes.map(([, rank]) => rank), ranks, 'each merge makes the token of its rank');
  console.log(`[measure] cl100k_base: ${chips.length} tokens explained, ${hexes.length} merge ranks equal js-tiktoken's`);

  // 2. GPT-2, from a copy of its merges in the worker.
  const gpt2 = await chipsOf(page, 'gpt2');
  const word = gpt2.findIndex((c) => c.text === 'Ġtoken');
  const why = await ask(page, 'gpt2', word >= 0 ? word : 0, 'GPT-2');
  assert.ok(why.steps.length > 0);
  const gpt2Ranks = referenceRanks(why.steps.map((s) => s.hex), 'gpt2');
  assert.deepEqual(why.steps.map((s) => Number(s.rank) + 256), gpt2Ranks, 'merge r makes token 256 + r');

  // 3. Mistral v1: joins by score, and the crab in bytes.
  const mistral = await chipsOf(page, 'mistral-v1');
  const joins = [];
  let spelt = false;
  for (const [i, chip] of mistral.entries()) {
    const why = await ask(page, 'mistral-v1', i, 'Mistral 7B (SentencePiece v1)');
    if (why.bytes !== undefined) {
      const ids = why.bytes.split(' ').map(Number);
      assert.ok(ids.includes(chip.id), `token ${i} is one of the bytes`);
      const at = mistralIds.indexOf(ids[0]);
      assert.deepEqual(ids, mistralIds.slice(at, at + 4), 'the crab is spelt with sentencepiece\'s ids');
      spelt = true;
      continue;
    }
    assert.equal(why.token ?? why.chunk, chip.text, `token ${i}`);
    for (const step of why.steps) joins.push([step.made, Number(step.score)]);
  }
  assert.ok(spelt && joins.length > 10);
  const scores = referenceScores(joins.map(([made]) => made), 'mistral-v1');
  assert.deepEqual(joins.map(([, score]) => Math.fround(score)), scores.map(Math.fround), 'each join scores as sentencepiece scores its piece');
  console.log(`[measure] mistral-v1: ${mistral.length} tokens explained, ${joins.length} join scores equal sentencepiece's`);

  // 4. WordPiece: the longest piece first, checked against MiniLM's vocab.txt.
  const wordpiece = await chipsOf(page, 'wordpiece');
  const cls = await ask(page, 'wordpiece', 0, 'WordPiece (MiniLM, a small BERT)');
  assert.equal(Number(cls.added), wordpiece[0].id, '[CLS] is added');
  const at = wordpiece.findIndex((c) => c.text === '##ization');
  const split = await ask(page, 'wordpiece', at, 'WordPiece (MiniLM, a small BERT)');
  assert.equal(split.chunk, 'tokenization');
  assert.deepEqual(split.pieces.map((p) => p.piece), wordpiece.slice(at - 1, at + 1).map((c) => c.text));
  let from = 0;
  for (const { piece, tried } of split.pieces) {
    const bare = piece.replace(/^##/, '');
    const prefix = from === 0 ? '' : '##';
    assert.ok(VOCAB.has(piece), `${piece} is in vocab.txt`);
    const longer = [];
    for (let end = split.chunk.length; end > from + bare.length; end--) longer.push(prefix + split.chunk.slice(from, end));
    assert.ok(longer.every((c) => !VOCAB.has(c)), `no longer piece than ${piece}`);
    assert.equal(Number(tried), longer.length, `${piece}: the longer candidates tried`);
    from += bare.length;
  }

  // 5. The keyboard asks too, and Your BPE points at its own trace.
  await page.getByTestId('compare-choose-gpt2').uncheck();
  await page.getByTestId('compare-choose-bpe').check();
  const bpe = page.getByTestId('compare-bpe-chips').getByTestId('compare-token').first();
  await bpe.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('why-panel').filter({ hasText: /Encode a word/ }).waitFor();
  app.assertNoErrors();
});

test('a Unigram model file: the lattice with sentencepiece\'s log-probabilities', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-why-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const model = trainedModel(dir, ['model_type=unigram', 'vocab_size=800']);
  const text = 'To be, or not to be: that is the questioning.';
  const [ids] = zooReferenceIds([text], ['--sentencepiece', model]);
  const app = await launch({ serviceWorkers: 'block', path: '/?compare=model-file' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  const side = page.getByTestId('compare-model-file');
  await side.getByTestId('model-file-open').setInputFiles(model);
  await side.filter({ hasText: /trained\.model, read in your browser/ }).waitFor();
  await pasteGpt2(page, text);
  assert.deepEqual(await chipIds(page, side, 'model-file', ids), ids);

  const chips = await chipsOf(page, 'model-file');
  let candidates = 0;
  for (const [i, chip] of chips.entries()) {
    const why = await ask(page, 'model-file', i, 'Your tokenizer file');
    assert.ok(why.candidates.length > 0, `token ${i}: a lattice`);
    const pieces = [...new Set(why.candidates.map((c) => c.piece))];
    const reference = referenceScores(pieces, model);
    const scores = new Map(pieces.map((p, k) => [p, reference[k]]));
    for (const c of why.candidates) {
      // The page writes the model's f32 at its shortest; sentencepiece gives it as a double.
      if (scores.get(c.piece) !== null) assert.equal(Math.fround(Number(c.logProb)), Math.fround(scores.get(c.piece)), `${c.piece}'s log-probability`);
    }
    const path = why.candidates.filter((c) => c.onPath === 'true');
    assert.ok(path.some((c) => Number(c.id) === chip.id), `token ${i} is on the path`);
    // Along the path, each piece's path score is the one before plus its log-probability.
    const total = path.reduce((sum, c) => sum + Number(c.logProb), 0);
    const last = path.reduce((a, c) => (Number(c.path) < Number(a.path) ? c : a));
    assert.ok(Math.abs(Number(last.path) - total) < 1e-3, `path ${last.path} vs ${total}`);
    for (const c of path) assert.ok(c.best === 'true', 'a piece on the path is the best way to its end');
    candidates += why.candidates.length;
  }
  console.log(`[measure] Unigram: ${chips.length} tokens explained, ${candidates} candidates' log-probabilities equal sentencepiece's`);
  app.assertNoErrors();
});
