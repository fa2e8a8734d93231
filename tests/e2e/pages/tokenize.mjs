// Page helpers for the Tokenize lab's BPE walkthrough, shared by the bpe-*.spec.mjs files.
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';

/**
 * The corpus settings' control `testid`, with the settings opened first: the lab opens on its
 * walkthrough, the settings folded into one line under it.
 */
export async function corpusSetting(page, testid) {
  const settings = page.getByTestId('corpus-settings');
  if ((await settings.getAttribute('open')) === null) await page.getByTestId('corpus-summary').click();
  return page.getByTestId(testid);
}

/** Resolves once the step label reads "step K / N" (either part may be omitted: `/ 10`). */
export const atStep = (page, text) => page.getByTestId('bpe-step-label').filter({ hasText: text }).waitFor();

/** Waits for the seed walkthrough the page opens on (10 merges) to be trained. */
export const seedReady = (page) => atStep(page, '/ 10');

/** Selects the Tiny Shakespeare preset and waits until its 1.1 MB corpus fills the editor. */
export async function loadShakespeare(page) {
  await (await corpusSetting(page, 'bpe-preset')).selectOption('tinyshakespeare');
  await page.waitForFunction(() => document.querySelector('[data-testid="bpe-corpus"]').value.length > 1e6);
}

/**
 * Opens the page (long timeouts: training on Shakespeare takes a while on a loaded machine) with the
 * seed walkthrough trained, then loads the Tiny Shakespeare preset, which brings 5,000 merges; the
 * app is closed after the test `t`.
 */
export async function withShakespeare(t) {
  const app = await launch({ timeoutMs: 120_000 });
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  await loadShakespeare(page);
  assert.equal(await page.getByTestId('bpe-merges-count').inputValue(), '5000');
  return { app, page };
}

/** Types a merge count the way a person does (the field commits on change). */
export async function setMerges(page, n) {
  const field = await corpusSetting(page, 'bpe-merges-count');
  await field.fill(String(n));
  await field.dispatchEvent('change');
}

/** The merge list as `merges.txt` lines ("left right"). */
export async function shownMerges(page) {
  // textContent: the list keeps chunks out of view unrendered, where innerText reads nothing.
  return (await page.getByTestId('bpe-merge').evaluateAll((items) => items.map((i) => i.textContent)))
    .map((m) => m.replace(/ → .*$/, '').replace(' + ', ' '));
}
