/**
 * A zip by URL is read by ranges: the central directory, then only the entries a view needs. The static
 * server's request log shows the bytes it sent for the zip: fewer than the file holds. The zip is the largest
 * committed one, which no other spec reads over HTTP.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT, expectedValues, openUrl, selectPath } from '../ui/helpers';
import { expectMatrixMatches, fixture, staticLog, staticLogLength } from './helpers';

test('a zip by URL opens with range reads and reads fewer bytes than its size', async ({ page }, info) => {
  const name = 'netcdf-c-4.9.3/nczarr-zip/compression';
  const zip = fixture(name).path;
  const size = statSync(path.join(ROOT, zip)).size;
  await page.goto('/');
  const mark = await staticLogLength();
  await openUrl(page, `${STATIC_URL}/${zip}#mode=nczarr,zip`);
  await expect(page.locator('.dataset-name')).toHaveText('compression');
  await selectPath(page, '/zstd');
  await page.getByTestId('view-matrix').click();
  expect(await expectMatrixMatches(page, expectedValues(name)['/zstd']!)).toBeGreaterThan(20);

  const log = await staticLog(`/${zip}`, mark);
  const gets = log.filter((e) => e.method === 'GET');
  expect(gets.length).toBeGreaterThan(1);
  // Every GET asked for a byte range and got one (206), none fetched the whole file.
  expect(gets.filter((e) => !e.range || e.status !== 206)).toEqual([]);
  const bytes = log.reduce((a, e) => a + e.bytes, 0);
  info.annotations.push({ type: 'bytes', description: `${bytes} of ${size} bytes in ${log.length} requests` });
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThan(size);
});
