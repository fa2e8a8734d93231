// The Embed lab's neighbours and benchmark results download as CSV holding what the page shows:
// the same words in the same order with the cosines the page rounds, and the same section scores.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { cancelBenchmarkPartway, neighbours, openEmbed, parseScored, search } from './embed-lab.mjs';
import { download } from './link-lab.mjs';

/** CSV records as arrays of fields (the page quotes no field in these files). */
const records = (text) => {
  assert.ok(text.endsWith('\r\n'), 'records end with CRLF');
  return text.slice(0, -2).split('\r\n').map((line) => line.split(','));
};

test('neighbours and benchmark results as CSV', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  await openEmbed(page);

  // 1. Neighbours of "queen": the query first, then the list as shown, cosines in full.
  await search(page, 'queen');
  const shown = (await neighbours(page, 'queen')).map(parseScored);
  const csv = await download(page, 'export-neighbours');
  assert.equal(csv.name, 'neighbours-queen.csv');
  const [header, query, ...rows] = records(csv.text);
  assert.deepEqual(header, ['rank', 'word', 'row', 'cosine']);
  assert.deepEqual([query[0], query[1], query[3]], ['0', 'queen', '1']);
  const time = await page.getByTestId('embed-neighbors-time').innerText();
  assert.equal(query[2], time.match(/is row (\d+)/)[1]);
  assert.equal(rows.length, shown.length);
  rows.forEach(([rank, word, , cosine], i) => {
    assert.equal(Number(rank), i + 1);
    assert.equal(word, shown[i][0]);
    assert.equal(Number(Number(cosine).toFixed(4)), shown[i][1], `${word}: ${cosine}`);
  });

  // 2. The benchmark, stopped after a few sections: one record per section shown, then the totals.
  await cancelBenchmarkPartway(page);
  const table = await page.getByTestId('embed-benchmark-table').locator('tbody tr').allInnerTexts();
  const bench = await download(page, 'export-benchmark');
  assert.equal(bench.name, 'analogy-benchmark-add.csv');
  const [benchHeader, ...benchRows] = records(bench.text);
  assert.deepEqual(benchHeader, ['section', 'kind', 'correct', 'asked', 'accuracy_percent', 'skipped']);
  assert.equal(benchRows.length, table.length, 'a record per row of the table');
  benchRows.forEach(([section, , correct, asked, percent], i) => {
    const cells = table[i].split('\t');
    assert.equal(cells[0], section);
    const accuracy = asked === '0' ? '0.00' : Number(percent).toFixed(2);
    assert.equal(cells[1], `${correct} / ${asked} = ${accuracy} %`);
  });
  assert.equal(benchRows.at(-1)[0], 'total');
  assert.ok(benchRows.length > 3, `at least one section finished: ${benchRows.length - 3}`);
  app.assertNoErrors();
});
