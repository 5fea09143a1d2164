/**
 * CFA aggregations in Chromium: S3netCDF4's CFA-netCDF masters (fixtures/cfa/, written by S3netCDF4) at plain
 * HTTP URLs show each aggregated variable with its full shape; its first field plots with the values
 * netCDF4-python reads from the fragments (fixtures/cfa/expected.json); a share link reopens it; a missing
 * fragment reads as masked cells with a notice naming the fragment file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { expectMatrixMatches } from '../s3/helpers';
import { ROOT, openUrl, selectPath, showMetadata } from './helpers';

interface Aggregated {
  shape: number[];
  dtype: string;
  fill: number;
  missing: string[];
  values: (number | null)[];
}
const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/cfa/expected.json'), 'utf8')) as Record<
  string,
  Record<string, Aggregated>
>;
const ref = (a: Aggregated) => ({ dtype: `<${a.dtype}`, shape: a.shape, fill_value: a.fill, values: a.values });

for (const master of ['cfa4_v05.nca', 'cfa3_v04.nca'])
  test(`${master}: the aggregated variable with its full shape, the fragments' values, a share link`, async ({
    page,
    browser,
  }) => {
    const tas = expected[master]!.tas!;
    await page.goto('/');
    await openUrl(page, `${STATIC_URL}/fixtures/cfa/${master}`);
    await selectPath(page, '/tas');
    const [nt, ny, nx] = tas.shape;
    await showMetadata(page);
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toContainText(
      `time = ${nt}, lat = ${ny}, lon = ${nx}`,
    );
    await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
    const link = page.url();
    await page.getByTestId('view-matrix').click();
    expect(await expectMatrixMatches(page, ref(tas))).toBeGreaterThan(10);

    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(link);
    await expect(fresh.locator('[role=treeitem][data-path="/tas"]')).toHaveAttribute('aria-selected', 'true');
    await expect(fresh.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
    await fresh.close();
  });

test('a missing fragment reads as masked cells, with a notice naming its file', async ({ page }) => {
  const tas = expected['cfa4_missing.nca']!.tas!;
  const gone = path.basename(tas.missing[0]!);
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/cfa/cfa4_missing.nca`);
  await selectPath(page, '/tas');
  // Step to the time index whose fragment is missing: notice and masked cells.
  for (let t = 0; t < tas.shape[0]!; t++) {
    await page.getByTestId('index-time').fill(String(t));
    await page.getByTestId('index-time').press('Enter');
    await expect(page.getByTestId('slice-view')).toHaveAttribute('aria-busy', 'false');
    const notice = page.getByTestId('slice-view').getByRole('status').filter({ hasText: 'could not be read' });
    if ((await notice.count()) > 0) {
      await expect(notice).toContainText(gone);
      return;
    }
  }
  throw new Error(`no time step showed the missing fragment ${gone}`);
});
