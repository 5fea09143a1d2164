import { expect, test } from '@playwright/test';
import { cellValue, expectedValues, fixtureUrl, openUrl, selectPath } from './helpers';

const NAME = 'netcdf-c-4.9.3/nczarr-file/groups';

test('paste URL → tree → variable → heatmap; sampled cells equal the reference values', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await expect(page.locator('.heatmap .hm, .heatmap, .plot-area .main-svg').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('heatmap.png'), fullPage: true });
  await info.attach('heatmap', { path: info.outputPath('heatmap.png'), contentType: 'image/png' });

  const expected = expectedValues(NAME)['/temp']!;
  const [, ny, nx] = expected.shape as [number, number, number];
  await page.getByTestId('view-matrix').click();
  for (const [r, c] of [
    [0, 0],
    [1, 2],
    [ny - 1, nx - 1],
  ] as const) {
    const want = expected.values[r * nx + c];
    expect(Number(await cellValue(page, r, c))).toBe(Number(want));
  }
  expect(errors).toEqual([]);
});

test('the slider reads a new slice', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  await page.getByTestId('view-matrix').click();
  const expected = expectedValues(NAME)['/temp']!;
  const [, ny, nx] = expected.shape as [number, number, number];
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', String(expected.values[0]));
  await page.getByTestId('index-time').fill('2');
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', String(expected.values[2 * ny * nx]));
  await expect(page.getByTestId('coord-time')).toContainText('2000-01-03');
});
