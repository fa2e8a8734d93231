// Unigram training in the page (the worker trains, the page steps through the states), against
// sentencepiece 0.2.1 and Hugging Face tokenizers in the same run (the zoo venv): trained on a
// corpus of several scripts, the final state's token count is what sentencepiece, loading the
// downloaded unigram.model, makes of the corpus; each word's lattice path is sentencepiece's ids
// and its log-probabilities the model's scores; the downloaded tokenizer.json gives the same ids in
// tokenizers. An EM state's lattice marks the path a float64 Viterbi over its own rows finds. On
// Tiny Shakespeare, Cancel keeps the states already back. (Quality against sentencepiece's own
// training is checked natively: crates/cli/tests/unigram_reference.rs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { longest, takeLongTasks, watchLongTasks } from '../pages/long_tasks.mjs';
import { corpusSetting, loadShakespeare, seedReady } from '../pages/tokenize.mjs';
import { zooScript } from '../pages/zoo.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FILES = ['prose.txt', 'accents.txt', 'cjk.txt', 'contractions.txt', 'numbers.txt'];
const WORDS = ['the', 'Shakespeare', 'naïve', '東京', 'don\'t', '1234'];

const ids = (line) => line.trim().split(' ').filter((s) => s !== '').map(Number);

/** Saves the file a link downloads, by its test id, into `path`. */
async function save(page, testid, path) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  await file.saveAs(path);
}

/** Shows state `index` (the range's value) and waits for it and for its lattice of `word`. */
async function showState(page, index, word) {
  await page.getByTestId('unigram-position').fill(String(index));
  await page.locator(`[data-testid="unigram-round"][data-index="${index}"]`).waitFor();
  const field = page.getByTestId('unigram-word');
  await field.fill(word);
  await field.dispatchEvent('change');
  await page.waitForFunction((w) => document.querySelector('[data-testid="unigram-lattice-word"]')?.textContent === `▁${w}`, word);
}

const candidates = (page) => page.getByTestId('unigram-lattice').locator('[data-testid="why-candidate"]')
  .evaluateAll((rows) => rows.map((r) => ({
    piece: r.dataset.piece, id: Number(r.dataset.id), logProb: Number(r.dataset.logProb),
    path: Number(r.dataset.path), onPath: r.dataset.onPath === 'true',
    span: r.cells[1].textContent.split('–').map(Number),
  })));

/** The best path through the rows, by a float64 Viterbi over their spans and log-probabilities. */
function viterbi(rows) {
  const end = Math.max(...rows.map((r) => r.span[1]));
  const best = new Map([[0, { score: 0, rows: [] }]]);
  for (const r of rows) {
    const from = best.get(r.span[0]);
    if (!from) continue;
    const score = from.score + r.logProb;
    const to = best.get(r.span[1]);
    if (!to || score > to.score) best.set(r.span[1], { score, rows: [...from.rows, r] });
  }
  return best.get(end).rows.map((r) => r.piece);
}

test('Unigram training steps to sentencepiece\'s segmentations, and its files load in sentencepiece and tokenizers', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-unigram-'));
  const app = await launch({ timeoutMs: 120_000 });
  t.after(() => { app.close(); rmSync(dir, { recursive: true, force: true }); });
  const { page } = app;
  await seedReady(page);

  // 1. Train on the corpus (the reference files, then 60,000 characters of Shakespeare), to the
  //    alphabet plus 400 pieces.
  const shakespeare = readFileSync(join(ROOT, 'assets', 'tinyshakespeare.txt'), 'utf8').slice(0, 60_000);
  const corpus = [...FILES.map((f) => readFileSync(join(ROOT, 'tests', 'reference', 'corpus', f), 'utf8')), shakespeare].join('\n');
  const alphabet = new Set([...corpus.replace(/\s/g, '')]).size;
  const vocab = alphabet + 3 + 400;
  await (await corpusSetting(page, 'bpe-corpus')).fill(corpus);
  const field = page.getByTestId('unigram-vocab');
  await field.fill(String(vocab));
  await field.dispatchEvent('change');
  await watchLongTasks(page);
  await page.getByTestId('unigram-train').click();
  await page.getByTestId('unigram-status').filter({ hasText: 'Trained:' }).waitFor();
  console.log(`[measure] browser: ${await page.getByTestId('unigram-status').innerText()} Longest main-thread task while training: ${longest(await takeLongTasks(page)).toFixed(0)} ms.`);

  // 2. The states: seeds, EM iterations and pruning rounds, then the final vocabulary.
  const last = Number(await page.getByTestId('unigram-position').getAttribute('max'));
  const kinds = [];
  const sizes = [];
  for (let i = 0; i <= last; i++) {
    await page.getByTestId('unigram-position').fill(String(i));
    const round = page.locator(`[data-testid="unigram-round"][data-index="${i}"]`);
    kinds.push(await round.getAttribute('data-kind'));
    sizes.push(Number(await round.getAttribute('data-size')));
    if (kinds[i] === 'prune') {
      // A pruning round lists the removed that cost something, the closest calls first.
      const table = page.getByTestId('unigram-removed');
      assert.equal(Number(await table.getAttribute('data-total')), sizes[i - 1] - sizes[i]);
      const losses = await table.locator('tr[data-loss]').evaluateAll((rows) => rows.map((r) => Number(r.dataset.loss)));
      assert.ok(losses.length > 0 && losses.every((l, k) => k === 0 || l <= losses[k - 1]), losses.join(' '));
    }
  }
  assert.match(kinds.join(' '), /^seeds em em prune( em em prune)* em em final$/);
  for (let i = 1; i < sizes.length; i++) {
    if (kinds[i] === 'prune') assert.ok(sizes[i] < sizes[i - 1] && sizes[i] >= Math.floor(0.75 * sizes[i - 1]) - 1, `${sizes[i - 1]} → ${sizes[i]}`);
  }
  const final = page.locator('[data-testid="unigram-round"]');
  assert.equal(await final.getAttribute('data-kind'), 'final');
  assert.equal(Number(await final.getAttribute('data-size')), vocab);
  await save(page, 'unigram-export-model', join(dir, 'unigram.model'));
  await save(page, 'unigram-export-json', join(dir, 'tokenizer.json'));

  // 3. The final state's Viterbi tokens are sentencepiece's count over the corpus.
  // (sentencepiece's identity normalization splits words at ' ' alone: the file has nothing else.)
  const corpusFile = join(dir, 'corpus.txt');
  writeFileSync(corpusFile, corpus.split(/\s+/).filter((w) => w !== '').join(' '), 'utf8');
  const spmCount = ids(zooScript('zoo_encode.py', ['--sentencepiece', join(dir, 'unigram.model'), corpusFile])).length;
  assert.equal(Number(await final.getAttribute('data-tokens')), spmCount);

  // 4. Each word's lattice under the final state: the path is sentencepiece's ids, the
  //    log-probabilities the model's scores (f32), each row's path score its best start plus it.
  for (const word of WORDS) {
    await showState(page, last, word);
    const rows = await candidates(page);
    const path = rows.filter((r) => r.onPath);
    const wordFile = join(dir, 'word.txt');
    writeFileSync(wordFile, word, 'utf8');
    // (Encoding writes a run of unknown characters as one <unk>, id 0; the lattice has a node each.)
    const pathIds = path.map((r) => r.id).filter((id, i, all) => id !== 0 || all[i - 1] !== 0);
    assert.deepEqual(pathIds, ids(zooScript('zoo_encode.py', ['--sentencepiece', join(dir, 'unigram.model'), wordFile])), word);
    const scores = zooScript('zoo_encode.py', ['--scores', join(dir, 'unigram.model')], rows.map((r) => r.piece).join('\n') + '\n')
      .trim().split('\n');
    rows.forEach((r, i) => {
      if (scores[i] !== 'none') assert.equal(Math.fround(r.logProb), Math.fround(Number(scores[i])), `${word}: ${r.piece}`);
    });
    assert.deepEqual(viterbi(rows), path.map((r) => r.piece), word);
  }

  // 5. An EM state's lattice: the marked path is the best through its own rows.
  await showState(page, 1, 'Shakespeare');
  assert.equal(await page.locator('[data-testid="unigram-round"]').getAttribute('data-kind'), 'em');
  const rows = await candidates(page);
  assert.ok(rows.length > 'Shakespeare'.length, `${rows.length} rows`);
  assert.deepEqual(viterbi(rows), rows.filter((r) => r.onPath).map((r) => r.piece));

  // 6. tokenizer.json in tokenizers gives sentencepiece's ids.
  const texts = join(dir, 'texts.json');
  const sample = corpus.split('\n').filter((l) => l.trim() !== '').slice(0, 40);
  writeFileSync(texts, JSON.stringify([sample.join(' ')]), 'utf8');
  const sampleFile = join(dir, 'sample.txt');
  writeFileSync(sampleFile, sample.join(' '), 'utf8');
  assert.deepEqual(
    ids(zooScript('byte_bpe_reference.py', ['hf-encode', join(dir, 'tokenizer.json'), texts])),
    ids(zooScript('zoo_encode.py', ['--sentencepiece', join(dir, 'unigram.model'), sampleFile])),
  );
  app.assertNoErrors();
});

test('Cancel keeps the Unigram states already finished', async (t) => {
  const app = await launch({ timeoutMs: 120_000 });
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  await loadShakespeare(page);
  const field = page.getByTestId('unigram-vocab');
  await field.fill('1000');
  await field.dispatchEvent('change');
  // (To 1,000 pieces: some 28 states, seconds of work in the worker.)
  await page.getByTestId('unigram-train').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="unigram-position"]').max) >= 1);
  await page.getByTestId('unigram-cancel').click();
  const status = await page.getByTestId('unigram-status').innerText();
  const kept = Number(/kept the (\d+) states/.exec(status)?.[1]);
  assert.ok(kept >= 2, status);
  // Nothing more arrives after Cancel, and the kept states can still be stepped through.
  await page.waitForTimeout(1500);
  assert.equal(Number(await page.getByTestId('unigram-position').getAttribute('max')), kept - 1);
  assert.match(await page.getByTestId('unigram-status').innerText(), /^Cancelled/);
  await page.getByTestId('unigram-position').fill('0');
  await page.locator('[data-testid="unigram-round"][data-kind="seeds"]').waitFor();
  assert.equal(await page.getByTestId('unigram-train').isEnabled(), true);
  app.assertNoErrors();
});

test('byte fallback: the 256 byte pieces join the vocabulary, and unseen scripts are bytes in sentencepiece and tokenizers alike', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-unigram-bytes-'));
  const app = await launch({ timeoutMs: 120_000 });
  t.after(() => { app.close(); rmSync(dir, { recursive: true, force: true }); });
  const { page } = app;
  await seedReady(page);
  const corpus = readFileSync(join(ROOT, 'assets', 'tinyshakespeare.txt'), 'utf8').slice(0, 60_000);
  const vocab = new Set([...corpus.replace(/\s/g, '')]).size + 3 + 256 + 100;
  await (await corpusSetting(page, 'bpe-corpus')).fill(corpus);
  const field = page.getByTestId('unigram-vocab');
  await field.fill(String(vocab));
  await field.dispatchEvent('change');
  await page.getByTestId('unigram-byte-fallback').check();
  await page.getByTestId('unigram-train').click();
  await page.getByTestId('unigram-status').filter({ hasText: 'Trained:' }).waitFor();
  const final = page.locator('[data-testid="unigram-round"]');
  assert.equal(await final.getAttribute('data-kind'), 'final');
  assert.equal(Number(await final.getAttribute('data-size')), vocab);
  assert.match(await page.getByTestId('unigram-state').innerText(), /the 256 byte pieces <0x00>…<0xFF>/);
  await save(page, 'unigram-export-model', join(dir, 'unigram.model'));
  await save(page, 'unigram-export-json', join(dir, 'tokenizer.json'));
  // Characters Shakespeare never wrote: their UTF-8 bytes (東 is E6 9D B1, id 3 + byte), no <unk>.
  const text = 'To be, or not to be: 東京 naïve 🦀 Привет мир';
  const textFile = join(dir, 'text.txt');
  writeFileSync(textFile, text, 'utf8');
  const spm = ids(zooScript('zoo_encode.py', ['--sentencepiece', join(dir, 'unigram.model'), textFile]));
  assert.ok(!spm.includes(0), spm.join(' '));
  for (const byte of [0xe6, 0x9d, 0xb1]) assert.ok(spm.includes(3 + byte), `${byte} in ${spm.join(' ')}`);
  const texts = join(dir, 'texts.json');
  writeFileSync(texts, JSON.stringify([text]), 'utf8');
  assert.deepEqual(ids(zooScript('byte_bpe_reference.py', ['hf-encode', join(dir, 'tokenizer.json'), texts])), spm);
  app.assertNoErrors();
});
