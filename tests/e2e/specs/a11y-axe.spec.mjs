// axe-core finds no serious or critical accessibility violations on any lab once its content has
// loaded (the GPT-2 view and the Embed lab's vectors included), in the light and the dark theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { LABS, openLoaded, seriousViolations } from './a11y-labs.mjs';

for (const colorScheme of ['light', 'dark']) {
  test(`no serious or critical axe violations, ${colorScheme} theme`, async (t) => {
    const app = await launch({ timeoutMs: 60_000 });
    t.after(() => app.close());
    const { page } = app;
    await page.emulateMedia({ colorScheme });
    const found = [];
    for (const slug of LABS) {
      await openLoaded(page, slug);
      found.push(...(await seriousViolations(page)).map((v) => `${slug} lab: ${v}`));
    }
    assert.deepEqual(found, [], `${colorScheme} theme:\n  ${found.join('\n  ')}`);
    app.assertNoErrors();
  });
}
