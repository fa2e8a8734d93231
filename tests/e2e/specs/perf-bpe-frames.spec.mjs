// Frame budgets of the Tokenize lab on Tiny Shakespeare (5,000 merges), reported and never asserted
// (CI shares two cores): the main thread's long tasks while training runs in slices and when the
// finished trace is installed, then each input's main-thread work (bench/probes.mjs) for single BPE
// steps and for a drag of the merge scrubber across the whole run. Asserts only that the inputs did
// what they should.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atStep, corpusSetting, withShakespeare } from '../pages/tokenize.mjs';
import { longTasks, summary, timeInputs, watchLongTasks } from '../bench/probes.mjs';

const STEPS = 30;
const DRAG_POSITIONS = 40;

test('BPE training, steps and scrubbing: main-thread time per task and per input', async (t) => {
  const { app, page } = await withShakespeare(t);
  await watchLongTasks(page);

  // 1. Training: long tasks while the progress bar shows, and after it goes (the trace installed).
  await (await corpusSetting(page, 'bpe-train')).click();
  // The progress bar, or the finished run if training was over before the bar was seen.
  await page.locator('[data-testid="progress"], [data-testid="bpe-step-label"]:has-text("/ 5000")').first().waitFor();
  await page.getByTestId('progress').waitFor({ state: 'detached', timeout: 120_000 });
  const trained = await page.evaluate(() => performance.now());
  await atStep(page, 'step 0 / 5000');
  await page.waitForTimeout(500);
  const tasks = await longTasks(page);
  const list = (ds) => (ds.length ? ds.map((d) => d.toFixed(0)).join(', ') + ' ms' : 'none');
  const during = tasks.filter((task) => task.start < trained).map((task) => task.duration);
  const after = tasks.filter((task) => task.start >= trained).map((task) => task.duration);
  console.log(`[measure] training 5,000 merges, main-thread tasks over 50 ms: while training ${list(during)}; installing the trace ${list(after)}`);

  // 2. Single steps forward from the middle of the run.
  await page.getByTestId('bpe-scrubber').fill('2500');
  await atStep(page, 'step 2500 / 5000');
  const steps = await timeInputs(page, 'bpe-step-forward', Array(STEPS).fill(null));
  await atStep(page, `step ${2500 + STEPS} / 5000`);
  console.log(`[measure] BPE step forward, main-thread work: ${summary(steps.map((s) => s.total))} (style and layout: ${summary(steps.map((s) => s.layout))})`);

  // 3. A drag of the scrubber from 0 to 5,000: one input event per position, as a hand makes them.
  const positions = Array.from({ length: DRAG_POSITIONS + 1 }, (_, i) => Math.round((5000 * i) / DRAG_POSITIONS));
  const drag = await timeInputs(page, 'bpe-scrubber', positions);
  await atStep(page, 'step 5000 / 5000');
  console.log(`[measure] scrubber drag 0 → 5,000 in ${DRAG_POSITIONS} moves, main-thread work per move: ${summary(drag.map((s) => s.total))} (style and layout: ${summary(drag.map((s) => s.layout))})`);
  app.assertNoErrors();
});
