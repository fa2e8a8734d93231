// Measuring probes for the perf-*.spec.mjs specs: they report figures and never assert a time.
//
//   watchLongTasks(page)  in the page: a long-task observer (every main-thread task over 50 ms).
//   longTasks(page)       Promise<{start, duration}[]>: every long task seen since.
//   timeInputs(page, testid, values)
//                         Promise<{total, layout}[]>: for each value, the main-thread work (ms) of one input
//                         to the element: a click when the value is null, else the value set and an
//                         `input` event (one step of a slider drag). Each starts just after a frame
//                         and ends once the handler, Leptos's update (microtasks) and a message task
//                         queued after them have run and the style and layout they caused are done
//                         (forced by reading the page's height; `layout` is that part alone); painting, mostly the compositor's,
//                         is left out. Dispatched in the page, so the figures are the page's own work,
//                         not Playwright's round trips.
//   summary(values)       "median 3.1 ms, slowest 7.9 ms over 30" for a [measure] line.

export async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
  });
}

export const longTasks = (page) => page.evaluate(() => window.__longTasks.slice());

export const timeInputs = (page, testid, values) =>
  page.evaluate(
    async ({ testid, values }) => {
      const element = document.querySelector(`[data-testid="${testid}"]`);
      const afterFrame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
      const afterTasks = () =>
        new Promise((ok) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = ok;
          channel.port2.postMessage(0);
        });
      const times = [];
      for (const value of values) {
        await afterFrame();
        const started = performance.now();
        if (value === null) element.click();
        else {
          element.value = String(value);
          element.dispatchEvent(new Event('input', { bubbles: true }));
        }
        await afterTasks();
        const scripted = performance.now();
        void document.documentElement.offsetHeight;
        const done = performance.now();
        times.push({ total: done - started, layout: done - scripted });
      }
      return times;
    },
    { testid, values },
  );

export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const [median, max, count] = [sorted[Math.floor(sorted.length / 2)] ?? NaN, sorted.at(-1) ?? NaN, sorted.length];
  return `median ${median.toFixed(1)} ms, slowest ${max.toFixed(1)} ms over ${count}`;
}
