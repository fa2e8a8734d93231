// A corpus opened as a file: Tiny Shakespeare ×10 (11 MB) never enters the text box; training reads
// it a megabyte at a time with a progress bar, as byte chunks of GPT-2's pattern, and the merge table
// equals Hugging Face BpeTrainer's on the same file (tests/reference/byte_bpe_reference.py in the zoo
// venv). The longest main-thread task while reading and training is printed. Cancel while the file
// is read trains nothing and says so; Unigram, which trains on the box's text, says why it will not
// take the file; choosing a preset puts the file away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { longest, takeLongTasks, watchLongTasks } from '../pages/long_tasks.mjs';
import { atStep, corpusSetting, seedReady, setMerges, shownMerges } from '../pages/tokenize.mjs';
import { zooScript } from '../pages/zoo.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MERGES = 200;
const REPEAT = 10;

test('a corpus file is read in pieces with progress and trains to BpeTrainer\'s merges', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-corpus-file-'));
  const app = await launch({ timeoutMs: 120_000 });
  t.after(() => { app.close(); rmSync(dir, { recursive: true, force: true }); });
  const { page } = app;
  await seedReady(page);
  const corpusFile = join(dir, 'shakespeare-x10.txt');
  writeFileSync(corpusFile, readFileSync(join(ROOT, 'assets', 'tinyshakespeare.txt'), 'utf8').repeat(REPEAT), 'utf8');

  // 1. Open it: the box stays empty, the summary names the file and its size.
  await (await corpusSetting(page, 'bpe-corpus-file')).setInputFiles(corpusFile);
  assert.match(await page.getByTestId('bpe-corpus-file-summary').innerText(), /^shakespeare-x10\.txt: 11\.2 MB, read from the file/);
  assert.equal(await page.getByTestId('bpe-corpus').inputValue(), '');

  // 2. Cancel while it is read: nothing trained, and the page says so.
  await (await corpusSetting(page, 'bpe-format')).selectOption('bytes-gpt2');
  await (await corpusSetting(page, 'bpe-tie-rule')).selectOption('smallest-id');
  await setMerges(page, MERGES);
  await (await corpusSetting(page, 'bpe-train')).click();
  await page.getByTestId('bpe-file-progress').waitFor();
  await page.getByTestId('progress-cancel').click();
  await page.getByTestId('bpe-notice').filter({ hasText: 'Cancelled while reading the file: nothing was trained.' }).waitFor();
  await atStep(page, '/ 10');

  // 3. Train: the progress bar counts megabytes, then the merges are BpeTrainer's.
  await watchLongTasks(page);
  await (await corpusSetting(page, 'bpe-train')).click();
  const progress = page.getByTestId('bpe-file-progress');
  await progress.waitFor();
  assert.equal(Number(await progress.getAttribute('max')), 11_153_940);
  await atStep(page, `/ ${MERGES}`);
  const longestTask = longest(await takeLongTasks(page));
  const stats = await page.getByTestId('bpe-run-stats').innerText();
  console.log(`[measure] browser: 11 MB file, ${stats} Longest main-thread task: ${longestTask.toFixed(0)} ms.`);
  assert.equal(await progress.count(), 0);
  await page.getByTestId('bpe-scrubber').fill(String(MERGES));
  await atStep(page, `step ${MERGES} / ${MERGES}`);
  const theirs = zooScript('byte_bpe_reference.py', ['hf-train', corpusFile, String(MERGES), 'gpt2']).trimEnd().split('\n');
  assert.deepEqual(await shownMerges(page), theirs);

  // 4. Unigram trains on the box's text and says so; a preset puts the file away.
  await page.getByTestId('unigram-train').click();
  await page.getByTestId('unigram-status').filter({ hasText: 'a file is open there' }).waitFor();
  await (await corpusSetting(page, 'bpe-preset')).selectOption('seed');
  assert.equal(await page.getByTestId('bpe-corpus-file-summary').innerText(), '');
  app.assertNoErrors();
});
