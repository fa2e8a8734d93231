// A shared link full of hostile parameters (huge numbers, NaN, negatives, a megabyte of text, bytes
// that are not UTF-8, an unknown word, unknown keys) opens a working page: every value is clamped or
// ignored, a note lists each one, and the address is rewritten clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_DIR, launch } from '../harness.mjs';
import { atStep } from '../pages/tokenize.mjs';
import { openEmbed } from './embed-lab.mjs';
import { openedNotes } from './link-lab.mjs';

const MEGABYTE = 'x'.repeat(1_000_000);
const HOSTILE = [
  'p=99999999999999999999',
  'k=-5',
  'd_model=NaN',
  'base=1e999',
  `word=${MEGABYTE}`,
  'tie=%FF%FE',
  'step=abc',
  'merges=0',
  'a=qwertyuiopasdf',
  'top=7',
  'zzz=1',
  'p=3',
].join('&');

test('hostile link: notes, clamped values, a working page', async (t) => {
  // The megabyte is more than the test server's request line allows (browsers send it): the
  // navigation is answered with the built page directly.
  const app = await launch({ timeoutMs: 60_000, serviceWorkers: 'block' });
  t.after(() => app.close());
  const { page } = app;
  const index = await readFile(join(DIST_DIR, 'index.html'), 'utf8');
  await page.route((url) => url.search.length > 100_000, (route) =>
    route.fulfill({ body: index, contentType: 'text/html; charset=utf-8' }),
  );
  await page.goto(`${app.url}?${HOSTILE}#position`, { waitUntil: 'load' });

  // 1. Each hostile value has its line.
  await page.getByTestId('url-note').waitFor();
  const notes = await openedNotes(page);
  const expected = [
    'position p (p=99999999999999999999) is above the largest, 511: using 511.',
    'offset k (k=-5) is below the smallest, 0: using 0.',
    'd_model (d_model=NaN) is not a number: ignored.',
    'base (base=1e999) is above the largest, 100000: using 100000.',
    'query word (word=xxxxxxxxxxxxxxxxxxxxxxxx…) is 1000000 characters long, more than a link carries (64): ignored.',
    'tie rule (tie=%FF%FE) is not UTF-8 text once decoded: ignored.',
    'merge step (step=abc) is not a number: ignored.',
    'number of merges (merges=0) is below the smallest, 1: using 1.',
    'number of neighbours (top=7) is not one of 5, 10, 20, 50: ignored.',
    'p is given 2 times: the first is used.',
    'Ignored an unknown parameter: zzz.',
    'position p (p=511) is past the last position shown, 127: using 127.',
  ];
  for (const line of expected) assert.ok(notes.includes(line), `missing note: ${line}\nnotes:\n${notes.join('\n')}`);

  // 2. The Position lab took the clamped values and still responds.
  assert.equal(await page.getByTestId('pe-position-value').innerText(), '127');
  assert.equal(await page.getByTestId('pe-offset').inputValue(), '0');
  assert.equal(await page.getByTestId('pe-dmodel').inputValue(), '32');
  assert.equal(await page.getByTestId('pe-base-value').innerText(), '100000');
  const dot = await page.getByTestId('pe-dot').innerText();
  await page.getByTestId('pe-offset').fill('3');
  await page.getByTestId('pe-dot').filter({ hasNotText: dot }).waitFor();

  // 3. Tokenize trained with the one merge asked for (clamped up from 0).
  await page.getByTestId('nav-tokenize').click();
  await atStep(page, 'step 0 / 1');

  // 4. Embed: GloVe has no "qwertyuiopasdf", so X stays king, and says so.
  await openEmbed(page);
  await page.getByTestId('url-note-opened')
    .filter({ hasText: "analogy X (a=qwertyuiopasdf) is not among GloVe's 50000 words: using king." })
    .waitFor();
  assert.equal(await page.getByTestId('analogy-x').inputValue(), 'king');
  await page.getByTestId('embed-neighbors-time').filter({ hasText: '"king" is row' }).waitFor();

  // 5. The address is rewritten without the hostile values; the note can be dismissed.
  await page.waitForFunction(() => location.search.length < 1000 && !location.search.includes('zzz'));
  const search = new URL(page.url()).searchParams;
  assert.equal(search.get('p'), '127');
  assert.equal(search.get('base'), '100000');
  await page.getByTestId('url-note-dismiss').click();
  assert.equal(await page.getByTestId('url-note').count(), 0);
  app.assertNoErrors();
});
