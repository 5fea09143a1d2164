/**
 * netCDF files read in place in Chromium: a netCDF-4 file written by ncgen at a plain HTTP URL (Range requests:
 * only the metadata pages and the chunks a view touches), a netCDF-3 file over S3 with netcdf-c's `#mode=bytes`,
 * a netCDF-4 file from netCDF4-python dropped on the page, and a share link to a variable of a `.nc` URL. The CDL
 * tab equals ncdump main's output; the matrix shows netCDF4-python's values.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';
import { ROOT, cellValue, selectPath, showMetadata } from './helpers';

const NC4 = 'fixtures/netcdf4/ncgen/groups.nc4.nc';

function values(file: string, variable: string): (number | string)[] {
  const json = JSON.parse(readFileSync(path.join(ROOT, `${file}.values.json`), 'utf8')) as {
    arrays: Record<string, { values: (number | string)[] }>;
  };
  return json.arrays[variable]?.values ?? [];
}

async function expectCdl(page: Page, expected: string): Promise<void> {
  const want = readFileSync(path.join(ROOT, expected), 'utf8').trim();
  await showMetadata(page);
  await page.getByRole('tab', { name: 'CDL' }).click();
  await expect.poll(async () => ((await page.getByTestId('cdl-text').textContent()) ?? '').trim()).toBe(want);
}

async function expectMatrix(page: Page, want: readonly (number | string)[], cols: number): Promise<void> {
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toBeVisible({ timeout: 30_000 });
  for (const [r, c] of [
    [0, 0],
    [1, 2],
    [0, cols - 1],
  ] as const)
    expect(Number(await cellValue(page, r, c))).toBe(Number(want[r * cols + c]));
}

async function openUrl(page: Page, url: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(url);
  await field.press('Enter');
  await expect(page.getByRole('tree')).toBeVisible({ timeout: 30_000 });
}

test('a netCDF-4 file at a plain HTTP URL: tree, CDL = ncdump main, a slice read by ranges', async ({ page }) => {
  const ranged: string[] = [];
  const whole: string[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('groups.nc4.nc') || r.method() === 'HEAD') return;
    (r.headers()['range'] ? ranged : whole).push(`${r.method()} ${r.headers()['range'] ?? ''}`);
  });
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/${NC4}`);
  await expectCdl(page, `${NC4}.h.cdl`);
  await selectPath(page, '/temp');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await expectMatrix(page, values(NC4, '/temp'), 5);
  // Everything came by range requests (and a HEAD for the size), none for the whole file.
  expect(ranged.length).toBeGreaterThan(0);
  expect(whole).toEqual([]);
});

test('a netCDF-3 file over S3 with #mode=bytes: CDL = ncdump main and values', async ({ page }) => {
  const file = 'fixtures/netcdf3/classic/c0.nc';
  await page.goto('/');
  await openUrl(page, `${S3_URL}/${BUCKET}/${file}#mode=bytes,s3`);
  await expectCdl(page, file.replace(/\.nc$/, '.h.cdl'));
});

test('a netCDF-4 file from netCDF4-python dropped on the page opens and plots', async ({ page }) => {
  const file = 'fixtures/netcdf4/netcdf4-python/groups-strings.nc';
  expect(statSync(path.join(ROOT, file)).size).toBeGreaterThan(1000);
  await page.goto('/');
  const b64 = readFileSync(path.join(ROOT, file)).toString('base64');
  const dt = await page.evaluateHandle(
    ([data, name]) => {
      const bin = atob(data!);
      const d = new DataTransfer();
      d.items.add(new File([Uint8Array.from(bin, (c) => c.charCodeAt(0))], name!));
      return d;
    },
    [b64, path.basename(file)],
  );
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: dt });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dt });
  await expect(page.getByRole('tree')).toBeVisible({ timeout: 30_000 });
  await expectCdl(page, `${file}.h.cdl`);
  await selectPath(page, '/value');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
});

test('a share link to a variable in a group of a .nc URL reopens it', async ({ page, browser }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/${NC4}`);
  await selectPath(page, '/forecast/anomaly');
  await expect(page).toHaveURL(/var=%2Fforecast%2Fanomaly/);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(page.url());
  await expect(fresh.locator('[role=treeitem][data-path="/forecast/anomaly"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(fresh.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await fresh.close();
});
