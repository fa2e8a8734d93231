// A long corpus opens as a preview of its start, its text box hidden (the whole text is still in
// it) until "Edit the whole text"; a short one is edited in the box as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { corpusSetting, loadShakespeare, seedReady } from '../pages/tokenize.mjs';

test('corpus: long ones open as a preview, short ones in the box', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  const box = await corpusSetting(page, 'bpe-corpus');
  const preview = page.getByTestId('bpe-corpus-preview');
  const edit = page.getByTestId('bpe-corpus-edit');
  await seedReady(page);
  assert.ok(await box.isVisible());
  assert.equal(await preview.count(), 0);
  assert.equal(await edit.count(), 0);

  // 1. Shakespeare: the preview shows its start; the box holds all of it, out of sight.
  await loadShakespeare(page);
  await preview.waitFor();
  assert.match(await preview.innerText(), /^First Citizen:\nBefore we proceed any further, hear me speak\./);
  assert.ok(!(await box.isVisible()));
  assert.equal(await box.evaluate((el) => el.value.length), 1115394);

  // 2. Edit opens the box (and says so), and closes it again.
  await edit.click();
  await box.waitFor({ state: 'visible' });
  assert.equal(await edit.getAttribute('aria-expanded'), 'true');
  assert.equal(await preview.count(), 0);
  await edit.click();
  await preview.waitFor();
  assert.ok(!(await box.isVisible()));
  assert.equal(await edit.getAttribute('aria-expanded'), 'false');

  // 3. Back to the seed: the box again.
  await (await corpusSetting(page, 'bpe-preset')).selectOption('seed');
  await box.waitFor({ state: 'visible' });
  assert.equal(await preview.count(), 0);
  app.assertNoErrors();
});
