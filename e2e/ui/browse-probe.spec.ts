/**
 * A file whose name does not say what it is shows what its first bytes say once it is selected: fixtures/listing/
 * kinds/ (scripts/fixtures/make-listing.py: a netCDF-4 file named `.dat`, netCDF-3 files without an extension, a
 * text file) listed from the bucket; each selected file is read with one Range request, once, and a file never
 * selected is never read. The kinds expected are the data models netCDF4-python read back (kinds.json).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL } from '../harness/ports';

const PREFIX = `${S3_URL}/${BUCKET}/fixtures/listing/kinds/`;
const READ = JSON.parse(readFileSync('fixtures/listing/kinds.json', 'utf8')) as Record<string, string | null>;
/** How the listing names each data model netCDF4-python reports. */
const LABEL: Record<string, string> = {
  NETCDF4: 'netCDF-4/HDF5',
  NETCDF3_CLASSIC: 'netCDF-3 classic',
  NETCDF3_64BIT_OFFSET: 'netCDF-3 64-bit offset',
  NETCDF3_64BIT_DATA: 'CDF-5',
};
const labelOf = (name: string) => (READ[name] ? LABEL[READ[name]!]! : 'not a dataset');

const rowNamed = (page: Page, name: string) =>
  page.getByTestId('browse-row').filter({ has: page.getByRole('button', { name, exact: true }) });

test('a selected file shows the kind its first bytes say, read once with one Range request', async ({ page }) => {
  const ranges = new Map<string, number>();
  page.on('request', (r) => {
    if (r.method() !== 'GET' || !r.headers()['range'] || !r.url().startsWith(PREFIX)) return;
    const name = decodeURIComponent(new URL(r.url()).pathname.split('/').pop()!);
    ranges.set(name, (ranges.get(name) ?? 0) + 1);
  });
  // One file's first bytes are refused: the row says so and the list goes on.
  await page.route(`${PREFIX}offset-run`, (route) =>
    route.request().headers()['range'] ? route.fulfill({ status: 500, body: 'no' }) : route.continue(),
  );
  await page.goto('/');
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(`${PREFIX}#mode=s3`);
  await field.press('Enter');
  await expect(page.getByTestId('browse-row')).toHaveCount(5);
  // By name, all five are plain files; nothing has been read.
  for (const name of Object.keys(READ))
    await expect(rowNamed(page, name).getByTestId('browse-kind')).toHaveText('file');
  await page.waitForTimeout(500);
  expect([...ranges]).toEqual([]);

  // Selected by a click on the row, then by the arrow keys: classic-run, model-output.dat, notes.dat.
  await rowNamed(page, 'classic-run').getByTestId('browse-kind').click();
  await expect(rowNamed(page, 'classic-run').getByTestId('browse-kind')).toHaveText(labelOf('classic-run'));
  await page.keyboard.press('ArrowDown');
  const nc4 = rowNamed(page, 'model-output.dat').getByTestId('browse-kind');
  await expect(nc4).toHaveText(labelOf('model-output.dat'));
  await expect(nc4).toHaveAttribute('aria-description', `Kind from its first bytes: ${labelOf('model-output.dat')}.`);
  await expect(rowNamed(page, 'model-output.dat')).toHaveAttribute('data-kind', 'netcdf4');
  await page.keyboard.press('ArrowDown');
  await expect(rowNamed(page, 'notes.dat').getByTestId('browse-kind')).toHaveText(labelOf('notes.dat'));
  // Back over them: each was read once.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(500);
  expect(Object.fromEntries(ranges)).toEqual({ 'classic-run': 1, 'model-output.dat': 1, 'notes.dat': 1 });
  // Never selected, never read: still by name.
  await expect(rowNamed(page, 'cdf5-run').getByTestId('browse-kind')).toHaveText('file');
  await expect(rowNamed(page, 'offset-run').getByTestId('browse-kind')).toHaveText('file');

  // A probe that fails says so in its row; the others stay, and the list still answers the keys.
  await rowNamed(page, 'offset-run').getByTestId('browse-kind').click();
  await expect(rowNamed(page, 'offset-run').getByTestId('browse-probe-error')).toBeVisible();
  await expect(rowNamed(page, 'offset-run').getByTestId('browse-kind')).toHaveAttribute(
    'aria-description',
    /could not be read/,
  );
  await rowNamed(page, 'cdf5-run').getByTestId('browse-kind').click();
  await expect(rowNamed(page, 'cdf5-run').getByTestId('browse-kind')).toHaveText(labelOf('cdf5-run'));
  await page.waitForTimeout(300);
  expect(ranges.get('cdf5-run')).toBe(1);
});
