// GPT-2's real tokenizer: choosing a token (click, or keyboard) lists the merges that built it from
// its bytes, in the walkthrough's step format, the last step producing that very token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gpt2WithText } from '../pages/gpt2.mjs';

/** The trace's lines: the start line, then one per merge, each as its text and its chips. */
async function traceLines(page) {
  const trace = page.getByTestId('gpt2-trace');
  return trace.locator('ol.encode-steps > li').evaluateAll((lis) =>
    lis.map((li) => ({
      step: li.dataset.testid === 'gpt2-trace-step',
      text: li.innerText,
      chips: [...li.querySelectorAll('.chip')].map((c) => ({ text: c.innerText, id: Number(c.dataset.id) })),
    })),
  );
}

test('a chosen token shows the merges that built it', async (t) => {
  const text = 'The tokenizer works wonderfully';
  const { app, page, ids } = await gpt2WithText(t, text);

  // Nothing chosen yet: a hint.
  assert.match(await page.getByTestId('gpt2-trace').innerText(), /Choose a token/);

  // Click " works" (Ġworks): 6 bytes, several merges.
  const chip = page.getByTestId('gpt2-token').filter({ hasText: /^Ġworks$/ });
  const id = Number(await chip.getAttribute('data-id'));
  assert.ok(ids.includes(id));
  await chip.click();
  assert.equal(await chip.getAttribute('aria-pressed'), 'true');
  assert.match(await page.getByTestId('gpt2-trace').locator('h4').innerText(), new RegExp(`\\(id ${id}\\) is built`));

  const lines = await traceLines(page);
  const [start, ...steps] = lines;
  assert.equal(start.step, false);
  assert.deepEqual(start.chips.map((c) => c.text), ['Ġ', 'w', 'o', 'r', 'k', 's']);
  assert.ok(steps.length >= 1 && steps.length <= 5, `${steps.length} merges`);
  for (const s of steps) {
    assert.ok(s.step);
    assert.match(s.text, /^rank \d+: \S+ \+ \S+ → /);
    // Every line still spells the whole token.
    assert.equal(s.chips.map((c) => c.text).join(''), 'Ġworks');
  }
  // Each merge joins two pieces into one: the piece count drops by one per line.
  steps.forEach((s, i) => assert.equal(s.chips.length, 6 - (i + 1)));
  const last = steps.at(-1);
  assert.deepEqual(last.chips, [{ text: 'Ġworks', id }]);
  // The rank shown is GPT-2's: merge rank r makes token 256 + r.
  assert.equal(Number(last.text.match(/^rank (\d+)/)[1]) + 256, id);

  // Keyboard: arrow to the next chip and press Enter.
  await chip.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const next = page.getByTestId('gpt2-token').nth(ids.indexOf(id) + 1);
  assert.equal(await next.getAttribute('aria-pressed'), 'true');
  const nextId = Number(await next.getAttribute('data-id'));
  const after = await traceLines(page);
  assert.deepEqual(after.at(-1).chips.map((c) => c.id), [nextId]);
  app.assertNoErrors();
});
