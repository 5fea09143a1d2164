/**
 * kerchunk references in Chromium: a version-1 JSON (templates) over plain HTTP and Parquet references over
 * s3rver open as the datasets they describe (tree, plot, zarr-python's values through fsspec's
 * ReferenceFileSystem from fixtures/refs/*.values.json), a share link reopens the variable, and credentials
 * configured for one endpoint are never sent to the hosts a reference set names.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BUCKET, S3_URL, SIGNED_CREDENTIALS, SIGNED_REGION, SIGNED_URL, STATIC_URL } from '../harness/ports';
import { ROOT, type ExpectedArray, openUrl, selectPath } from '../ui/helpers';
import { addAlias, expectMatrixMatches, recordRequests } from './helpers';

function expected(name: string): Record<string, ExpectedArray> {
  const file = path.join(ROOT, 'fixtures/refs', `${name}.values.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { arrays: Record<string, ExpectedArray> }).arrays;
}

test('a reference JSON (version 1, templates) over HTTP: tree, plot, values, share link', async ({ page, browser }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/refs/nc4.templates.json`);
  await selectPath(page, '/temp');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  const link = page.url();
  expect(decodeURIComponent(link)).toContain('nc4.templates.json');
  await page.getByTestId('view-matrix').click();
  expect(await expectMatrixMatches(page, expected('nc4.templates')['/temp']!)).toBeGreaterThan(3);

  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(link);
  await expect(fresh.locator('[role=treeitem][data-path="/temp"]')).toHaveAttribute('aria-selected', 'true');
  await expect(fresh.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  await fresh.close();
});

test('Parquet references over S3: tree, values of a netCDF-3 target', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${S3_URL}/${BUCKET}/fixtures/refs/nc3.parq#mode=refs,s3`);
  const want = expected('nc3.v0');
  const variable = Object.keys(want).find((k) => want[k]!.shape.length === 2) ?? Object.keys(want)[0]!;
  await selectPath(page, variable);
  await page.getByTestId('view-matrix').click();
  expect(await expectMatrixMatches(page, want[variable]!)).toBeGreaterThan(0);
});

test('credentials configured for one endpoint are not sent to the hosts a reference set names', async ({
  page,
  context,
}) => {
  const requests = recordRequests(context);
  await page.goto('/');
  await addAlias(page, {
    name: 'signed',
    url: SIGNED_URL,
    region: SIGNED_REGION,
    accessKeyId: SIGNED_CREDENTIALS.accessKeyId,
    secretAccessKey: SIGNED_CREDENTIALS.secretAccessKey,
  });
  await openUrl(page, `${STATIC_URL}/fixtures/refs/nc4.v1.json`);
  await selectPath(page, '/temp');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  await requests.settle();
  const toTargets = requests.list.filter((r) => r.url.startsWith(`${STATIC_URL}/fixtures/refs/`));
  expect(toTargets.length).toBeGreaterThan(1);
  for (const r of toTargets) {
    expect(r.headers.authorization, r.url).toBeUndefined();
    expect(JSON.stringify(r.headers)).not.toContain(SIGNED_CREDENTIALS.accessKeyId);
  }
  expect(requests.list.filter((r) => r.url.startsWith(new URL(SIGNED_URL).origin))).toEqual([]);
});
