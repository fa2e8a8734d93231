// In Chromium with WebGPU (SwiftShader), the labs show the same numbers on WebGPU as on the CPU:
// every value is read with "force CPU" on, then again with "force WebGPU" on, and compared. Neighbours and analogy
// candidates are compared as the texts shown (4 decimals); the Position lab's heatmaps pixel by
// pixel (both dot-product matrices computed by the backend; the sinusoidal table is the lab's own
// f64 table on either backend, so switching must not change it), allowing one step of 8-bit colour
// where an f32 value sits on a colour boundary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { forceBackend } from '../pages/shell.mjs';
import { openEmbed, search } from './embed-lab.mjs';

const WORDS = ['king', 'paris', 'frog', 'computer'];
const HEATMAPS = ['pe-heatmap', 'pe-matrix', 'pe-learned-matrix'];

/** Waits until no kernel call is under way. */
async function settled(page) {
  await page.locator('[data-testid="compute-time"][data-pending="0"]').waitFor();
}

/** Switches the backend and waits until every kernel has run again on it. */
async function useBackend(page, name) {
  // Calls still running would finish after the switch and overwrite the last kernel's line.
  await settled(page);
  await forceBackend(page, name);
  assert.equal((await page.getByTestId('compute-backend').textContent()).trim(), name);
  await page.getByTestId('compute-time').filter({ hasText: `on ${name}` }).waitFor();
  await settled(page);
}

async function embedTexts(page, word) {
  await page.getByTestId('embed-neighbors-time').filter({ hasText: `"${word}" is row` }).waitFor();
  return {
    neighbours: await page.getByTestId('embed-neighbors').getByTestId('embed-neighbor').allInnerTexts(),
    analogy: await page.getByTestId('analogy-result').innerText(),
  };
}

/** Lets effects that the last results woke finish drawing. */
async function nextFrame(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
}

async function pixels(page) {
  return page.evaluate((ids) => Object.fromEntries(ids.map((id) => {
    const canvas = document.querySelector(`[data-testid="${id}"]`);
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const { top, bottom } = canvas.getBoundingClientRect();
    const inView = bottom > 0 && top < window.innerHeight;
    return [id, { width: canvas.width, height: canvas.height, inView, data: Array.from(data) }];
  })), HEATMAPS);
}

test('neighbours, analogies and PE heatmaps are the same on WebGPU and on the CPU', async (t) => {
  const app = await launch({ webgpu: true, timeoutMs: 120_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.locator('[data-testid="compute-backend"][data-settled="true"]').waitFor();
  assert.equal((await page.getByTestId('compute-backend').textContent()).trim(), 'WebGPU');

  // 1. The Embed lab: four searches, and the analogy form by both methods.
  await openEmbed(page);
  for (const method of ['add', 'mul']) {
    await page.getByTestId('analogy-method').selectOption(method);
    for (const word of WORDS) {
      await search(page, word);
      const shown = {};
      for (const backend of ['CPU', 'WebGPU']) {
        await useBackend(page, backend);
        shown[backend] = await embedTexts(page, word);
      }
      assert.deepEqual(shown.WebGPU.neighbours, shown.CPU.neighbours, `neighbours of ${word}`);
      assert.equal(shown.WebGPU.analogy, shown.CPU.analogy, `king − man + woman by ${method}`);
      assert.equal(shown.WebGPU.neighbours.length, 10);
    }
  }

  // 2. The Position lab: the three heatmaps drawn from backend results, and the PE vector. Canvases
  // out of sight skip drawing, so a tall window keeps all three heatmaps in view while they redraw.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await page.getByTestId('nav-position').click();
  await page.getByTestId('pe-vector').waitFor({ state: 'visible' });
  if ((await page.getByTestId('pe-play').getAttribute('aria-pressed')) === 'true') {
    await page.getByTestId('pe-play').click();
  }
  await page.getByTestId('pe-matrix').scrollIntoViewIfNeeded();
  const images = {};
  const vectors = {};
  for (const backend of ['CPU', 'WebGPU']) {
    await useBackend(page, backend);
    await nextFrame(page);
    images[backend] = await pixels(page);
    vectors[backend] = await page.getByTestId('pe-vector').innerText();
  }
  assert.equal(vectors.WebGPU, vectors.CPU, 'the PE vector at the cursor');
  for (const id of HEATMAPS) {
    const [cpu, gpu] = [images.CPU[id], images.WebGPU[id]];
    assert.ok(cpu.inView && gpu.inView, `${id} was out of view, so it may not have redrawn`);
    assert.deepEqual([gpu.width, gpu.height], [cpu.width, cpu.height], id);
    let differ = 0;
    let worst = 0;
    cpu.data.forEach((value, i) => {
      const step = Math.abs(value - gpu.data[i]);
      if (step) differ += 1;
      worst = Math.max(worst, step);
    });
    console.log(`[measure] ${id} (${cpu.width}×${cpu.height}): ${differ} of ${cpu.data.length} channels differ, by at most ${worst}`);
    assert.ok(worst <= 1, `${id}: a channel differs by ${worst} between WebGPU and the CPU`);
  }
  app.assertNoErrors();
});
