// A lost WebGPU device: the page switches to the CPU, says so, and keeps the user's state. The test
// keeps a handle on every GPUDevice the page creates and destroys it, which is how WebGPU reports a
// lost device (reason "destroyed").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';

test('a lost device falls back to the CPU with a notice, the state kept', async (t) => {
  const app = await launch({ webgpu: true });
  t.after(() => app.close());
  const { page } = app;
  // Let the first load finish: reloading mid-compile aborts it with a page error.
  await page.locator('[data-testid="compute-backend"][data-settled="true"]').waitFor();
  await page.addInitScript(() => {
    window.__tilDevices = [];
    const request = GPUAdapter.prototype.requestDevice;
    GPUAdapter.prototype.requestDevice = async function (...args) {
      const device = await request.apply(this, args);
      window.__tilDevices.push(device);
      return device;
    };
  });
  await page.reload();
  await page.locator('[data-testid="compute-backend"][data-settled="true"]').waitFor();
  assert.equal((await page.getByTestId('compute-backend').textContent()).trim(), 'WebGPU');

  // Some state to keep: a word typed in the Embed lab.
  await page.getByTestId('nav-embed').click();
  await page.getByTestId('embed-query').fill('paris');
  await page.getByTestId('embed-neighbor').first().waitFor();

  assert.equal(await page.evaluate(() => window.__tilDevices.length), 1, 'the page made one device');
  await page.evaluate(() => window.__tilDevices[0].destroy());
  await page.getByTestId('compute-notice').waitFor();
  assert.equal(
    (await page.getByTestId('compute-notice').textContent()).trim(),
    'WebGPU device lost: switched to CPU, your state is kept',
  );
  assert.equal((await page.getByTestId('compute-backend').textContent()).trim(), 'CPU');
  assert.match(await page.getByTestId('compute-backend').getAttribute('title'), /lost/);
  assert.equal(await page.getByTestId('embed-query').inputValue(), 'paris', 'the typed word is kept');
  assert.ok((await page.getByTestId('embed-neighbor').count()) > 0, 'the neighbours are still shown');
  app.assertNoErrors();
});
