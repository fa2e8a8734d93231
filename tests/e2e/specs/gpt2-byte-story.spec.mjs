// GPT-2's real tokenizer: the story under the chips points at the visitor's own tokens: a word after
// a space starts with Ġ (byte 0x20), and an emoji shows its four UTF-8 bytes and where they went.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gpt2WithText } from '../pages/gpt2.mjs';

test('the story explains Ġ and an emoji with the tokens just typed', async (t) => {
  const text = 'I like café 👍';
  const { app, page, ids } = await gpt2WithText(t, text);
  const story = page.getByTestId('gpt2-story');

  // The first word after a space is " like": its chip reads Ġlike, and the sentence names 0x20.
  const space = story.getByTestId('gpt2-story-space');
  assert.equal(await space.locator('.chip').first().innerText(), 'Ġlike');
  assert.match(await space.innerText(), /starts with Ġ, GPT-2's printable stand-in for the space byte 0x20/);
  // " like", " café" and the start of " 👍".
  assert.match(await space.innerText(), new RegExp(`3 of your ${ids.length} tokens start with a space`));

  // 👍 is F0 9F 91 8D, shown as ðŁĳį; the chips named are tokens of the text that hold those bytes.
  const emoji = story.locator('[data-testid="gpt2-story-char"][data-char="👍"]');
  assert.equal(await emoji.getByTestId('gpt2-story-bytes').innerText(), 'F0 9F 91 8D');
  const emojiText = await emoji.innerText();
  assert.match(emojiText, /is 4 bytes in UTF-8/);
  assert.match(emojiText, /ðŁĳį/);
  const named = await emoji.locator('.chip').evaluateAll((els) => els.map((el) => Number(el.dataset.id)));
  assert.ok(named.length >= 1 && named.every((id) => ids.includes(id)), `named ${named}, text ids ${ids}`);

  // é is C3 A9, shown as Ã©, merged with its word (and the space before it).
  const e = story.locator('[data-testid="gpt2-story-char"][data-char="é"]');
  assert.equal(await e.getByTestId('gpt2-story-bytes').innerText(), 'C3 A9');
  assert.match(await e.innerText(), /shows as Ã©/);
  assert.equal(await e.locator('.chip').first().innerText(), 'ĠcafÃ©');
  app.assertNoErrors();
});
