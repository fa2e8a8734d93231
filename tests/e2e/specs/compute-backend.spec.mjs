// The compute badge: WebGPU where Chromium has an adapter (SwiftShader), CPU where it has none, and
// the force-CPU switch flips it. With the adapter and neither switch on, each kernel runs where its
// first call was timed faster, and the settings menu says what was measured; on SwiftShader that
// must never be the slower of the two. Without WebGPU the page still works (the Embed lab loads and
// answers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { closeSettings, forceBackend, openSettings } from '../pages/shell.mjs';

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

test('each kernel runs on the backend its first call was timed faster on, and says why', async (t) => {
  const app = await launch({ webgpu: true });
  t.after(() => app.close());
  const { page } = app;
  assert.equal(await settledBackend(page), 'WebGPU');
  await page.getByTestId('nav-embed').click();
  await page.getByTestId('embed-query').fill('paris');
  await page.getByTestId('embed-neighbor').first().waitFor();
  await openSettings(page);
  const choices = page.getByTestId('compute-choices');
  await choices.filter({ hasText: 'neighbours: ' }).waitFor();
  const line = (await choices.innerText()).split('\n').find((l) => l.startsWith('neighbours: '));
  const [, gpu, cpu, chosen] = line.match(/^neighbours: WebGPU ([\d.]+) ms, CPU ([\d.]+) ms → (WebGPU|CPU)$/);
  assert.equal(chosen, Number(gpu) < Number(cpu) ? 'WebGPU' : 'CPU', 'the faster backend is kept');
  console.log(`[measure] first neighbour query timed on both: WebGPU ${gpu} ms, CPU ${cpu} ms → ${chosen}`);
  await closeSettings(page);
  // The next query runs there, and forcing WebGPU overrides the choice.
  await page.getByTestId('embed-query').fill('london');
  await page.getByTestId('compute-time').filter({ hasText: `neighbours:` }).filter({ hasText: `on ${chosen}` }).waitFor();
  await forceBackend(page, 'WebGPU');
  await page.getByTestId('embed-query').fill('berlin');
  await page.getByTestId('compute-time').filter({ hasText: 'neighbours:' }).filter({ hasText: 'on WebGPU' }).waitFor();
  await forceBackend(page, 'CPU');
  assert.equal(await page.getByTestId('compute-force-gpu').isChecked(), false, 'forcing one unforces the other');
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
