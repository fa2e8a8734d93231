// Every canvas on the page, in every lab, is named for assistive technology (role="img" and an
// aria-label) and has a text alternative beside it: a caption, a summary or a table of its values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { LABS, openLoaded } from './a11y-labs.mjs';

test('each canvas in each lab has a name and a text alternative', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  let total = 0;
  for (const slug of LABS) {
    await openLoaded(page, slug);
    const canvases = await page.locator(`#${slug} canvas`).evaluateAll((all) =>
      all.map((canvas) => {
        const holder = canvas.closest('figure, section');
        const text = [...holder.querySelectorAll('figcaption, table, [data-testid$="summary"], [data-testid="pe-vector"]')]
          .map((e) => e.textContent.trim())
          .join(' ');
        return { id: canvas.dataset.testid, role: canvas.getAttribute('role'), label: canvas.getAttribute('aria-label'), text };
      }),
    );
    for (const c of canvases) {
      assert.equal(c.role, 'img', `${slug}: ${c.id} role`);
      assert.ok(c.label && c.label.length > 10, `${slug}: ${c.id} aria-label`);
      assert.ok(c.text.length > 40, `${slug}: ${c.id} text alternative: ${JSON.stringify(c.text)}`);
    }
    total += canvases.length;
  }
  assert.ok(total >= 9, `${total} canvases`);
  app.assertNoErrors();
});
