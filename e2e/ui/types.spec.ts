import { expect, test } from '@playwright/test';
import { column, expectedValues, fixtureS3Url, fixtureUrl, openUrl, selectPath } from './helpers';

test('integers of every width show their stored values exactly; _FillValue cells are masked', async ({ page }) => {
  const name = 'netcdf-c-4.9.3/nczarr-file/types';
  const ref = expectedValues(name);
  await page.goto('/');
  await openUrl(page, fixtureUrl(name));
  for (const v of ['/v_int64', '/v_uint64', '/v_int', '/v_ubyte', '/v_short', '/v_uint']) {
    await selectPath(page, v);
    await page.getByTestId('view-matrix').click();
    const a = ref[v]!;
    const want = a.values.map((x) => (String(x) === String(a.fill_value) ? '' : String(x)));
    await expect.poll(() => column(page, want.length), { message: v }).toEqual(want);
  }
});

test('text and complex values show as stored', async ({ page }) => {
  const name = 'zarr-python/dtypes-extra';
  const ref = expectedValues(name);
  await page.goto('/');
  await openUrl(page, fixtureS3Url(name));
  for (const v of ['/vlen_utf8', '/unicode_U4']) {
    await selectPath(page, v);
    await expect.poll(() => column(page, ref[v]!.values.length), { message: v }).toEqual(ref[v]!.values.map(String));
  }
  await selectPath(page, '/c8');
  const [re, im] = ref['/c8']!.values[0] as unknown as [number, number];
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', `${re}+${im}j`);
});
