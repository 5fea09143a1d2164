/**
 * Compare with a second dataset: era5-like.zarr (A: t2m in K, standard calendar, −180–170) beside cmip-like.zarr
 * (B: tas in degC, noleap, 0–360, coarser). B's slice follows A's by date across the calendars, a zoom of A moves
 * B, the difference equals xarray's (fixtures/compare/expected/regrid.json: B in K, interp onto A's grid, periodic
 * in longitude), a click gives both series and their CSV, and the share link restores the whole view in a new page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, openMore } from './helpers';

const A = `${STATIC_URL}/fixtures/compare/era5-like.zarr`;
const B = `${STATIC_URL}/fixtures/compare/cmip-like.zarr`;

interface Pair {
  a_time: number;
  periodic_linear_difference: (number | null)[];
}
const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/compare/expected/regrid.json'), 'utf8')) as {
  a_shape: [number, number];
  pairs: Pair[];
};

/** plotly's x and y ranges of a plot. */
async function ranges(page: Page, testId: string): Promise<number[]> {
  return page.getByTestId(testId).evaluate((el) => {
    const l = (el as unknown as { _fullLayout: { xaxis: { range: number[] }; yaxis: { range: number[] } } })
      ._fullLayout;
    return [...l.xaxis.range, ...l.yaxis.range];
  });
}

/** The value drawn in a heatmap's cell (row, column). */
async function cell(page: Page, testId: string, r: number, c: number): Promise<number | null> {
  return page
    .getByTestId(testId)
    .evaluate(
      (el, [r, c]) => (el as unknown as { data: { z: (number | null)[][] }[] }).data[0]!.z[r!]![c!] ?? null,
      [r, c],
    );
}

test('compare two datasets: link by time across calendars, linked zoom, difference, series, share link', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await openUrl(page, A);
  await selectPath(page, '/t2m');
  await openMore(page);
  await page.getByTestId('compare-with-button').click();
  await page.getByRole('textbox', { name: 'Dataset B URL' }).fill(B);
  await page.getByRole('button', { name: 'Open B' }).click();
  // B's variable of the same standard_name is offered first.
  await expect(page.getByTestId('compare-b-variable')).toHaveValue('/tas');

  // Time linked by calendar date: 2020-01-16 12:00 is the same in noleap; 2020-02-29 has no noleap twin.
  const linkText = page.getByTestId('compare-link-text');
  await expect(linkText).toContainText('time → time: 2020-01-16 12:00:00');
  await page.getByTestId('index-time').fill('1');
  await expect(linkText).toContainText('time → time: 2020-02-15 00:00:00 (nearest: 14 days earlier)');
  await expect(page.getByTestId('compare-units')).toHaveText('B converted: degC → K: x + 273.15');
  await page.getByTestId('index-time').fill('3');
  await expect(linkText).toContainText('none');
  await expect(page.getByTestId('compare-b')).toHaveCount(0);
  await page.getByTestId('index-time').fill('1');

  // Side by side on the same coordinate ranges; a zoom box on A moves B.
  await expect(page.getByTestId('compare-b')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('compare-a')).toHaveAttribute('data-rendered', /\d+/);
  expect(await ranges(page, 'compare-b')).toEqual(await ranges(page, 'compare-a'));
  const before = await ranges(page, 'compare-a');
  await page.getByTestId('compare-a').scrollIntoViewIfNeeded();
  const drag = (await page.getByTestId('compare-a').locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.move(drag.x + drag.width * 0.3, drag.y + drag.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(drag.x + drag.width * 0.5, drag.y + drag.height * 0.5, { steps: 5 });
  await page.mouse.move(drag.x + drag.width * 0.6, drag.y + drag.height * 0.6, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => ranges(page, 'compare-a')).not.toEqual(before);
  await expect.poll(() => ranges(page, 'compare-b')).toEqual(await ranges(page, 'compare-a'));

  // The difference: B regridded (bilinear, periodic) in K, A − B as xarray computes it.
  await page.getByTestId('compare-mode-diff').click();
  const region = page.getByRole('region', { name: 'Difference' });
  await expect(region).toContainText("B regridded onto A's grid (bilinear, periodic in longitude)");
  await expect(region).toContainText('Cells compared: 612; masked only in A: 0, only in B: 72, in both: 0');
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-rendered', /\d+/);
  const want = expected.pairs.find((p) => p.a_time === 1)!.periodic_linear_difference;
  const nx = expected.a_shape[1];
  for (const [r, c] of [
    [0, 0],
    [5, 7],
    [9, 16],
    [9, 18],
    [12, 30],
    [18, 35],
  ] as const) {
    const w = want[r * nx + c] ?? null;
    const got = await cell(page, 'compare-diff', r, c);
    if (w === null) expect(got, `cell ${r},${c}`).toBeNull();
    else
      expect(Math.abs(got! - w), `cell ${r},${c}: ${got} vs xarray ${w}`).toBeLessThan(1e-4 * Math.max(1, Math.abs(w)));
  }

  // A click on A gives both series; the CSV has both.
  await page.getByTestId('compare-a').scrollIntoViewIfNeeded();
  const plotA = (await page.getByTestId('compare-a').locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.click(plotA.x + plotA.width / 2, plotA.y + plotA.height / 2);
  const series = page.getByTestId('compare-series');
  await expect(series).toHaveAttribute('data-state', 'done');
  await expect(series.getByTestId('compare-series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const [dl] = await Promise.all([page.waitForEvent('download'), series.getByTestId('compare-series-csv').click()]);
  const rows = readFileSync((await dl.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(rows[0]).toBe('time,A /t2m [K],B time,B /tas [K]');
  expect(rows).toHaveLength(5);
  expect(rows[1]).toMatch(/^2020-01-16 12:00:00,[\d.]+,2020-01-16 12:00:00,[\d.]+$/);
  expect(rows[4]).toMatch(/^2020-06-20 00:00:00,[\d.]+,,$/);

  // The share link restores both datasets, both variables, the link and the difference in a fresh page.
  const link = page.url();
  const p = new URL(link).hash;
  expect(p).toContain('burl=');
  expect(p).toContain('bvar=%2Ftas');
  expect(p).toContain('bview=diff');
  const summary = await region.innerText();
  const fresh = await context.newPage();
  await fresh.goto(link);
  const region2 = fresh.getByRole('region', { name: 'Difference' });
  await expect(region2).toBeVisible();
  expect(await region2.innerText()).toBe(summary);
  await expect(fresh.getByTestId('compare-b-variable')).toHaveValue('/tas');
  await expect(fresh.getByTestId('compare-link-text')).toContainText('2020-02-15 00:00:00 (nearest: 14 days earlier)');

  // The xarray equivalent, and the metadata diff of the pair and of the whole datasets.
  await expect(page.getByTestId('compare-code')).toContainText('b_on_a = b.interp(');
  await expect(page.getByTestId('compare-code')).toContainText('diff = a - b_on_a');
  await page.getByTestId('compare-mode-meta').click();
  await expect(page.getByTestId('compare-meta-pair')).toContainText(':units = "K" -> "degC"');
  await expect(page.getByTestId('compare-meta-datasets')).toContainText('--- A ');
});

test('a local netCDF file as B: linked by index when its dates are elsewhere, and left out of the share link', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, A);
  await selectPath(page, '/t2m');
  await openMore(page);
  await page.getByTestId('compare-with-button').click();
  await page.getByTestId('compare-b-file').setInputFiles(path.join(ROOT, 'fixtures/netcdf4/xarray/netcdf4.nc'));
  await expect(page.getByTestId('compare-b-variable')).toHaveValue('/t2m');
  const linkText = page.getByTestId('compare-link-text');
  await expect(linkText).toContainText("none: 2020-01-16 12:00:00 is outside B's time range");
  await page.getByTestId('compare-link').selectOption('index');
  await expect(linkText).toHaveText('time → time: index 0');
  await expect(page.getByTestId('compare-b')).toHaveAttribute('data-rendered', /\d+/);
  // The file's grid (7 × 36) is not A's (19 × 36): the difference is B regridded.
  await page.getByTestId('compare-mode-diff').click();
  await expect(page.getByRole('region', { name: 'Difference' })).toContainText("B regridded onto A's grid");
  expect(new URL(page.url()).hash).not.toContain('burl=');
});

test('on the map: A and B reprojected side by side, a zoom of one followed by the other', async ({ page }) => {
  const enc = encodeURIComponent;
  await page.goto(`/#url=${enc(A)}&var=${enc('/t2m')}&burl=${enc(B)}&bvar=${enc('/tas')}&bview=map`);
  const mapA = page.getByTestId('compare-map-a');
  const mapB = page.getByTestId('compare-map-b');
  await expect(mapA).toHaveAttribute('data-rendered', /\d+/);
  await expect(mapB).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('compare-mode-map')).toHaveAttribute('aria-pressed', 'true');
  await expect(mapA).toHaveAttribute('data-zoomed', 'false');
  // A zoom box on A: B shows the same part of the frame and reprojects it finer, as A does.
  await mapA.scrollIntoViewIfNeeded();
  const drag = (await mapA.locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.move(drag.x + drag.width * 0.3, drag.y + drag.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(drag.x + drag.width * 0.5, drag.y + drag.height * 0.5, { steps: 5 });
  await page.mouse.move(drag.x + drag.width * 0.6, drag.y + drag.height * 0.6, { steps: 5 });
  await page.mouse.up();
  await expect(mapA).toHaveAttribute('data-zoomed', 'true');
  await expect(mapB).toHaveAttribute('data-zoomed', 'true');
  const view = await mapA.getAttribute('data-view');
  await expect(mapB).toHaveAttribute('data-view', view!);
  await expect(mapA).toHaveAttribute('data-zoom-rendered', /\d+/);
  await expect(mapB).toHaveAttribute('data-zoom-rendered', /\d+/);
  // A double click on B goes back to the whole frame on both.
  await mapB.locator('.nsewdrag').first().dblclick();
  await expect(mapA).toHaveAttribute('data-zoomed', 'false');
  await expect(mapB).toHaveAttribute('data-zoomed', 'false');
});
