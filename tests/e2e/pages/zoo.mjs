// The zoo's references for the browser specs: sentencepiece, mistral-common and (for SmolLM2)
// Hugging Face tokenizers in the pinned zoo
// venv (TIL_ZOO_PYTHON, as `cargo xtask test` sets it, else target/zoo-venv), through
// tests/reference/zoo_encode.py, for the same texts the page is given.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../harness.mjs';
import { gpt2Ready } from './gpt2.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function zooPython() {
  const python = process.env.TIL_ZOO_PYTHON ?? join(ROOT, 'target', 'zoo-venv', 'bin', 'python');
  if (!existsSync(python)) {
    throw new Error(`no zoo reference python at ${python}: run \`cargo xtask zoo --check\` once, or set TIL_ZOO_PYTHON`);
  }
  return python;
}

/** The token tax's texts: [code, text] of article 1 in each language of assets/udhr, English first. */
export const UDHR_ARTICLE1 = readFileSync(join(ROOT, 'assets', 'udhr', 'article1.tsv'), 'utf8')
  .trimEnd().split('\n').slice(2).map((line) => line.split('\t')).map((f) => [f[0], f[4]]);

/** The numbers grid's numbers, each written alone: 0–999, then the years 1900–2100. */
export const NUMBERS = [...Array(1000).keys(), ...Array.from({ length: 201 }, (_, i) => 1900 + i)].map(String);

/** The standard output of tests/reference/`script` run with `args` (and `input` on its stdin) in the zoo venv. */
export function zooScript(script, args, input) {
  const run = spawnSync(zooPython(), [join(ROOT, 'tests', 'reference', script), ...args], { encoding: 'utf8', input, maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`tests/reference/${script} failed:\n${run.stderr}`);
  return run.stdout;
}

/**
 * The reference ids of each text for `model` (mistral-v1, tekken or smollm2; or `['--sentencepiece', PATH]`
 * for a model file), from one python process.
 */
export function zooReferenceIds(texts, model) {
  const dir = mkdtempSync(join(tmpdir(), 'til-zoo-ref-'));
  try {
    const files = texts.map((text, i) => {
      const file = join(dir, `${i}.txt`);
      writeFileSync(file, text, 'utf8');
      return file;
    });
    const which = Array.isArray(model) ? model : ['--model', model];
    return zooScript('zoo_encode.py', [...which, ...files]).split('\n').slice(0, texts.length)
      .map((line) => (line === '' ? [] : line.split(' ').map(Number)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Chooses the comparison column `slug` in Side by side once the page is ready; checks it was not on
 * show and nothing under `folder` (`tiktoken/`, `mistral/`) was fetched before. Returns the column
 * once its file is in.
 */
export async function loadSide(page, slug, folder, fetched) {
  const box = page.getByTestId(`compare-choose-${slug}`);
  await box.scrollIntoViewIfNeeded();
  if (await page.getByTestId(`compare-${slug}`).count()) throw new Error(`${slug} is on show before it is chosen`);
  if (fetched.some((p) => p.includes(folder))) throw new Error(`${folder} fetched before it is asked for`);
  await box.check();
  return loadedSide(page, slug);
}

/**
 * Opens the page with its offline worker blocked (so every fetch is seen, in `fetched`, the paths
 * in order), then loads the column `slug` from `folder` as `loadSide` does; closed after `t`.
 */
export async function openWithSide(t, slug, folder) {
  const app = await launch({ serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  const fetched = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await gpt2Ready(page);
  const side = await loadSide(page, slug, folder, fetched);
  return { app, page, side, fetched };
}

/** Chooses the reader's file column in Side by side and returns it, on screen. */
export async function fileColumn(page) {
  await page.getByTestId('compare-choose-model-file').check();
  const side = page.getByTestId('compare-model-file');
  await side.scrollIntoViewIfNeeded();
  return side;
}

/** The column `slug`, once its tokenizer's file is in. */
export async function loadedSide(page, slug) {
  const side = page.getByTestId(`compare-${slug}`);
  await side.getByTestId('side-status').filter({ hasText: /fetched in/ }).waitFor();
  return side;
}

/** Waits until column `slug` shows exactly `expected` as its chips' ids; returns what it shows. */
export async function chipIds(page, side, slug, expected) {
  const count = side.getByTestId(`compare-${slug}-count`);
  await count.filter({ hasText: new RegExp(`^${expected.length}$`) }).waitFor();
  let shown;
  for (let tries = 0; tries < 50; tries++) {
    shown = await side.locator('.chip').evaluateAll((els) => els.map((el) => Number(el.dataset.id)));
    if (JSON.stringify(shown) === JSON.stringify(expected)) break;
    await page.waitForTimeout(100);
  }
  return shown;
}

/**
 * sentencepiece's score of each piece (`GetScore`) in `model` (a .model path, or `mistral-v1`); null
 * for a piece the model lacks.
 */
export function referenceScores(pieces, model) {
  return zooScript('zoo_encode.py', ['--scores', model], pieces.join('\n') + '\n').trim().split('\n').map((line) => (line === 'none' ? null : Number(line)));
}

/** Trains a small SentencePiece model on Tiny Shakespeare with sentencepiece; returns its path. */
export function trainedModel(dir, options) {
  const prefix = join(dir, 'trained');
  zooScript('train_spm.py', [join(ROOT, 'assets', 'tinyshakespeare.txt'), prefix, ...options]);
  return `${prefix}.model`;
}

/**
 * SmolLM2's first-layer logits for `ids` from tests/reference/smollm_qk.py (numpy float64, as
 * transformers computes them; `rope` false for no rotation): `logits[h][m][n]`.
 */
export function referenceFirstLayer(ids, rope = true) {
  const stdout = zooScript('smollm_qk.py', [...(rope ? [] : ['--no-rope']), ...ids.map(String)]);
  const logits = [];
  for (const line of stdout.trim().split('\n')) {
    const [h, m, ...values] = line.split(' ').map(Number);
    (logits[h] ??= [])[m] = values;
  }
  return logits;
}
