// The speed check in Chromium with WebGPU (SwiftShader), run in the lab's worker: every kernel on
// both backends, each result within its stated tolerance of the CPU's (browser parity), and the times
// printed as [measure] lines.
// Times are reported, never asserted: SwiftShader is the CPU again, so it says little about real GPUs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openSettings } from '../pages/shell.mjs';

test('every kernel agrees with the CPU in the browser, and the times are reported', async (t) => {
  const app = await launch({ webgpu: true, timeoutMs: 600_000 });
  t.after(() => app.close());
  const { page } = app;
  await page.locator('[data-testid="compute-backend"][data-settled="true"]').waitFor();
  assert.equal((await page.getByTestId('compute-backend').textContent()).trim(), 'WebGPU');

  await openSettings(page);
  await page.locator('[data-testid="compute-speed"] summary').click();
  await page.getByTestId('compute-speed-run').click();
  // Nine rows: the upload, neighbours ×2, benchmark ×2, PE table ×2, PE dot matrix ×2.
  const rows = page.getByTestId('compute-speed-row');
  await rows.nth(8).waitFor();
  await page.locator('[data-testid="compute-speed-run"]:not([disabled])').waitFor();
  assert.equal(await page.getByTestId('compute-speed-error').count(), 0);
  for (const row of await rows.all()) {
    const measure = await row.getAttribute('data-measure');
    const agreement = await row.locator('td').last().textContent();
    console.log(`[measure] ${measure}${agreement ? ` (${agreement})` : ''}`);
    const agree = await row.getAttribute('data-agree');
    assert.notEqual(agree, 'false', `GPU and CPU disagree: ${measure}: ${agreement}`);
  }
  assert.equal(await page.locator('[data-testid="compute-speed-row"][data-agree="true"]').count(), 8);
  // The worker found the same adapter the page did.
  assert.match(await page.getByTestId('compute-speed-adapter').textContent(), /^WebGPU adapter: /);
  app.assertNoErrors();
});
