// Every visible control of each lab (and the header) can be reached with Tab alone. A group of
// radio buttons is one tab stop (arrows choose within it), so reaching one of them reaches the group.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from '../harness.mjs';
import { LABS, openLoaded } from './a11y-labs.mjs';

const CONTROLS = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

test('Tab reaches every control of every lab', async (t) => {
  const app = await launch({ timeoutMs: 60_000 });
  t.after(() => app.close());
  const { page } = app;
  for (const slug of LABS) {
    await openLoaded(page, slug);
    // Number the visible controls of the header and the lab on show.
    const total = await page.evaluate(({ selector, slug }) => {
      const scope = [document.querySelector('header.site'), document.getElementById(slug)];
      for (const el of document.querySelectorAll('[data-reach]')) {
        delete el.dataset.reach;
        delete el.dataset.reachGroup;
      }
      let n = 0;
      for (const root of scope) {
        for (const el of root.querySelectorAll(selector)) {
          if (!el.checkVisibility({ visibilityProperty: true }) || !el.getClientRects().length) continue;
          const group = el.type === 'radio' && el.name ? root.querySelector(`[data-reach-group="${el.name}"]`) : null;
          if (group) {
            el.dataset.reach = group.dataset.reach;
          } else {
            el.dataset.reach = String(n++);
            if (el.type === 'radio' && el.name) el.dataset.reachGroup = el.name;
          }
        }
      }
      return n;
    }, { selector: CONTROLS, slug });
    assert.ok(total > 5, `${slug}: ${total} controls`);

    await page.evaluate(() => document.activeElement?.blur());
    const reached = new Set();
    for (let press = 0; press < total * 2 + 40 && reached.size < total; press++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => document.activeElement?.dataset.reach);
      if (id !== undefined) reached.add(id);
    }
    const missed = await page.evaluate(
      (reached) => [...document.querySelectorAll('[data-reach]')]
        .filter((el) => !reached.includes(el.dataset.reach))
        .map((el) => el.dataset.testid ?? el.outerHTML.slice(0, 80)),
      [...reached],
    );
    assert.deepEqual(missed, [], `${slug}: not reachable with Tab`);
    console.log(`[reach] ${slug}: all ${total} controls reached with Tab`);
  }
  app.assertNoErrors();
});
