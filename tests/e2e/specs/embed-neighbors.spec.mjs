// The search box ranks GloVe neighbours by cosine, best first, "word cosine" with four decimals,
// leaves the query out, filters to plain words on request, and reports its time in the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openEmbed, search, neighbours, parseScored } from './embed-lab.mjs';

test('neighbours of a word, ranked by cosine, timed in the page', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);

  await search(page, 'frog');
  const ranked = (await neighbours(page, 'frog')).map(parseScored);
  assert.equal(ranked.length, 10);
  assert.ok(ranked.every(([word]) => word !== 'frog'), 'the query is left out');
  for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1][1] >= ranked[i][1], 'best first');
  assert.ok(ranked.some(([word]) => word === 'toad'), JSON.stringify(ranked));

  // Words only: a number's neighbours are mostly numbers until the filter is on.
  await search(page, '1990');
  assert.ok((await neighbours(page, '1990')).some((t) => /\d/.test(parseScored(t)[0])));
  await page.getByTestId('embed-words-only').check();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="embed-neighbor"]')].every((e) => !/[\d.,]/.test(e.textContent.split(' ')[0])),
  );
  await page.getByTestId('embed-words-only').uncheck();

  // Timing: the page measures each search with performance.now(); read it for several words.
  const times = [];
  for (const word of ['king', 'water', 'computer', 'paris', 'running', 'happy']) {
    await search(page, word);
    await neighbours(page, word);
    const text = await page.getByTestId('embed-neighbors-time').innerText();
    times.push(Number(text.match(/found in ([\d.]+) ms/)[1]));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`[measure] neighbours of one word over 50,000 rows: median ${sorted[3].toFixed(2)} ms, all ${times.join(', ')} ms`);
  app.assertNoErrors();
});
