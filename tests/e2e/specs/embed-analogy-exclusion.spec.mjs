// king − man + woman: queen once the inputs are excluded, king itself when they are not (seed 003's
// warning); london − paris + rome is an honest miss.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openEmbed, parseScored } from './embed-lab.mjs';

async function firstAnswer(page, word) {
  const first = page.getByTestId('analogy-result').getByTestId('analogy-candidate').first();
  await first.filter({ hasText: new RegExp(`^${word} `) }).waitFor();
  return parseScored(await first.innerText());
}

test('excluding the inputs turns king into queen', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);

  await page.getByTestId('analogy-x').fill('king');
  await page.getByTestId('analogy-y').fill('man');
  await page.getByTestId('analogy-z').fill('woman');
  assert.ok(await page.getByTestId('analogy-exclude').isChecked(), 'excluded by default');
  const [queen, excluded] = await firstAnswer(page, 'queen');
  assert.equal(queen, 'queen');
  assert.ok(Math.abs(excluded - 0.852) <= 0.003, `queen ${excluded}`);

  await page.getByTestId('analogy-exclude').uncheck();
  const [king, included] = await firstAnswer(page, 'king');
  assert.equal(king, 'king');
  assert.ok(Math.abs(included - 0.885) <= 0.003, `king ${included}`);
  // queen is still there, now second.
  const second = parseScored(await page.getByTestId('analogy-candidate').nth(1).innerText());
  assert.equal(second[0], 'queen');

  await page.getByTestId('analogy-exclude').check();
  await page.getByTestId('analogy-preset').filter({ hasText: 'london − paris + rome' }).click();
  const [miss, score] = await firstAnswer(page, 'church');
  assert.equal(miss, 'church');
  assert.ok(score < 0.75, `a low-confidence miss: ${score}`);
  app.assertNoErrors();
});
