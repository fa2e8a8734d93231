// Byte-level BPE in the page, against its reference in the same run (tests/reference/
// byte_bpe_reference.py in the zoo venv): trained with cl100k's pattern and the smallest-id rule on
// a corpus of every script and kind of text, the page's merge table is Hugging Face BpeTrainer's,
// merge for merge, in GPT-2's byte stand-ins; a pair's "comes from" names the chunks it was counted
// in; and the chips' ids for a text with bytes the corpus never had are the ids the downloaded
// tokenizer.json gives in `tokenizers`. (tiktoken loading the ranks file, and o200k's pattern, which
// the page leaves out, are checked natively: crates/cli/tests/byte_bpe_reference.rs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { atStep, seedReady, setMerges } from '../pages/tokenize.mjs';
import { zooScript } from '../pages/zoo.mjs';
import { download } from './link-lab.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MERGES = 150;

const reference = (args) => zooScript('byte_bpe_reference.py', args);

test('byte-level training is Hugging Face\'s merge for merge, and its tokenizer.json encodes to the chips\' ids', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-byte-bpe-'));
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => { app.close(); rmSync(dir, { recursive: true, force: true }); });
  const { page } = app;
  await seedReady(page);

  // 1. Train on the reference corpus, every file end to end, as byte chunks of cl100k's pattern.
  const folder = join(ROOT, 'tests', 'reference', 'corpus');
  const corpus = readdirSync(folder).filter((f) => f.endsWith('.txt')).sort()
    .map((f) => readFileSync(join(folder, f), 'utf8')).join('');
  const corpusFile = join(dir, 'corpus.txt');
  writeFileSync(corpusFile, corpus, 'utf8');
  await page.getByTestId('bpe-corpus').fill(corpus);
  await page.getByTestId('bpe-format').selectOption('bytes-cl100k');
  await page.getByTestId('bpe-tie-rule').selectOption('smallest-id');
  await setMerges(page, MERGES);
  await page.getByTestId('bpe-train').click();
  await atStep(page, `/ ${MERGES}`);

  // 2. The merge table is BpeTrainer's.
  await page.getByTestId('bpe-scrubber').fill(String(MERGES));
  await atStep(page, `step ${MERGES} / ${MERGES}`);
  // textContent: the list keeps chunks out of view unrendered, where innerText reads nothing.
  const shown = (await page.getByTestId('bpe-merge').evaluateAll((items) => items.map((i) => i.textContent)))
    .map((m) => m.replace(/ → .*$/, '').replace(' + ', ' '));
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
  const text = 'Hello, wörld! 12345 — “quoted” 東京 🦀  end';
  await page.getByTestId('bpe-encode-input').fill(text);
  const chipIds = await page.getByTestId('bpe-encode-tokens').locator('.chip')
    .evaluateAll((spans) => spans.map((s) => Number(s.dataset.id)));
  const texts = join(dir, 'texts.json');
  writeFileSync(texts, JSON.stringify([text]), 'utf8');
  const tokenizer = await download(page, 'export-tokenizer');
  writeFileSync(join(dir, 'tokenizer.json'), tokenizer.text, 'utf8');
  const ids = (out) => out.trim().split(' ').map(Number);
  assert.deepEqual(chipIds, ids(reference(['hf-encode', join(dir, 'tokenizer.json'), texts])));
  app.assertNoErrors();
});
