// Shared steps for the Position lab's specs (pe-*.spec.mjs); not a spec itself.
//
//   openPositionLab({ pause = true, ...launchOptions })  ->  App (see ../harness.mjs), with the lab shown
//     via its nav link and, unless pause is false, the gliding cursor paused so values hold still.
//   PE(pos, d, base)          seed 003's JavaScript, verbatim: the formula the page must match.
//   dot(a, b)                 Σ aᵢbᵢ.
//   numbers(page, testid)     the comma-separated numbers of an element's text.
//   number(page, testid)      one number from an element's text.
//   setRange(page, testid, v) sets a range input as a drag would (input event) and waits a frame.
//   learnedTable(rows, d, seed) the core's seeded N(0, 1) rows (SplitMix64 and Box–Muller).

import { launch } from '../harness.mjs';

export async function openPositionLab({ pause = true, ...options } = {}) {
  const app = await launch(options);
  try {
    await app.page.getByTestId('nav-position').click();
    await app.page.getByTestId('pe-vector').waitFor({ state: 'visible' });
    if (pause && (await app.page.getByTestId('pe-play').getAttribute('aria-pressed')) === 'true') {
      await app.page.getByTestId('pe-play').click();
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export function PE(pos, d, base = 10000) {
  const v = [];
  for (let i = 0; i < d; i++) {
    const angle = pos / base ** ((2 * Math.floor(i / 2)) / d);
    v[i] = i % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
  }
  return v; // a unique fingerprint per position
}

export const dot = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);

export async function numbers(page, testid) {
  const text = await page.getByTestId(testid).textContent();
  return text.split(',').map((s) => Number(s.trim()));
}

export async function number(page, testid) {
  return Number((await page.getByTestId(testid).textContent()).trim());
}

export async function setRange(page, testid, value) {
  await page.getByTestId(testid).fill(String(value));
  // Leptos applies changes in microtasks; one animation frame later everything has been redrawn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
}

/// Values shown with 4 decimals are within half a unit of the 4th decimal of the true value.
export const FOUR_DECIMALS = 0.5e-4 + 1e-12;

/** The learned table's seed (til_core's LEARNED_SEED). */
const SEED = 2019n;
const MASK = (1n << 64n) - 1n;

/** The learned table's rows 0..rows of width d, drawn as the core draws them. */
export function learnedTable(rows, d, seed = SEED) {
  let state = seed;
  const nextU64 = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce5e4b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
  const openUnit = () => Number((nextU64() >> 11n) + 1n) / 2 ** 53;
  const values = [];
  while (values.length < rows * d) {
    const radius = Math.sqrt(-2 * Math.log(openUnit()));
    const angle = 2 * Math.PI * openUnit();
    values.push(radius * Math.cos(angle), radius * Math.sin(angle));
  }
  return Array.from({ length: rows }, (_, p) => values.slice(p * d, (p + 1) * d));
}
