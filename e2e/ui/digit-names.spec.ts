/**
 * Nodes whose names look like numbers (fixtures/digit-names/, written by zarr-python, xarray and netcdf-c's ncgen):
 * an OME-NGFF image's levels `0`, `1`, `2` and a pyramid's groups `0` … `4` are in the tree, plotted with
 * zarr-python's values, in the CDL tab as ncdump main prints them, and a share link to `/3/tas` reopens it. Over S3
 * (a listing, no consolidated metadata) a group `0` beside an array `1` is shown too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  ROOT,
  cellValue,
  expectedValues,
  fixtureS3Url,
  fixtureUrl,
  openUrl,
  selectPath,
  showMetadata,
  openMore,
} from './helpers';

async function expectTreeHas(page: Page, paths: readonly string[]): Promise<void> {
  for (const p of paths) await expect(page.locator(`[role=treeitem][data-path="${p}"]`)).toBeVisible();
}

/** The heatmap is drawn, then the matrix shows zarr-python's values at a few cells. */
async function expectPlotted(page: Page, fixture: string, variable: string, cols: number): Promise<void> {
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toBeVisible({ timeout: 30_000 });
  const want = expectedValues(fixture)[variable]?.values ?? [];
  expect(want.length).toBeGreaterThan(cols);
  for (const [r, c] of [
    [0, 0],
    [1, 2],
    [3, 1],
  ] as const)
    expect(Number(await cellValue(page, r, c))).toBeCloseTo(Number(want[r * cols + c]), 4);
}

/** The CDL tab's text equals ncdump main's `-h` output of the fixture. */
async function expectCdl(page: Page, fixture: string): Promise<void> {
  const want = readFileSync(path.join(ROOT, 'fixtures/expected', `${fixture}.h.cdl`), 'utf8').trim();
  await showMetadata(page);
  await page.getByRole('tab', { name: 'CDL' }).click();
  await expect.poll(async () => ((await page.getByTestId('cdl-text').textContent()) ?? '').trim()).toBe(want);
}

test('an OME-NGFF image: levels 0, 1 and 2 are in the tree, level 2 is plotted, the CDL is ncdump main', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl('digit-names/ome-image'));
  await expectTreeHas(page, ['/0', '/1', '/2']);
  await selectPath(page, '/2');
  await expectPlotted(page, 'digit-names/ome-image', '/2', 16);
  await expectCdl(page, 'digit-names/ome-image');
});

test('a pyramid: group 3 holds tas, which is plotted; its share link reopens /3/tas in a fresh page', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl('digit-names/pyramid'));
  await expectTreeHas(page, ['/0', '/1', '/2', '/3', '/4']);
  await selectPath(page, '/3/tas');
  await expect(page).toHaveURL(/var=%2F3%2Ftas/);
  const link = page.url();
  await expectPlotted(page, 'digit-names/pyramid', '/3/tas', 32);

  await openMore(page);
  await page.getByRole('button', { name: 'Code' }).click();
  const code = await page.getByTestId('code-xarray').innerText();
  expect(code).toContain('group="3"');
  expect(code).toContain('ds["tas"]');

  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(link);
  await expect(fresh.locator('[role=treeitem][data-path="/3/tas"]')).toHaveAttribute('aria-selected', 'true');
  await expect(fresh.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await expectCdl(fresh, 'digit-names/pyramid');
  await fresh.close();
});

test('over S3 with a listing: a group 0, a group g1 and an array 1 are all shown', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureS3Url('digit-names/mixed'));
  await expectTreeHas(page, ['/0', '/g1', '/1']);
  await expectCdl(page, 'digit-names/mixed');
  await selectPath(page, '/0/a');
  await expect(page.getByTestId('line-plot')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
});

test('the name sweep over S3: every array and group of the store, CDL as ncdump main prints it', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureS3Url('digit-names/names'));
  await expectTreeHas(page, ['/0', '/12', '/0.0', '/1.2.3', '/c', '/a b', '/température', '/7', '/1.0', '/g 1']);
  await expectCdl(page, 'digit-names/names');
});
