// `?` (or the header's Keyboard button) opens the shortcut help: a modal dialog listing the
// shortcuts, with focus trapped inside it; Esc or Close shuts it and gives focus back to the control
// that had it. Typing `?` into a field types it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { openSettings } from '../pages/shell.mjs';
import { seedReady } from '../pages/tokenize.mjs';
import { seriousViolations } from './a11y-labs.mjs';

const focused = (page) => page.evaluate(() => document.activeElement?.dataset.testid ?? document.activeElement?.tagName);
const focusInDialog = (page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

test('the shortcut help opens, traps focus, closes and restores focus', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await seedReady(page);
  const dialog = page.getByTestId('help-dialog');

  // 1. `?` from a focused button opens it with focus on Close.
  await page.getByTestId('bpe-step-forward').focus();
  await page.keyboard.press('?');
  await dialog.waitFor({ state: 'visible' });
  assert.equal(await focused(page), 'help-close');
  const rows = await page.getByTestId('shortcut').allInnerTexts();
  for (const row of ['?\tShow these shortcuts', '→\tForward one merge', 'Space\tPlay or pause the merges',
    'Shift + →\tPosition p + 10', ']\tOffset k + 1', 'Esc\tClose the help, or skip the tour']) {
    assert.ok(rows.some((r) => r.replace(/\s*\n\s*/, '\t') === row), `lists "${row}" among ${JSON.stringify(rows)}`);
  }
  assert.deepEqual(await seriousViolations(page), []);

  // 2. Tab and Shift+Tab never leave it.
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    assert.ok(await focusInDialog(page), `focus stays in the dialog after ${key}`);
  }
  // ...and the page's shortcuts are off meanwhile.
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByTestId('bpe-step-label').textContent(), 'step 0 / 10');

  // 3. Esc closes it and focus goes back.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await focused(page), 'bpe-step-forward');

  // 4. The settings menu's button opens it too; Close gives focus back to the button.
  await openSettings(page);
  await page.getByTestId('help-button').click();
  await dialog.waitFor({ state: 'visible' });
  await page.getByTestId('help-close').click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await focused(page), 'help-button');

  // 5. In a text field, `?` is just a character.
  await page.getByTestId('gpt2-input').fill('why');
  await page.getByTestId('gpt2-input').press('?');
  assert.equal(await page.getByTestId('gpt2-input').inputValue(), 'why?');
  assert.equal(await dialog.isVisible(), false);
  app.assertNoErrors();
});
