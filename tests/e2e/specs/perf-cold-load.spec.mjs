// Cold load on localhost, measured by the page's Performance API and reported, never asserted (the
// goal is under 1.5 s to interactive on an ordinary laptop; CI shares two cores). Each of RUNS loads
// starts a fresh Chromium profile on a blank page (the server sends everything `no-store`), then
// opens the app with an init script that marks when the lab navigation appears and when the first
// view is ready (the seed walkthrough trained), and records every main-thread task over 50 ms.
// Interactive: ready, and no long task still running. Asserts only that the marks were made in order
// and that the page then answers a step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { atStep } from '../pages/tokenize.mjs';

const RUNS = 3;

function marks() {
  window.__marks = {};
  window.__longTasks = [];
  const mark = (name) => {
    if (!(name in window.__marks)) window.__marks[name] = performance.now();
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask' });
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="lab-nav"]')) mark('nav');
    if (/\/ 10\b/.test(document.querySelector('[data-testid="bpe-step-label"]')?.textContent ?? '')) mark('ready');
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

async function coldLoad() {
  // A blank page first, so the init script is in place before the app's first byte.
  const app = await launch({ path: '/perf-blank.txt' });
  try {
    app.errors.length = 0; // the blank page is a 404
    const { page } = app;
    await page.addInitScript(marks);
    await page.goto(app.url, { waitUntil: 'load' });
    await atStep(page, 'step 0 / 10');
    await page.waitForTimeout(300);
    const m = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      const ready = window.__marks.ready;
      const busyUntil = Math.max(ready, ...window.__longTasks.filter((t) => t.start < ready).map((t) => t.end));
      return {
        html: nav.responseEnd,
        domContentLoaded: nav.domContentLoadedEventEnd,
        wasm: wasm?.responseEnd,
        load: nav.loadEventEnd,
        nav: window.__marks.nav,
        ready,
        interactive: busyUntil,
        longTasks: window.__longTasks.filter((t) => t.start < ready).map((t) => Math.round(t.end - t.start)),
      };
    });
    // The page answers: one step forward.
    await page.getByTestId('bpe-step-forward').click();
    await atStep(page, 'step 1 / 10');
    app.assertNoErrors();
    return m;
  } finally {
    await app.close();
  }
}

test('cold load: time to the first interactive view, reported', async () => {
  const loads = [];
  for (let i = 0; i < RUNS; i++) loads.push(await coldLoad());
  for (const m of loads) {
    assert.ok(m.nav > 0 && m.ready >= m.nav && m.interactive >= m.ready, `marks in order: ${JSON.stringify(m)}`);
    const ms = (x) => `${x.toFixed(0)} ms`;
    console.log(
      `[measure] cold load: html ${ms(m.html)}, wasm received ${ms(m.wasm)}, DOMContentLoaded ${ms(m.domContentLoaded)}, ` +
        `load ${ms(m.load)}, navigation shown ${ms(m.nav)}, first view ready ${ms(m.ready)}, interactive ${ms(m.interactive)}` +
        ` (long tasks before ready: ${m.longTasks.join(', ') || 'none'} ms)`,
    );
  }
  const sorted = loads.map((m) => m.interactive).sort((a, b) => a - b);
  console.log(`[measure] cold load to interactive: median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms over ${RUNS} fresh profiles (goal 1500 ms)`);
});
