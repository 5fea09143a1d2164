import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, column, expectedValues, fixtureS3Url, openUrl, selectPath, showMetadata } from './helpers';

// NCZarr over Zarr v3 (seed 2024-04, Appendix E), transformed from netcdf-c 4.9.3 output: the viewer must show
// what ncdump shows for the source, read through the S3 protocol.
const norm = (s: string) =>
  s
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');

for (const cdl of ['groups', 'types']) {
  test(`NCZarr v3 ${cdl}: the CDL tab equals ncdump -h of the source`, async ({ page }) => {
    const name = `transforms/v3/${cdl}`;
    await page.goto('/');
    await openUrl(page, fixtureS3Url(name));
    await showMetadata(page);
    await page.getByRole('tab', { name: 'CDL' }).click();
    const want = readFileSync(path.join(ROOT, 'fixtures/expected', `${name}.h.cdl`), 'utf8');
    await expect.poll(async () => norm((await page.getByTestId('cdl-text').textContent()) ?? '')).toBe(norm(want));
  });
}

test('NCZarr v3: strings (r<bits> + type_alias) and 64-bit integers show as stored', async ({ page }) => {
  const name = 'transforms/v3/types';
  const ref = expectedValues(name);
  await page.goto('/');
  await openUrl(page, fixtureS3Url(name));
  for (const v of ['/v_string', '/v_int64']) {
    await selectPath(page, v);
    await page.getByTestId('view-matrix').click();
    const a = ref[v]!;
    // Cells equal to the fill value are masked (empty), as everywhere else in the viewer. zarr-python dumps the
    // UTF-8 bytes netcdf-c wrote as Latin-1 text; the viewer shows them as UTF-8.
    const text = (x: string) => Buffer.from(x, 'latin1').toString('utf8');
    const want = a.values.map((x) => (x === null || String(x) === String(a.fill_value) ? '' : text(String(x))));
    await expect.poll(() => column(page, want.length), { message: v }).toEqual(want);
  }
});
