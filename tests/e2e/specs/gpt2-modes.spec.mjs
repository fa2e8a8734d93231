// GPT-2's real tokenizer: the ids / strings / bytes toggle changes what every chip shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { countIs, gpt2Ready } from '../pages/gpt2.mjs';

test('chips show printable strings, ids or raw bytes', async (t) => {
  const app = await launch();
  t.after(() => app.close());
  const { page } = app;
  await gpt2Ready(page);
  await page.getByTestId('gpt2-input').fill('Hello world é');
  // Hello | Ġworld | ĠÃ©  (the space and both bytes of é merge into one token)
  await countIs(page, 3);
  const chips = page.getByTestId('gpt2-token');
  const pressed = async () => {
    const modes = {};
    for (const mode of ['ids', 'strings', 'bytes']) {
      modes[mode] = await page.getByTestId(`gpt2-mode-${mode}`).getAttribute('aria-pressed');
    }
    return modes;
  };

  // Strings by default: GPT-2's printable form, the space shown as Ġ.
  assert.deepEqual(await pressed(), { ids: 'false', strings: 'true', bytes: 'false' });
  assert.deepEqual(await chips.allInnerTexts(), ['Hello', 'Ġworld', 'ĠÃ©']);

  await page.getByTestId('gpt2-mode-ids').click();
  assert.deepEqual(await pressed(), { ids: 'true', strings: 'false', bytes: 'false' });
  const ids = await chips.evaluateAll((els) => els.map((el) => el.dataset.id));
  assert.deepEqual(ids, ['15496', '995', '38251']);
  assert.deepEqual(await chips.allInnerTexts(), ids);

  await page.getByTestId('gpt2-mode-bytes').click();
  assert.deepEqual(await pressed(), { ids: 'false', strings: 'false', bytes: 'true' });
  assert.deepEqual(await chips.allInnerTexts(), ['48 65 6C 6C 6F', '20 77 6F 72 6C 64', '20 C3 A9']);

  // The toggle is keyboard operable: Tab-reachable buttons, Enter switches.
  await page.getByTestId('gpt2-mode-strings').focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await chips.allInnerTexts(), ['Hello', 'Ġworld', 'ĠÃ©']);
  app.assertNoErrors();
});
