import { launch } from './harness.mjs';
const app = await launch();
const { page } = app;
await page.getByTestId('bpe-step-label').filter({ hasText: '/ 10' }).waitFor();
for (const [w, h] of [[360, 800], [1280, 800]]) {
  await page.setViewportSize({ width: w, height: h });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/top-${w}.png` });
}
await app.close();
