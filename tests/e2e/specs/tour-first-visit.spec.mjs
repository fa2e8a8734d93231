// A first-time visitor gets a five-step tour that opens each lab and outlines its key control; it
// can be finished, skipped or closed with Esc, and never comes back after. (Other specs start as
// returning visitors: the harness stores the tour's flag unless `tour: true`.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { seriousViolations } from './a11y-labs.mjs';

const STEPS = [
  { lab: null, target: 'lab-nav' },
  { lab: 'tokenize', target: 'bpe-stepper' },
  { lab: 'embed', target: 'embed-query' },
  { lab: 'position', target: 'pe-cursor-bar' },
  { lab: null, target: 'settings-button' },
];

const outlined = (page) => page.evaluate(() => [...document.querySelectorAll('.tour-target')].map((el) => el.dataset.testid));

/** Reloads and checks the tour stays away. */
async function staysAway(page) {
  await page.reload();
  await page.getByTestId('nav-tokenize').waitFor();
  assert.equal(await page.getByTestId('tour').count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem('til-tour-done')), '1');
}

test('the tour walks through the labs and does not come back once finished', async (t) => {
  const app = await launch({ tour: true });
  t.after(() => app.close());
  const { page } = app;
  const tour = page.getByTestId('tour');
  await tour.waitFor({ state: 'visible' });
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'tour-next');
  assert.deepEqual(await seriousViolations(page), []);

  for (const [index, step] of STEPS.entries()) {
    await page.getByTestId('tour').filter({ hasText: `step ${index + 1} of 5` }).waitFor();
    assert.deepEqual(await outlined(page), [step.target]);
    // The tour opens a lab through the URL's fragment, which lands a task later.
    if (step.lab) await page.locator(`[data-testid="nav-${step.lab}"][aria-current="page"]`).waitFor();
    assert.ok(await page.getByTestId(step.target).isVisible(), `${step.target} is on show`);
    if (index === 2) {
      // Back and forth.
      await page.getByTestId('tour-back').click();
      await page.getByTestId('tour').filter({ hasText: 'step 2 of 5' }).waitFor();
      await page.getByTestId('tour-next').click();
      await page.getByTestId('tour').filter({ hasText: 'step 3 of 5' }).waitFor();
    }
    const next = page.getByTestId('tour-next');
    assert.equal(await next.textContent(), index === STEPS.length - 1 ? 'Finish' : 'Next');
    await next.click();
  }
  await tour.waitFor({ state: 'detached' });
  assert.deepEqual(await outlined(page), []);
  await staysAway(page);
  app.assertNoErrors();
});

test('Skip and Esc end the tour for good', async (t) => {
  for (const end of ['skip', 'escape']) {
    const app = await launch({ tour: true });
    t.after(() => app.close());
    const { page } = app;
    await page.getByTestId('tour').waitFor({ state: 'visible' });
    await page.getByTestId('tour-next').click();
    if (end === 'skip') await page.getByTestId('tour-skip').click();
    else await page.keyboard.press('Escape');
    await page.getByTestId('tour').waitFor({ state: 'detached' });
    await staysAway(page);
    app.assertNoErrors();
  }
});
