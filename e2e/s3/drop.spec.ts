/**
 * Local data: zips dropped on the page (a real `drop` event whose DataTransfer carries the file's bytes, read
 * here from the committed fixture) — a netcdf-c NCZarr zip (top folder named after the file) and a zarr-python
 * ZipStore (keys at the root) — and a dataset folder. A script cannot put a directory entry into a
 * DataTransfer (webkitGetAsEntry() only ever returns file entries for script-made items), so the folder goes
 * through the folder picker (`webkitdirectory`), which yields the same `folder` source.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, expectedValues, selectPath } from '../ui/helpers';
import { expectMatrixMatches, fixture } from './helpers';

async function dropFile(page: Page, file: string): Promise<void> {
  const b64 = readFileSync(path.join(ROOT, file)).toString('base64');
  const name = path.basename(file);
  const dt = await page.evaluateHandle(
    ([data, fileName]) => {
      const bin = atob(data!);
      const d = new DataTransfer();
      d.items.add(new File([Uint8Array.from(bin, (c) => c.charCodeAt(0))], fileName!, { type: 'application/zip' }));
      return d;
    },
    [b64, name],
  );
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: dt });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dt });
}

async function checkVariable(page: Page, name: string, variable: string, min: number): Promise<void> {
  await selectPath(page, variable);
  await page.getByTestId('view-matrix').click();
  expect(await expectMatrixMatches(page, expectedValues(name)[variable]!)).toBeGreaterThan(min);
}

test('dropping a netcdf-c NCZarr zip opens it with the reference values', async ({ page }) => {
  const name = 'netcdf-c-4.9.3/nczarr-zip/compression';
  await page.goto('/');
  await dropFile(page, fixture(name).path);
  await expect(page.locator('.dataset-name')).toHaveText('compression');
  await checkVariable(page, name, '/zstd', 20);
  await checkVariable(page, name, '/blosc_zstd_bitshuffle', 20);
  await checkVariable(page, name, '/big_endian', 20);
});

test('dropping a zarr-python ZipStore (keys at the zip root) opens it with the reference values', async ({ page }) => {
  const name = 'zarr-python/zipstore';
  await page.goto('/');
  await dropFile(page, fixture(name).path);
  await expect(page.locator('.dataset-name')).toHaveText('zipstore');
  await checkVariable(page, name, '/temperature', 20);
  await checkVariable(page, name, '/sub/counts', 5);
});

test('a dataset folder (folder picker) opens with the reference values', async ({ page }) => {
  const name = 'zarr-python/layout';
  await page.goto('/');
  await page.getByTestId('folder-input').setInputFiles(path.join(ROOT, fixture(name).path));
  await expect(page.locator('.dataset-name')).toHaveText('layout');
  await checkVariable(page, name, '/nested/slash_F', 20);
  await checkVariable(page, name, '/order_C_f8', 20);
});

test('dropping something that is not a zip dataset says so', async ({ page }) => {
  await page.goto('/');
  await dropFile(page, 'fixtures/index.json');
  await expect(page.getByTestId('error-message')).toContainText('index.json is not a zip file');
});
