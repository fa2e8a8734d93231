// Page helpers for the shell: the header's settings menu holds the theme, the keyboard help button,
// "force CPU", "force WebGPU" (with each kernel's timed choice) and the speed check.

/** Opens the settings menu (once the app is up) unless it is open already. */
export async function openSettings(page) {
  const menu = page.getByTestId('settings');
  await menu.waitFor();
  if (!(await menu.evaluate((el) => el.open))) await page.getByTestId('settings-button').click();
  await page.getByTestId('theme-choice').waitFor();
}

/** Closes the settings menu if it is open, so it covers nothing. */
export async function closeSettings(page) {
  if (await page.getByTestId('settings').evaluate((el) => el.open)) await page.getByTestId('settings-button').click();
}

/** Sets "force CPU" through the settings menu and folds the menu again. */
export async function forceCpu(page, on) {
  await openSettings(page);
  const force = page.getByTestId('compute-force-cpu');
  if (on) await force.check();
  else await force.uncheck();
  await closeSettings(page);
}

/** Forces every kernel onto `name` ('CPU' or 'WebGPU') through the settings menu, or with null
 * lets each kernel's timing choose; folds the menu again. */
export async function forceBackend(page, name) {
  await openSettings(page);
  const [cpu, gpu] = [page.getByTestId('compute-force-cpu'), page.getByTestId('compute-force-gpu')];
  if (name === 'CPU') await cpu.check();
  else if (name === 'WebGPU') await gpu.check();
  else {
    await cpu.uncheck();
    await gpu.uncheck();
  }
  await closeSettings(page);
}
