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
