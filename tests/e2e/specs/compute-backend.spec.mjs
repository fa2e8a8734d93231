// The compute badge: WebGPU where Chromium has an adapter (SwiftShader), CPU where it has none, and
// the force-CPU switch flips it. Without WebGPU the page still works (the Embed lab loads and answers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openSettings } from '../pages/shell.mjs';

/** The badge's text once the page has finished asking for an adapter. */
async function settledBackend(page) {
  await page.locator('[data-testid="compute-backend"][data-settled="true"]').waitFor();
  return (await page.getByTestId('compute-backend').textContent()).trim();
}

test('with an adapter the badge says WebGPU, and forcing the CPU flips it', async (t) => {
  const app = await launch({ webgpu: true });
  t.after(() => app.close());
  assert.notEqual(await app.webgpuAdapter(), null, 'the WebGPU flags give Chromium an adapter');
  assert.equal(await settledBackend(app.page), 'WebGPU');
  const tooltip = await app.page.getByTestId('compute-backend').getAttribute('title');
  console.log(`[measure] WebGPU adapter in Chromium: ${tooltip}`);

  await openSettings(app.page);
  const force = app.page.getByTestId('compute-force-cpu');
  await force.check();
  assert.equal((await app.page.getByTestId('compute-backend').textContent()).trim(), 'CPU');
  await force.uncheck();
  assert.equal((await app.page.getByTestId('compute-backend').textContent()).trim(), 'WebGPU');
  assert.equal(await app.page.getByTestId('compute-notice').count(), 0, 'no fallback happened');
  app.assertNoErrors();
});

test('without an adapter the badge says CPU and the page still works', async (t) => {
  const app = await launch({ webgpu: false });
  t.after(() => app.close());
  assert.equal(await app.webgpuAdapter(), null, 'no WebGPU flags, no adapter');
  assert.equal(await settledBackend(app.page), 'CPU');
  assert.match(await app.page.getByTestId('compute-backend').getAttribute('title'), /No WebGPU here/);
  assert.equal(await app.page.getByTestId('compute-force-cpu').isDisabled(), true, 'nothing to switch from');

  await app.page.getByTestId('nav-embed').click();
  await app.page.getByTestId('embed-neighbor').first().waitFor();
  assert.ok((await app.page.getByTestId('embed-neighbor').count()) > 0);
  app.assertNoErrors();
});
