// The cursor glides on its own, and stops when the system asks for reduced motion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPositionLab } from './pe-lab.mjs';

const position = (page) => page.getByTestId('pe-position-value').textContent();
const pause = (page, ms) => page.waitForTimeout(ms);

test('prefers-reduced-motion stops the animation', async (t) => {
  const app = await openPositionLab({ pause: false });
  t.after(() => app.close());
  const { page } = app;

  // Animated: the cursor moves by itself.
  const first = await position(page);
  await pause(page, 600);
  assert.notEqual(await position(page), first, 'the cursor glides while playing');
  assert.equal(await page.getByTestId('pe-play').getAttribute('aria-pressed'), 'true');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await pause(page, 200);
  const stopped = await position(page);
  await pause(page, 800);
  assert.equal(await position(page), stopped, 'the cursor stays still');
  assert.equal(await page.getByTestId('pe-play').getAttribute('aria-pressed'), 'false');
  app.assertNoErrors();
});

test('with reduced motion from the start, nothing moves', async (t) => {
  const app = await openPositionLab({ pause: false });
  t.after(() => app.close());
  const { page } = app;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await page.getByTestId('nav-position').click();
  await page.getByTestId('pe-vector').waitFor();
  const first = await position(page);
  await pause(page, 800);
  assert.equal(await position(page), first);
  assert.equal(await page.getByTestId('pe-play').textContent(), '▶ Play');
  app.assertNoErrors();
});
