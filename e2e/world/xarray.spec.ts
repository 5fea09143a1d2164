/**
 * Data shaped as people use it (fixtures/xarray-world, written by xarray's to_zarr), opened over HTTP in Chromium:
 * the tree and attributes zarr-python reads (incl. `valid_min = NaN`, `valid_max = Infinity`), the main variable
 * plots and its first field holds the values zarr-python reads, time labels are the decoded dates; no problem.
 * Unconsolidated: listed through a directory index where the server offers one; otherwise the group says what to do.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { startStaticServer, type StaticServer } from '../harness/static-server';
import { ROOT, cellValue, openUrl, selectPath, showMetadata } from '../ui/helpers';
import { expectNoProblems, expectPlots } from './helpers';

type Attrs = Record<string, unknown>;
interface Expected {
  path: string;
  main: string;
  tree: { attributes: Attrs; arrays: Record<string, { shape: number[]; attributes: Attrs }> };
  values: { first_row: (number | string)[]; middle_row: (number | string)[]; first_field_shape: number[] };
  time: string[];
}
const EXPECTED = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/xarray-world/expected.json'), 'utf8')) as {
  datasets: Record<string, Expected>;
};

/** An attribute value as the attribute table shows it: text as is, numbers (NaN, Infinity too) comma-separated. */
function shown(v: unknown): string {
  if (Array.isArray(v)) return v.map(shown).join(', ');
  if (typeof v === 'number' || v === 'NaN' || v === 'Infinity' || v === '-Infinity') return String(Number(v));
  return String(v);
}

async function expectAttributes(page: Page, attrs: Attrs, where: string): Promise<void> {
  await showMetadata(page);
  const table = page.getByTestId('attributes');
  for (const [name, value] of Object.entries(attrs)) {
    if (name === '_ARRAY_DIMENSIONS') continue;
    const row = table.locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${name}$`) }) });
    await expect(row.locator('td.value'), `${where}:${name}`).toHaveText(shown(value));
  }
}

/** The matrix cell (r, c) of the shown field, compared with zarr-python's value (NaN: masked, shown empty). */
async function expectCell(page: Page, r: number, c: number, want: number | string, where: string): Promise<void> {
  await page.getByTestId('matrix').evaluate((el, [top, left]) => el.scrollTo(left!, top!), [r * 26, c * 110]);
  if (want === 'NaN') {
    await expect(page.getByTestId(`cell-${r}-${c}`), where).toHaveAttribute('data-value', '');
    return;
  }
  await expect.poll(async () => Number(await cellValue(page, r, c)), where).toBeCloseTo(Number(want), 4);
}

async function checkDataset(page: Page, url: string, e: Expected): Promise<void> {
  await page.goto('/');
  await openUrl(page, url, 30_000);
  await expectNoProblems(page);
  for (const name of Object.keys(e.tree.arrays))
    await expect(page.locator(`[role=treeitem][data-path="/${name}"]`)).toBeVisible();
  await page.locator('[role=treeitem][data-path="/"]').click();
  await expectAttributes(page, e.tree.attributes, '/');
  const main = e.tree.arrays[e.main]!;
  await expectPlots(page, `/${e.main}`, main.shape.length);
  await expectAttributes(page, main.attributes, `/${e.main}`);
  await expect(page.getByTestId('coord-time')).toContainText(e.time[0]!.slice(0, 10));
  await page.getByTestId('view-matrix').click();
  const [rows] = e.values.first_field_shape as [number, number];
  for (const c of [0, 1, 7]) await expectCell(page, 0, c, e.values.first_row[c]!, `first row, column ${c}`);
  for (const c of [0, 5])
    await expectCell(page, Math.floor(rows / 2), c, e.values.middle_row[c]!, `middle row, column ${c}`);
  await expectNoProblems(page);
}

test('ERA5-like (4-D, consolidated, NaN and Infinity attributes, NaN fill): tree, attributes, plot, values', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const e = EXPECTED.datasets['era5-like']!;
  expect(e.tree.arrays.t!.attributes.valid_min).toBe('NaN');
  await checkDataset(page, `${STATIC_URL}/fixtures/${e.path}`, e);
  // The other data variable's Infinity attribute.
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await selectPath(page, '/u');
  await expectAttributes(page, e.tree.arrays.u!.attributes, '/u');
});

test('CMIP-like (noleap time, bounds, scalar height, consolidated): tree, attributes, plot, values', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const e = EXPECTED.datasets['cmip-like']!;
  await checkDataset(page, `${STATIC_URL}/fixtures/${e.path}`, e);
});

test.describe('unconsolidated over plain HTTP', () => {
  let indexed: StaticServer;
  test.beforeAll(async () => {
    indexed = await startStaticServer(ROOT, 0, { autoindex: true });
  });
  test.afterAll(async () => indexed?.stop());

  test('a server with directory indexes: every array found, main variable plots, no problem', async ({ page }) => {
    test.setTimeout(120_000);
    const e = EXPECTED.datasets['cmip-like-unconsolidated']!;
    await checkDataset(page, `${indexed.url}/fixtures/${e.path}`, e);
  });

  test('a server that cannot list: the group says to consolidate or to open an array by its URL', async ({ page }) => {
    const e = EXPECTED.datasets['cmip-like-unconsolidated']!;
    const url = `${STATIC_URL}/fixtures/${e.path}`;
    await page.goto('/');
    await openUrl(page, url);
    await page.locator('[role=treeitem][data-path="/"]').click();
    await showMetadata(page);
    const overview = page.getByTestId('overview');
    await expect(overview).toContainText('zarr.consolidate_metadata(store)');
    await expect(overview).toContainText(`${url}/<array name>`);
    // Doing what it says: the URL of one array opens it.
    await openUrl(page, `${url}/tas`);
    await expectPlots(page, '/tas', 3);
  });
});
