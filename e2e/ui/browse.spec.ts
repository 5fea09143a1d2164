/**
 * Browsing places (app/browse, src/listing) in Chromium: the GOES-like bucket of fixtures/listing in s3rver down to
 * an hour, a file opened and Back to the same place and scroll, each store of a two-store prefix opened alone, a
 * THREDDS dataset, a STAC asset, a listing's link in a fresh page, and what a refused listing and a folder with no
 * index say. The fixtures are written by scripts/fixtures/make-listing.py.
 */
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL, SIGNED_URL, STATIC_URL } from '../harness/ports';

const S3 = (key: string) => `${S3_URL}/${BUCKET}/fixtures/listing/${key}#mode=s3`;
const FILE = 'OR_ABI-L2-CMIPF-M6C13_G16_s20240010000204_e20240010009504_c20240010010304.nc';

async function paste(page: Page, url: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(url);
  await field.press('Enter');
}

const rowNamed = (page: Page, name: string) =>
  page.getByTestId('browse-row').filter({ has: page.getByRole('button', { name, exact: true }) });

test('browse the bucket down to an hour, open a file, Back returns to the listing', async ({ page }) => {
  await page.goto('/');
  // The listing requests of the pasted prefix: the page read to find it is a place is its first page, not read again.
  const lists: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.searchParams.get('list-type') === '2' && u.searchParams.get('prefix') === 'fixtures/listing/goes/')
      lists.push(u.search);
  });
  await paste(page, S3('goes/'));
  await expect(page.getByTestId('browse')).toBeVisible();
  await expect(rowNamed(page, 'ABI-L2-CMIPF/')).toBeVisible();
  expect(lists).toHaveLength(1);
  await rowNamed(page, 'ABI-L2-CMIPF/').getByRole('button').click();
  await rowNamed(page, '2024/').getByRole('button').click();
  await rowNamed(page, '001/').getByRole('button').click();
  await rowNamed(page, '00/').getByRole('button').click();
  await expect(page.getByTestId('browse-here')).toHaveText('00');
  await expect(page.getByTestId('browse-row')).toHaveCount(3);
  await expect(rowNamed(page, FILE)).toHaveAttribute('data-kind', 'netcdf');
  await expect(rowNamed(page, FILE)).toContainText('8.3 KiB');
  await rowNamed(page, FILE).getByRole('button').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await expect(page.locator('[role=treeitem][data-path="/CMI"]')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('browse-here')).toHaveText('00');
  await expect(page.getByTestId('browse-row')).toHaveCount(3);
  // Breadcrumbs up, and the keyboard.
  await page.getByRole('button', { name: '2024', exact: true }).click();
  await expect(page.getByTestId('browse-here')).toHaveText('2024');
  await page.getByTestId('browse-list').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('browse-here')).toHaveText('001');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('browse-here')).toHaveText('2024');
});

test('two stores under one prefix are two entries, each opens as it does alone', async ({ page }) => {
  await page.goto('/');
  await paste(page, S3('stores/'));
  await expect(page.getByTestId('browse-row')).toHaveCount(2);
  await expect(rowNamed(page, 'cf-packed.zarr')).toHaveAttribute('data-kind', 'zarr');
  await expect(rowNamed(page, 'groups.file')).toHaveAttribute('data-kind', 'nczarr');
  await rowNamed(page, 'groups.file').getByRole('button').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await expect(page.locator('[role=treeitem][data-path="/forecast"]')).toBeVisible();
  await expect(page.getByTestId('problems')).toHaveCount(0);
  await page.goBack();
  await rowNamed(page, 'cf-packed.zarr').getByRole('button').click();
  await expect(page.locator('[role=treeitem][data-path="/air"]')).toBeVisible();
});

test('a THREDDS dataset and a STAC asset open; a listing link opens in a fresh page', async ({ page, browser }) => {
  await page.goto('/');
  await paste(page, `${STATIC_URL}/fixtures/listing/thredds/catalog.xml`);
  await rowNamed(page, 'ABI-L2-CMIPF').getByRole('button').click();
  await expect(page.getByTestId('browse-row')).toHaveCount(7);
  await rowNamed(page, FILE).getByRole('button').click();
  await expect(page.locator('[role=treeitem][data-path="/CMI"]')).toBeVisible();

  await paste(page, `${STATIC_URL}/fixtures/listing/stac/catalog.json`);
  await rowNamed(page, 'GOES CMIPF').getByRole('button').click();
  await expect(rowNamed(page, 'store')).toHaveAttribute('data-kind', 'zarr');
  const link = page.url();
  expect(link).toContain('browse=');
  await rowNamed(page, 'store').getByRole('button').click();
  await expect(page.locator('[role=treeitem][data-path="/air"]')).toBeVisible();

  const fresh = await browser.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('browse')).toBeVisible();
  await expect(rowNamed(fresh, 'store')).toBeVisible();
  await fresh.close();
});

test('a bucket that denies listing and a folder without an index say what to do', async ({ page }) => {
  await page.goto('/');
  await paste(page, `${SIGNED_URL}/${BUCKET}/fixtures/listing/stores/#mode=s3`);
  await expect(page.getByTestId('browse-refused')).toContainText(
    /does not allow anonymous listing \(403\): paste the full key of a dataset .* or add credentials/,
  );
  await paste(page, `${STATIC_URL}/fixtures/listing/goes/`);
  await expect(page.getByTestId('browse-refused')).toContainText(
    /cannot be listed .*: paste the URL of a dataset there, or the URL of its catalog/,
  );
});

test('a listing link carries the filter, the sort and the entry selected', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await paste(page, `${STATIC_URL}/fixtures/listing/thredds/catalog.xml`);
  await rowNamed(page, 'ABI-L2-CMIPF').getByRole('button').click();
  await expect(page.getByTestId('browse-row')).toHaveCount(7);
  await page.getByTestId('browse-filter').fill('s2024001');
  await page.getByTestId('browse-sort').selectOption('date');
  await expect(page.getByTestId('browse-row')).toHaveCount(5);
  const rows = page.getByTestId('browse-row');
  // Newest first: the last file of day 1 (01:10) on top; the cursor goes to the third row (00:20).
  await expect(rows.first()).toContainText('s20240010110204');
  await rows.nth(2).locator('.browse-size').click();
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  const order = await rows.locator('.browse-name').allTextContents();
  const here = await page.getByTestId('browse-here').textContent();
  await page.getByTestId('browse-copy-link').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());

  const fresh = await browser.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('browse-here')).toHaveText(here!);
  await expect(fresh.getByTestId('browse-filter')).toHaveValue('s2024001');
  await expect(fresh.getByTestId('browse-sort')).toHaveValue('date');
  await expect(fresh.getByTestId('browse-row')).toHaveCount(5);
  expect(await fresh.getByTestId('browse-row').locator('.browse-name').allTextContents()).toEqual(order);
  const current = fresh.locator('[data-testid=browse-row][aria-current=true]');
  await expect(current).toContainText('s20240010020204');
  await fresh.close();
});
