/**
 * The Matrix's CSV export is the whole slice, not the cells on screen: a 64 × 64 image (fixtures/digit-names, written
 * by zarr-python) shows a window of it, and its CSV has every value as zarr-python read it (the expected JSON), each
 * written as the matrix cells hold it (data-value).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { cellValue, expectedValues, fixtureUrl, openUrl, selectPath } from './helpers';

const NAME = 'digit-names/ome-image';

test("the Matrix's CSV is the whole slice, with the cells' values", async ({ page }) => {
  const want = expectedValues(NAME)['/0']!;
  const [ny, nx] = want.shape as [number, number];
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/0');
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-1-1')).toBeVisible({ timeout: 30_000 });
  // Only a window of the slice is on screen.
  await expect(page.getByTestId(`cell-${ny - 1}-${nx - 1}`)).toHaveCount(0);
  // A cell holding the fill value is masked (empty in the CSV, as in the cell's data-value).
  const fillMasked = want.values[0] === want.fill_value && (await cellValue(page, 0, 0)) === '';
  const text = (v: unknown) => (fillMasked && v === want.fill_value ? '' : String(v));
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const lines = readFileSync((await dl.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(lines).toHaveLength(ny + 1);
  expect(lines[0]!.split(',')).toHaveLength(nx + 1);
  const cells = lines.slice(1).map((l) => l.split(',').slice(1));
  expect(cells.flat()).toEqual(want.values.map(text));
  // The cells on screen hold the same texts as the CSV's.
  for (const [r, c] of [
    [0, 1],
    [5, 3],
    [10, 7],
  ] as const)
    expect(await cellValue(page, r, c)).toBe(cells[r]![c]);
});
