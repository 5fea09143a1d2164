/**
 * Rapid slider moves: with earlier loads slowed (and not all equally), the slice finally shown is the last one
 * asked for — its index in the field, its values equal to the reference reader's — and stays so after the slow
 * earlier loads would have finished.
 */
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { cellValue, expectedValues, openUrl, privateFixture, selectPath } from '../ui/helpers';

// This spec's own copy of a fixture (its faults reach no other spec); /temp is (time 3, lat 4, lon 5) with one chunk row per time step.
const NAME = 'transforms/v1/groups';
const SCOPE = 'data-slider';
const OWN = privateFixture(NAME, SCOPE);
const SLOW_MS = 1200;

async function control(p: 'config' | 'reset', body: unknown = {}): Promise<void> {
  const res = await fetch(`${STATIC_URL}/__control/${p}?scope=${SCOPE}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
}

const ref = expectedValues(NAME)['/temp']!;
const [nt, ny, nx] = ref.shape as [number, number, number];

/** The cell as the matrix shows a reference value: the fill value (`_FillValue`) is masked, shown empty. */
function shownAs(v: number | string | null): string {
  return v === null || Number(v) === Number(ref.fill_value) ? '' : String(Number(v));
}

/** Every cell of the matrix equals the reference slice at time `t`, and the UI says `t`. */
async function expectSlice(page: Page, t: number): Promise<void> {
  await expect(page.getByTestId('index-time')).toHaveValue(String(t));
  await expect(page.getByTestId('slice-view')).toHaveAttribute(
    'data-key',
    JSON.stringify(['/temp', [t, null, null], null]),
  );
  const want: string[] = [];
  const got: string[] = [];
  for (let r = 0; r < ny; r++)
    for (let c = 0; c < nx; c++) {
      want.push(shownAs(ref.values[(t * ny + r) * nx + c] ?? null));
      const v = (await cellValue(page, r, c)) ?? 'no cell';
      got.push(v === '' ? '' : String(Number(v)));
    }
  expect(got).toEqual(want);
}

async function openTemp(page: Page): Promise<void> {
  await page.goto('/');
  await openUrl(page, OWN.url);
  await selectPath(page, '/temp');
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', String(ref.values[0]));
  // Time 2 is slow; time 1 is slow for some requests only (seeded), so loads finish out of order.
  const chunks = (t: number) => `${OWN.match}temp/${t}.`;
  await control('config', {
    seed: 7,
    faults: [
      { kind: 'delay', ms: SLOW_MS, match: chunks(2) },
      { kind: 'delay', ms: 300, match: chunks(1), rate: 0.5 },
    ],
  });
}

test.afterEach(async () => {
  await control('reset');
});

test('keyboard on the slider: the last index asked for is the slice shown', async ({ page }) => {
  expect(nt).toBe(3);
  await openTemp(page);
  await page.getByTestId('slider-time').focus();
  let t = 0;
  for (const key of [
    'ArrowRight',
    'ArrowRight',
    'ArrowLeft',
    'ArrowRight',
    'ArrowRight',
    'ArrowLeft',
    'ArrowRight',
    'ArrowLeft',
  ]) {
    await page.keyboard.press(key);
    t = Math.max(0, Math.min(nt - 1, t + (key === 'ArrowRight' ? 1 : -1)));
  }
  expect(t).toBe(1);
  await expect(page.getByTestId('progress')).toHaveCount(0, { timeout: 10_000 });
  await expectSlice(page, t);
  // The slow loads of time 2 would have landed by now: nothing replaced the slice.
  await page.waitForTimeout(SLOW_MS + 500);
  await expectSlice(page, t);
});

test('typing indices quickly: the last one typed is the slice shown, even when it is the slowest', async ({ page }) => {
  await openTemp(page);
  const field = page.getByTestId('index-time');
  for (const v of ['2', '1', '0', '2', '1', '2']) await field.fill(v);
  await expect(page.getByTestId('progress')).toHaveCount(0, { timeout: 10_000 });
  await expectSlice(page, 2);
  await page.waitForTimeout(SLOW_MS + 500);
  await expectSlice(page, 2);
});
