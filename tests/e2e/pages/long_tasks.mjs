// The page's main-thread long tasks (the browser's Long Tasks timeline: every task over 50 ms), as
// the specs that watch the page stay responsive record them.

/** Starts recording long tasks from now on. */
export async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({ type: 'longtask' });
  });
}

/** The durations (ms) recorded since the start or the last take, which they are taken from. */
export async function takeLongTasks(page) {
  return page.evaluate(() => window.__longTasks.splice(0));
}

/** The longest of `durations`, 0 if none. */
export const longest = (durations) => Math.max(0, ...durations);

/**
 * Pastes `text` into the GPT-2 text box with the long-task timeline started in between: the box
 * takes the text first (its value and layout, the browser's own cost, the same with or without the
 * page: 20–50 ms for a megabyte on a 2-core machine), then the timeline starts, then the input
 * event, so what is recorded is the page's answer to the paste. Returns how long the box took (ms).
 */
export async function pasteWatched(page, text) {
  const box = page.getByTestId('gpt2-input');
  const boxMs = await box.evaluate(async (el, text) => {
    const start = performance.now();
    el.value = text;
    el.getBoundingClientRect();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - start;
  }, text);
  await watchLongTasks(page);
  await box.evaluate((el) => el.dispatchEvent(new Event('input', { bubbles: true })));
  return boxMs;
}
