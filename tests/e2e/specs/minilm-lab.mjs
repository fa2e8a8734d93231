// Shared steps for the MiniLM specs (minilm-*.spec.mjs); not a spec itself.
//
//   til(...args)               runs the `til` CLI (target/release/til, built with
//                              `cargo build --release -p til-cli` first if missing; TIL_CLI overrides)
//                              and returns its stdout; the reference for ids and values.
//   wordpieceCli(text)         [[token, id], ...] from `til wordpiece encode TEXT`.
//   embedCli(text, raw)        [{ token, id, values: [384 numbers] }, ...] from `til minilm embed`.
//   fetched(page)              a live list of the paths the page requests from now on.
//   openPipeline(page)         opens the Embed lab and the pipeline view, waits for its heatmaps.
//   setText(page, testid, s)   replaces a text field's value the way a paste does (one input event).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CLI = process.env.TIL_CLI ?? join(ROOT, 'target', 'release', 'til');

export function til(...args) {
  if (!existsSync(CLI)) {
    const build = spawnSync('cargo', ['build', '--release', '-p', 'til-cli'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`cargo build --release -p til-cli failed:\n${build.stderr}`);
  }
  return execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
}

const lines = (out) => out.split('\n').filter((line) => line.length > 0);

export const wordpieceCli = (text) =>
  lines(til('wordpiece', 'encode', text)).map((line) => {
    const [token, id] = line.split('\t');
    return [token, Number(id)];
  });

export const embedCli = (text, raw = false) =>
  lines(til('minilm', 'embed', ...(raw ? ['--no-layernorm'] : []), text)).map((line) => {
    const [token, id, values] = line.split('\t');
    return { token, id: Number(id), values: values.split(',').map(Number) };
  });

export function fetched(page) {
  const paths = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

export const setText = (page, testid, text) =>
  page.getByTestId(testid).evaluate((el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);

export async function openPipeline(page) {
  await page.getByTestId('nav-embed').click();
  await page.getByTestId('minilm-pipeline-open').click();
  await page.getByTestId('minilm-values').waitFor({ timeout: 60_000 });
}
