import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { cellValue, expectedValues, fixtureS3Url, openUrl, privateFixture, selectPath, showMetadata } from './helpers';

test('hostile names and attributes render as text; javascript: URLs are not links; nothing runs', async ({ page }) => {
  const errors: string[] = [];
  let dialogs = 0;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto('/');
  await openUrl(page, fixtureS3Url('zarr-python/hostile'));
  const items = page.getByRole('treeitem');
  await expect(items.first()).toBeVisible();
  await page.getByRole('tree').focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  const arrayPath = Object.keys(expectedValues('zarr-python/hostile'))[0]!;
  await page.getByTestId('tree-filter').fill('my array');
  await page.locator(`[role=treeitem][data-path="${arrayPath}"]`).click();
  await showMetadata(page);
  await expect(page.getByTestId('overview')).toBeVisible();
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.every((h) => /^https?:\/\//.test(h))).toBe(true);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.locator('[role=treeitem][data-path="/"]').click();
  await expect(page.getByTestId('overview')).toBeVisible();
  expect(await page.locator('script:not([src])').count()).toBe(0);
  expect(await page.locator('img').count()).toBe(0);
  expect(dialogs).toBe(0);
  expect(errors).toEqual([]);
});

test('compare A − B of two same-shape variables', async ({ page }) => {
  const name = 'zarr-python/codecs-common';
  await page.goto('/');
  await openUrl(page, fixtureS3Url(name));
  const ref = expectedValues(name);
  // A float and an int variable of the same shape; fill value 0 masks element (0, 0) of both (Zarr v2 fill).
  const a = '/blosc_lz4_shuffle';
  const b = '/shuffle_zlib';
  expect(ref[a]!.shape).toEqual(ref[b]!.shape);
  await selectPath(page, a);
  await page.getByTestId('compare').selectOption(b);
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', '');
  for (const [r, c] of [
    [0, 1],
    [7, 11],
    [19, 29],
  ] as const) {
    const i = r * 30 + c;
    const want = Math.fround(Number(ref[a]!.values[i])) - Number(ref[b]!.values[i]);
    // The matrix is virtualised: scroll the cell into the rendered window first.
    await page.getByTestId('matrix').evaluate((el, [top, left]) => el.scrollTo(left!, top!), [r * 26, c * 110]);
    await expect.poll(async () => Number(await cellValue(page, r, c))).toBeCloseTo(want, 5);
  }
});

test('a failing server shows the error in place with details; the rest stays usable', async ({ page }) => {
  await page.goto('/');
  // This spec's own copy of a fixture, so the injected faults cannot disturb tests running alongside.
  const own = privateFixture('transforms/keys-upper/groups', 'datasets');
  await openUrl(page, own.url);
  await fetch(`${STATIC_URL}/__control/config?scope=datasets`, {
    method: 'POST',
    body: JSON.stringify({
      latencyMs: 0,
      faults: [{ kind: 'status', status: 500, match: `${own.match}temp/` }],
    }),
  });
  try {
    await selectPath(page, '/temp');
    // The fault hits the chunks, or (lazy open) the metadata read on selection: either way an error in place.
    const err = page.getByTestId('display').getByTestId('error').or(page.getByTestId('metadata-error'));
    await expect(err.or(page.getByText(/could not be read/)).first()).toBeVisible({ timeout: 30_000 });
    await selectPath(page, '/lat');
    await page.getByTestId('view-matrix').click();
    const lat0 = String(expectedValues('transforms/keys-upper/groups')['/lat']!.values[0]);
    await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', lat0);
  } finally {
    await fetch(`${STATIC_URL}/__control/reset?scope=datasets`, { method: 'POST', body: '{}' });
  }
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/does-not-exist.zarr`).catch(() => undefined);
  await expect(page.getByTestId('error')).toBeVisible();
  await page.getByTestId('error').getByText('Details').click();
  await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toBeEditable();
});

test('a tree of 10,000 variables stays virtualised and responsive', async ({ page }) => {
  test.setTimeout(120_000); // writing and reading 20,000 metadata entries takes a while on a busy 2-core machine
  const dir = mkdtempSync(path.join(tmpdir(), 'zv-big-'));
  try {
    const root = path.join(dir, 'big.zarr');
    mkdirSync(root);
    const metadata: Record<string, unknown> = { '.zgroup': { zarr_format: 2 }, '.zattrs': {} };
    for (let i = 0; i < 10_000; i++) {
      metadata[`v${String(i).padStart(5, '0')}/.zarray`] = {
        zarr_format: 2,
        shape: [2],
        chunks: [2],
        dtype: '<f4',
        compressor: null,
        filters: null,
        fill_value: 0,
        order: 'C',
      };
      metadata[`v${String(i).padStart(5, '0')}/.zattrs`] = { _ARRAY_DIMENSIONS: ['x'] };
    }
    writeFileSync(path.join(root, '.zgroup'), JSON.stringify({ zarr_format: 2 }));
    writeFileSync(path.join(root, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata }));
    await page.goto('/');
    await page.getByTestId('folder-input').setInputFiles(root);
    const tree = page.getByRole('tree');
    await expect(tree).toBeVisible({ timeout: 30_000 });
    expect(await page.getByRole('treeitem').count()).toBeLessThan(120);
    await tree.focus();
    await page.keyboard.press('End');
    await expect(page.locator('[role=treeitem][data-path="/v09999"]')).toBeVisible();
    // Still virtualised at the far end: only the rows in view exist. (Speed is for the benchmark, not a test.)
    expect(await page.getByRole('treeitem').count()).toBeLessThan(120);
    await page.keyboard.press('Enter');
    await expect(page.locator('[role=treeitem][data-path="/v09999"]')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('tree-filter').fill('v0500');
    await expect(page.getByRole('treeitem')).toHaveCount(11);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
