// Page helpers for the Tokenize lab's BPE walkthrough, shared by the bpe-*.spec.mjs files.

/** Resolves once the step label reads "step K / N" (either part may be omitted: `/ 10`). */
export const atStep = (page, text) => page.getByTestId('bpe-step-label').filter({ hasText: text }).waitFor();

/** Waits for the seed walkthrough the page opens on (10 merges) to be trained. */
export const seedReady = (page) => atStep(page, '/ 10');

/** Selects the Tiny Shakespeare preset and waits until its 1.1 MB corpus fills the editor. */
export async function loadShakespeare(page) {
  await page.getByTestId('bpe-preset').selectOption('tinyshakespeare');
  await page.waitForFunction(() => document.querySelector('[data-testid="bpe-corpus"]').value.length > 1e6);
}

/** Types a merge count the way a person does (the field commits on change). */
export async function setMerges(page, n) {
  const field = page.getByTestId('bpe-merges-count');
  await field.fill(String(n));
  await field.dispatchEvent('change');
}
