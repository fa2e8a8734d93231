// Page helpers for the Embed lab, shared by the embed-*.spec.mjs files.

/** Opens the Embed lab and waits until its vectors are loaded and decoded. */
export async function openEmbed(page) {
  await page.getByTestId('nav-embed').click();
  await page.getByTestId('embed-status').filter({ hasText: 'words × 50 dimensions' }).waitFor({ timeout: 60_000 });
}

/** Types a word into the search box the way a person does. */
export async function search(page, word) {
  await page.getByTestId('embed-query').fill(word);
}

/** The `embed-neighbor` texts ("word 0.1234"), once the list shows `word`'s neighbours. */
export async function neighbours(page, word) {
  await page.getByTestId('embed-neighbors-time').filter({ hasText: `"${word}" is row` }).waitFor();
  return page.getByTestId('embed-neighbors').getByTestId('embed-neighbor').allInnerTexts();
}

/** Splits "word 0.1234" into [word, 0.1234], checking the four decimals. */
export function parseScored(text) {
  const match = text.match(/^(\S+) (-?\d+\.\d{4})$/);
  if (!match) throw new Error(`not "word score" with 4 decimals: ${JSON.stringify(text)}`);
  return [match[1], Number(match[2])];
}

/**
 * Starts the analogy benchmark and presses Cancel once a fifth of its units are scored (watched
 * every frame: the whole run takes well under a second in the workers), then waits for the
 * cancelled report.
 */
export async function cancelBenchmarkPartway(page) {
  await page.getByTestId('embed-benchmark-run').click();
  await page.waitForFunction(() => {
    const bar = document.querySelector('#embed [data-testid="progress"] progress');
    if (!bar || bar.max <= 1 || bar.value < bar.max / 5) return false;
    document.querySelector('#embed [data-testid="progress-cancel"]').click();
    return true;
  }, null, { polling: 'raf' });
  await page.getByTestId('embed-benchmark-time').filter({ hasText: 'Cancelled' }).waitFor();
}
