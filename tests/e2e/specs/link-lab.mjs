// Page helpers for the link specs (url-*, link-*, export-*): the address the page writes, and
// downloads read back as text.
import { readFile } from 'node:fs/promises';

/** The address's query parameters once the page has written `key` (the page writes at most every 300 ms). */
export async function queryOnceWritten(page, key) {
  await page.waitForFunction((k) => new URLSearchParams(location.search).has(k), key);
  return new URL(page.url()).searchParams;
}

/** Clicks the button with `testid` and returns the download's suggested name and its text. */
export async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

/** The lines of the opening link's notes. */
export const openedNotes = (page) => page.getByTestId('url-note-opened').locator('li').allInnerTexts();
