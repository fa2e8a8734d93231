// Cancel stops a benchmark run part-way (its workers within a slice) and reports the sections all
// its workers finished before it, whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { cancelBenchmarkPartway, openEmbed } from './embed-lab.mjs';

test('cancel keeps the finished sections', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);

  await page.getByTestId('embed-benchmark-method').selectOption('mul');
  await cancelBenchmarkPartway(page);
  const total = await page.getByTestId('embed-benchmark-total').innerText();
  const asked = Number(total.match(/\/ (\d+)/)[1]);
  assert.ok(asked > 0 && asked < 14877, `a partial total: ${total}`);
  // Only whole sections count: every section row's questions add up to the total's.
  const rows = await page.getByTestId('embed-benchmark-table').locator('tbody tr').allInnerTexts();
  const sections = rows.filter((r) => !/^(semantic|syntactic|total)\t/.test(r));
  const summed = sections.reduce((n, r) => n + Number(r.split('\t')[1].match(/\/ (\d+)/)[1]), 0);
  assert.equal(summed, asked, `the finished sections make the total: ${rows.join(' | ')}`);
  assert.ok(await page.getByTestId('embed-benchmark-run').isEnabled(), 'ready to run again');
  app.assertNoErrors();
});
