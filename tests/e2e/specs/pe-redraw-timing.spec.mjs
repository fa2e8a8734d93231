// Dragging each slider redraws the lab (the sinusoidal scheme's, then RoPE's and ALiBi's); the page times every redraw with now_ms and shows it.
// This spec drags each slider across its range with the mouse, reports the page's numbers with
// `[measure]` lines, and checks only that they are measured (the 8 ms target is for an ordinary
// laptop; CI shares its CPU). Each drag also runs under the CPU profiler, which splits the work per
// step into the wasm module's, its JavaScript glue's and the rest (the browser's style, layout,
// paint and compositing on this software-rendered machine, and idle time).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPositionLab } from './pe-lab.mjs';

const STEPS = 30;

/** Milliseconds of self time per step in the wasm module and in its JavaScript glue. */
function split(profile, steps) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]));
  let wasm = 0;
  let glue = 0;
  profile.samples.forEach((id, i) => {
    const url = byId.get(id) ?? '';
    const us = profile.timeDeltas[i] ?? 0;
    if (url.endsWith('_bg.wasm')) wasm += us;
    else if (/transformer-input-lab-[0-9a-f]+\.js$/.test(url)) glue += us;
  });
  return { wasm: wasm / 1000 / steps, glue: glue / 1000 / steps };
}

async function drag(page, cdp, testid) {
  await cdp.send('Profiler.start');
  const box = await page.getByTestId(testid).boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 4, y);
  await page.mouse.down();
  const times = [];
  for (let i = 1; i <= STEPS; i++) {
    await page.mouse.move(box.x + 4 + ((box.width - 8) * i) / STEPS, y);
    // About 30 moves a second, as a hand drags; read the page's timing of this step.
    await page.waitForTimeout(33);
    times.push(Number(await page.getByTestId('pe-redraw').getAttribute('data-last-ms')));
  }
  await page.mouse.up();
  const { profile } = await cdp.send('Profiler.stop');
  return { times: times.filter(Number.isFinite), work: split(profile, STEPS) };
}

test('slider drags are timed in the page', async (t) => {
  const app = await openPositionLab();
  t.after(() => app.close());
  const { page } = app;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const drags = [
    ['sinusoidal', ['pe-position', 'pe-offset', 'pe-dmodel', 'pe-base', 'pe-count', 'pe-train', 'pe-pair']],
    ['rope', ['rope-m', 'rope-n', 'rope-pair', 'pe-dmodel', 'pe-base']],
    ['alibi', ['alibi-heads', 'alibi-head']],
  ].flatMap(([scheme, testids]) => testids.map((testid) => [scheme, testid]));
  for (const [scheme, testid] of drags) {
    if ((await page.getByTestId('pe-scheme').inputValue()) !== scheme) {
      await page.getByTestId('pe-scheme').selectOption(scheme);
    }
    await page.getByTestId(testid).scrollIntoViewIfNeeded();
    const { times: timed, work } = await drag(page, cdp, testid);
    const times = timed.sort((a, b) => a - b);
    assert.ok(times.length > 0, `${testid}: timed`);
    const median = times[Math.floor(times.length / 2)];
    const worst = times[times.length - 1];
    console.log(`[measure] drag ${testid} (${scheme}): median ${median.toFixed(2)} ms, slowest ${worst.toFixed(2)} ms over ${times.length} steps; per step ${work.wasm.toFixed(2)} ms in wasm, ${work.glue.toFixed(2)} ms in its JS glue (CPU profile)`);
  }
  const text = await page.getByTestId('pe-redraw').textContent();
  assert.match(text, /^redrawn in \d+\.\d ms/);
  app.assertNoErrors();
});
