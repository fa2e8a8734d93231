// Byte-level BPE in the page, against its reference in the same run (tests/reference/
// byte_bpe_reference.py in the zoo venv): trained with cl100k's pattern and the smallest-id rule on
// a corpus of every script and kind of text, the page's merge table is Hugging Face BpeTrainer's,
// merge for merge, in GPT-2's byte stand-ins; a pair's "comes from" names the chunks it was counted
// in; and the chips' ids for a text with bytes the corpus never had are the ids the downloaded
// tokenizer.json gives in `tokenizers`. With o200k's pattern the same holds, the last merge is shown
// in hex byte by byte, and the downloaded ranks.tiktoken, loaded by tiktoken with o200k's regex,
// encodes to the chips' ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { atStep, corpusSetting, seedReady, setMerges, shownMerges } from '../pages/tokenize.mjs';
import { zooScript } from '../pages/zoo.mjs';
import { download } from './link-lab.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MERGES = 150;

const reference = (args) => zooScript('byte_bpe_reference.py', args);

/** Trains the page on the reference corpus, every file end to end, as byte chunks of `pattern`,
 * with the smallest-id rule, and moves to the last step; returns the corpus as a file in `dir`. */
async function trainOnCorpus(page, dir, pattern, merges) {
  const folder = join(ROOT, 'tests', 'reference', 'corpus');
  const corpus = readdirSync(folder).filter((f) => f.endsWith('.txt')).sort()
    .map((f) => readFileSync(join(folder, f), 'utf8')).join('');
  const corpusFile = join(dir, 'corpus.txt');
  writeFileSync(corpusFile, corpus, 'utf8');
  await (await corpusSetting(page, 'bpe-corpus')).fill(corpus);
  await (await corpusSetting(page, 'bpe-format')).selectOption(`bytes-${pattern}`);
  await (await corpusSetting(page, 'bpe-tie-rule')).selectOption('smallest-id');
  await setMerges(page, merges);
  await (await corpusSetting(page, 'bpe-train')).click();
  await atStep(page, `/ ${merges}`);
  await page.getByTestId('bpe-scrubber').fill(String(merges));
  await atStep(page, `step ${merges} / ${merges}`);
  return corpusFile;
}

/** The chips' ids "Encode a word" shows for `text`, and `text` as a JSON file in `dir` for the references. */
async function chipIdsOf(page, dir, text) {
  await page.getByTestId('bpe-encode-input').fill(text);
  const chipIds = await page.getByTestId('bpe-encode-tokens').locator('.chip')
    .evaluateAll((spans) => spans.map((s) => Number(s.dataset.id)));
  const texts = join(dir, 'texts.json');
  writeFileSync(texts, JSON.stringify([text]), 'utf8');
  return { chipIds, texts };
}

const idsOf = (out) => out.trim().split(' ').map(Number);

test('byte-level training is Hugging Face\'s merge for merge, and its tokenizer.json encodes to the chips\' ids', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-byte-bpe-'));
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => { app.close(); rmSync(dir, { recursive: true, force: true }); });
  const { page } = app;
  await seedReady(page);

  // 1. Train on the reference corpus as byte chunks of cl100k's pattern.
  const corpusFile = await trainOnCorpus(page, dir, 'cl100k', MERGES);

  // 2. The merge table is BpeTrainer's.
  const shown = await shownMerges(page);
  const theirs = reference(['hf-train', corpusFile, String(MERGES), 'cl100k']).trimEnd().split('\n');
  assert.equal(shown.length, MERGES);
  assert.deepEqual(shown, theirs);

  // 3. The first step's pair table: the winner, counted in chunks spelled as stand-ins.
  await page.getByTestId('bpe-scrubber').fill('0');
  await atStep(page, `step 0 / ${MERGES}`);
  const winner = await page.getByTestId('bpe-pair-row').first().innerText();
  const [left, right] = theirs[0].split(' ');
  assert.ok(winner.includes(left) && winner.includes(right) && /wins/.test(winner), winner);
  assert.match(await page.getByTestId('bpe-pair-table').innerText(), /Ġ/);

  // 4. A text with bytes the corpus never had: the chips' ids are tokenizers'.
  const { chipIds, texts } = await chipIdsOf(page, dir, 'Hello, wörld! 12345 — “quoted” 東京 🦀  end');
  const tokenizer = await download(page, 'export-tokenizer');
  writeFileSync(join(dir, 'tokenizer.json'), tokenizer.text, 'utf8');
  assert.deepEqual(chipIds, idsOf(reference(['hf-encode', join(dir, 'tokenizer.json'), texts])));
  app.assertNoErrors();
});

// GPT-2's printable stand-in of each byte (its bytes_to_unicode), read back: stand-in → byte.
const STAND_IN_BYTE = (() => {
  const visible = [];
  for (const [from, to] of [[0x21, 0x7e], [0xa1, 0xac], [0xae, 0xff]]) for (let b = from; b <= to; b++) visible.push(b);
  const map = new Map(visible.map((b) => [String.fromCodePoint(b), b]));
  let next = 0;
  for (let b = 0; b < 256; b++) if (!visible.includes(b)) map.set(String.fromCodePoint(256 + next++), b);
  return map;
})();
const hexOf = (symbol) => [...symbol].map((c) => STAND_IN_BYTE.get(c).toString(16).toUpperCase().padStart(2, '0')).join(' ');

test('o200k\'s pattern: Hugging Face\'s merges, the last merge in hex, and ranks.tiktoken encodes in tiktoken as the chips', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-byte-bpe-o200k-'));
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => { app.close(); rmSync(dir, { recursive: true, force: true }); });
  const { page } = app;
  await seedReady(page);
  const merges = 100;
  const corpusFile = await trainOnCorpus(page, dir, 'o200k', merges);
  const theirs = reference(['hf-train', corpusFile, String(merges), 'o200k']).trimEnd().split('\n');
  assert.deepEqual(await shownMerges(page), theirs);
  // The last merge, byte by byte.
  const [left, right] = theirs[merges - 1].split(' ');
  assert.equal(await page.getByTestId('bpe-last-merge-hex').innerText(),
    `${hexOf(left)} + ${hexOf(right)} → ${hexOf(left)} ${hexOf(right)}`);
  // ranks.tiktoken in tiktoken with o200k's regex: the chips' ids.
  const { chipIds, texts } = await chipIdsOf(page, dir, 'HelloWorld, wörld! 12345 — “quoted” 東京 🦀  I\'m end');
  const ranks = await download(page, 'export-ranks');
  writeFileSync(join(dir, 'ranks.tiktoken'), ranks.text, 'utf8');
  assert.deepEqual(chipIds, idsOf(reference(['tiktoken-encode', join(dir, 'ranks.tiktoken'), 'o200k', texts])));
  app.assertNoErrors();
});
