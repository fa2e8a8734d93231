// Page weight, as gzip -9 would send it (node's zlib at level 9): the release wasm must stay within
// 600 KB and everything the first view loads (the Tokenize lab, every request made until the seed
// walkthrough is trained in the lab's worker and the network is idle) within 4 MB; both are asserted, being sizes, not
// times. Reports each first-view file and the large assets left for later (loaded when a lab needs
// them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR, launch } from '../harness.mjs';
import { seedReady } from '../pages/tokenize.mjs';

const WASM_BUDGET = 600_000;
const FIRST_VIEW_BUDGET = 4_000_000;

const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('page weight: release wasm and first view within their gzip budgets', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  await page.waitForLoadState('networkidle');

  // 1. The files the first view asked for, by the Resource Timing API (plus the document).
  const urls = await page.evaluate(() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]);
  const firstView = new Set();
  for (const url of urls) {
    const { origin, pathname } = new URL(url);
    if (origin !== new URL(app.url).origin) continue;
    const path = join(DIST_DIR, decodeURIComponent(pathname));
    firstView.add(pathname.endsWith('/') ? join(path, 'index.html') : path);
  }
  // The seed walkthrough is trained in the lab's worker, whose script and module are fetched
  // in its own context (importScripts), out of the page's Resource Timing: counted when it runs.
  assert.equal(page.workers().length, 1, 'the first view starts the lab worker');
  for (const file of ['lab_worker.js', 'lab_worker_bg.wasm']) firstView.add(join(DIST_DIR, file));
  const rows = [...firstView].map((file) => ({ file, raw: statSync(file).size, gzip: gzipped(file) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  for (const row of rows) {
    console.log(`[measure] first view: ${relative(DIST_DIR, row.file)} ${kb(row.raw)} raw, ${kb(row.gzip)} gzip -9`);
  }
  console.log(`[measure] first view total: ${kb(total)} gzip -9 in ${rows.length} files (budget ${kb(FIRST_VIEW_BUDGET)})`);

  // 2. The release wasm.
  // The budget is the page's own module's; the lab's worker's (crates/worker/src/main.rs) is
  // counted in the first view above.
  const modules = filesUnder(DIST_DIR).filter((f) => f.endsWith('.wasm'));
  assert.deepEqual(modules.filter((f) => !firstView.has(f)), [], 'the first view loads every wasm module');
  const wasm = modules.filter((f) => !f.endsWith('lab_worker_bg.wasm'));
  assert.equal(wasm.length, 1, `one page module of ${modules.length}`);
  const wasmGzip = gzipped(wasm[0]);
  console.log(`[measure] release wasm: ${kb(statSync(wasm[0]).size)} raw, ${kb(wasmGzip)} gzip -9 (budget ${kb(WASM_BUDGET)})`);

  // 3. What waits until a lab asks for it (over 100 KB).
  for (const file of filesUnder(DIST_DIR).filter((f) => !firstView.has(f) && statSync(f).size > 100_000)) {
    console.log(`[measure] loaded later: ${relative(DIST_DIR, file)} ${kb(gzipped(file))} gzip -9`);
  }

  assert.ok(wasmGzip <= WASM_BUDGET, `release wasm is ${kb(wasmGzip)} gzip -9, over ${kb(WASM_BUDGET)}`);
  assert.ok(total <= FIRST_VIEW_BUDGET, `first view is ${kb(total)} gzip -9, over ${kb(FIRST_VIEW_BUDGET)}`);
  app.assertNoErrors();
});
