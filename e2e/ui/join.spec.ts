/**
 * Many files as one dataset in the viewer (app/join, src/aggregate): fixtures/aggregate in s3rver (written by
 * scripts/fixtures/make-aggregate.py, which also writes what xarray's open_mfdataset makes of each set in
 * expected.json). A glob pasted as the URL, a day's files picked in a listing, the broken and off-grid members
 * named, the slider stepped across a member boundary, a point's series across all members, another join from the
 * menu, and the share link in a fresh page.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL } from '../harness/ports';
import { AGGREGATE_EXPECTED } from '../../src/aggregate/testing/expected';
import { cellValue, openUrl, selectPath, seriesCsvRows } from './helpers';

const EXPECTED = AGGREGATE_EXPECTED;
const AGG = `${S3_URL}/${BUCKET}/fixtures/aggregate`;
const GOES_HOUR = path.posix.dirname(EXPECTED.goes!.members[0]!);

/** Waits for every member to be read: the panel's summary. */
async function joined(page: Page, text: RegExp | string): Promise<void> {
  await expect(page.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('join-summary')).toContainText(text);
}

/** The value xarray gives `values[t, y, x]` of a (t, y, x) variable with `ny` × `nx` cells per step. */
const at = (values: readonly (number | null)[], ny: number, nx: number, t: number, y: number, x: number) =>
  values[(t * ny + y) * nx + x]!;

test('a GOES glob pasted as the URL joins every file along t; the listing picks a day’s files and opens them as one', async ({
  page,
}) => {
  const e = EXPECTED.goes!;
  await page.goto('/');
  await openUrl(page, `${AGG}/goes/ABI-L2-CMIPC/2024/*/*/*.nc#mode=s3`);
  await joined(page, `${e.members.length} of ${e.members.length} files joined along ${e.join.dimension}`);
  await selectPath(page, '/CMI');
  await expect(page.getByTestId('slider-t')).toHaveAttribute('max', String(e.dims.t!.size - 1));
  await expect(page.getByTestId('join-left-out')).toHaveCount(0);

  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(`${AGG}/goes/${GOES_HOUR}/#mode=s3`);
  await field.press('Enter');
  await expect(page.getByTestId('browse')).toBeVisible();
  await expect(page.getByTestId('browse-row')).toHaveCount(e.members.length);
  // Two picked by their boxes (Shift extends to a range), then all the listing shows.
  const picks = page.getByTestId('browse-pick');
  await picks.nth(0).click();
  await picks.nth(2).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('browse-picked')).toHaveText('3 selected');
  await page.getByTestId('browse-select-all').click();
  await expect(page.getByTestId('browse-picked')).toHaveText(`${e.members.length} selected`);
  await page.getByTestId('browse-open-joined').click();
  await joined(page, `${e.members.length} of ${e.members.length} files joined along t`);
  await selectPath(page, '/CMI');
  await expect(page.getByTestId('slider-t')).toHaveAttribute('max', String(e.dims.t!.size - 1));
  expect(new URL(page.url()).hash).toContain(encodeURIComponent('{'));
});

test('the mixed set: broken and off-grid members named; values across a member boundary and a point series equal xarray’s; the link reproduces the view', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const e = EXPECTED.mixed!;
  const ny = e.dims.lat!.size;
  const nx = e.dims.lon!.size;
  const steps = e.dims.time!.size;
  const sst = e.values.sst!;
  await page.goto('/');
  await openUrl(page, `${AGG}/mixed/*.nc#mode=s3`);
  await joined(page, `${e.members.length} of ${e.members.length + e.left_out.length} files joined along time`);
  const left = page.getByTestId('join-left-out-member');
  await expect(left).toHaveCount(e.left_out.length);
  expect((await left.evaluateAll((els) => els.map((x) => x.getAttribute('data-member')))).sort()).toEqual(
    [...e.left_out].sort(),
  );
  await expect(left.filter({ hasText: 'offgrid.nc' })).toContainText('another grid');
  await expect(left.filter({ hasText: 'broken.nc' })).toContainText('cannot be read');

  // Step the time slider over the boundary between the first and second members (two steps each).
  await selectPath(page, '/sst');
  const slider = page.getByTestId('slider-time');
  await expect(slider).toHaveAttribute('max', String(steps - 1));
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toBeVisible();
  const cellsAt = async (t: number) => {
    await expect(slider).toHaveValue(String(t));
    for (const [y, x] of [
      [0, 0],
      [1, 2],
      [ny - 1, nx - 1],
    ] as const)
      await expect.poll(async () => Number(await cellValue(page, y, x))).toBe(at(sst, ny, nx, t, y, x));
  };
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await cellsAt(1);
  await page.keyboard.press('ArrowRight');
  await cellsAt(2);
  await page.keyboard.press('ArrowRight');
  await cellsAt(3);

  // The link of this view, in a fresh page: the same join, step and values.
  const link = page.url();
  expect(decodeURIComponent(new URL(link).hash)).toContain('/mixed/*.nc#mode=s3');
  const fresh = await browser.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await expect(fresh.getByTestId('join-left-out-member')).toHaveCount(e.left_out.length);
  await expect(fresh.getByTestId('slider-time')).toHaveValue('3');
  await expect.poll(async () => Number(await cellValue(fresh, 1, 2))).toBe(at(sst, ny, nx, 3, 1, 2));
  await fresh.close();

  // A point's series across every member, from a click on the heatmap cell (lat index 1, lon index 1).
  await page.getByRole('button', { name: 'Heatmap', exact: true }).click();
  const plot = page.getByTestId('heatmap');
  await expect(plot).toHaveAttribute('data-rendered', /\d+/);
  await plot.scrollIntoViewIfNeeded();
  const point = await plot.evaluate((el) => {
    const fl = (el as unknown as { _fullLayout: Record<string, any> })._fullLayout; // eslint-disable-line @typescript-eslint/no-explicit-any -- plotly internals
    const box = el.getBoundingClientRect();
    return { x: box.left + fl._size.l + fl.xaxis.d2p(90), y: box.top + fl._size.t + fl.yaxis.d2p(0) };
  });
  await page.mouse.click(point.x, point.y);
  const region = page.getByRole('region', { name: /^Time series at / });
  await expect(region).toBeVisible();
  await expect(region).toHaveAttribute('data-state', 'done');
  const got = (await seriesCsvRows(region)).slice(1).map((r) => Number(r.split(',')[1]));
  expect(got).toEqual(Array.from({ length: steps }, (_, t) => at(sst, ny, nx, t, 1, 1)));
});

test('the Join along menu joins along another dimension, as --join does', async ({ page }) => {
  const e = EXPECTED['daily-join-lat']!;
  await page.goto('/');
  await openUrl(page, `${AGG}/daily/*.nc#mode=s3`);
  await joined(page, '5 of 5 files joined along time');
  await page.getByTestId('join-dimension').selectOption('lat');
  await joined(page, '5 of 5 files joined along lat');
  expect(decodeURIComponent(new URL(page.url()).hash)).toContain('#mode=s3&join=lat');
  await selectPath(page, '/orog');
  await page.getByTestId('view-matrix').click();
  const nx = e.dims.lon!.size;
  const orog = e.values.orog!;
  for (const y of [0, 4, e.dims.lat!.size - 1])
    await expect.poll(async () => Number(await cellValue(page, y, 1))).toBe(orog[y * nx + 1]);
});
