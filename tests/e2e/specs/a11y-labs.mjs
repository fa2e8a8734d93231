// Shared steps for the accessibility, keyboard, theme, responsive and offline specs; not a spec.
//
//   LABS                         the three labs' slugs, in nav order.
//   openLoaded(page, slug)       shows a lab through its nav link and waits until its content has
//                                loaded: the BPE walkthrough and GPT-2's tokens; GloVe with a word's
//                                neighbours; the Position lab's vector (its glide paused).
//   seriousViolations(page)      axe-core's scan of the page as shown: the violations of impact
//                                "serious" or "critical", each as "rule: help (n nodes: selectors)".
//   overflowX(page)              how far the page is wider than the viewport, in CSS pixels.

import { createRequire } from 'node:module';
import { gpt2Ready } from '../pages/gpt2.mjs';
import { seedReady } from '../pages/tokenize.mjs';
import { openEmbed, search, neighbours } from './embed-lab.mjs';

export const LABS = ['tokenize', 'embed', 'position'];

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function openLoaded(page, slug) {
  if (slug === 'embed') {
    await openEmbed(page);
    await search(page, 'frog');
    await neighbours(page, 'frog');
    return;
  }
  await page.getByTestId(`nav-${slug}`).click();
  if (slug === 'tokenize') {
    await seedReady(page);
    await gpt2Ready(page);
  } else {
    await page.getByTestId('pe-vector').waitFor({ state: 'visible' });
    if ((await page.getByTestId('pe-play').getAttribute('aria-pressed')) === 'true') {
      await page.getByTestId('pe-play').click();
    }
  }
}

export async function seriousViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.targets.length} nodes: ${v.targets.slice(0, 5).join(', ')})`);
}

export const overflowX = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
