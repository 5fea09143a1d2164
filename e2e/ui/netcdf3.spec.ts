/**
 * netCDF-3 files read in place in the browser (fixtures/netcdf3/): dropped on the page (read with Blob.slice), at
 * an HTTP URL (no Zarr metadata there: read by Range), and over S3 (s3rver) with and without `#mode=bytes`. The CDL tab shows ncdump's
 * `-h` output of the file, and the matrix netCDF4-python's values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';
import { ROOT, cellValue, openUrl, selectPath, showMetadata } from './helpers';

const FILE = 'fixtures/netcdf3/classic/pres_temp_4D.nc';

async function dropFile(page: Page, file: string): Promise<void> {
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
}

/** The CDL tab is ncdump's `-h`; `/pressure`'s first field is netCDF4-python's values. */
async function expectFile(page: Page): Promise<void> {
  await expect(page.locator('.dataset-name')).toHaveText('pres_temp_4D');
  const want = readFileSync(path.join(ROOT, FILE.replace(/\.nc$/, '.h.cdl')), 'utf8').trim();
  await showMetadata(page);
  await page.getByRole('tab', { name: 'CDL' }).click();
  await expect.poll(async () => ((await page.getByTestId('cdl-text').textContent()) ?? '').trim()).toBe(want);
  const values = (
    JSON.parse(readFileSync(path.join(ROOT, FILE.replace(/\.nc$/, '.values.json')), 'utf8')) as {
      arrays: Record<string, { values: number[] }>;
    }
  ).arrays['/pressure']!.values;
  await selectPath(page, '/pressure');
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toBeVisible({ timeout: 30_000 });
  for (const [r, c] of [
    [0, 0],
    [1, 2],
    [3, 1],
  ] as const)
    expect(Number(await cellValue(page, r, c))).toBe(values[r * 12 + c]);
}

test('a dropped netCDF-3 file opens as ncdump shows it', async ({ page }) => {
  await page.goto('/');
  await dropFile(page, FILE);
  await expectFile(page);
});

test('a netCDF-3 file at an HTTP URL opens by range requests', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/${FILE}`);
  await expectFile(page);
});

test('a netCDF-3 file over S3 opens by range requests once the Zarr probe finds nothing', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${S3_URL}/${BUCKET}/${FILE}#mode=s3`);
  await expectFile(page);
});

test('a netCDF-3 file over S3 with #mode=bytes opens by range requests at once', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${S3_URL}/${BUCKET}/${FILE}#mode=bytes,s3`);
  await expectFile(page);
});
