/**
 * An unconsolidated group with 1,050 arrays over the S3 protocol: its ListObjectsV2 listing (prefix, delimiter `/`)
 * has more than 1,000 entries, so it comes in pages; arrays found only on the second page open with the reference
 * values. (The harness lists as AWS does, counting common prefixes against max-keys: see src/store/testing/s3rver-child.mjs.)
 */
import { expect, test } from '@playwright/test';
import { BUCKET, S3_URL } from '../harness/ports';
import { cellValue, expectedValues, fixtureS3Url, openUrl, selectPath } from '../ui/helpers';
import { fixture } from './helpers';

const NAME = 'zarr-python/many-arrays';

test('a listing of more than 1,000 entries is read page by page; arrays from the last page open', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const ref = expectedValues(NAME);
  const names = Object.keys(ref).sort();
  expect(names.length).toBe(1050);
  const last = names[names.length - 1]!;
  // The server side first: the first page is truncated at 1,000 entries and does not hold the last array.
  const prefix = `${fixture(NAME).path}/`;
  const first = await (
    await fetch(`${S3_URL}/${BUCKET}?list-type=2&delimiter=%2F&prefix=${encodeURIComponent(prefix)}`)
  ).text();
  expect(first).toContain('<IsTruncated>true</IsTruncated>');
  expect(first.match(/<CommonPrefixes>/g)?.length ?? 0).toBeLessThanOrEqual(1000);
  expect(first).not.toContain(`${prefix}${last.slice(1)}/`);

  const urls: string[] = [];
  context.on('request', (r) => void urls.push(r.url()));
  await page.goto('/');
  // 1,050 arrays without consolidated metadata: 2,100 metadata objects to read before the tree shows.
  const t0 = Date.now();
  await openUrl(page, fixtureS3Url(NAME), 60_000);
  test.info().annotations.push({ type: 'open', description: `tree after ${Date.now() - t0} ms` });
  await page.getByTestId('tree-filter').fill(last.slice(1));
  await selectPath(page, last);
  await page.getByTestId('view-matrix').click();
  const want = ref[last]!.values.map((x) => (String(x) === String(ref[last]!.fill_value) ? '' : String(x)));
  await expect.poll(async () => [await cellValue(page, 0, 0), await cellValue(page, 1, 0)]).toEqual(want);

  const listings = urls.filter((u) => new URL(u).searchParams.get('list-type') === '2');
  const pages = listings.filter((u) => new URL(u).searchParams.has('continuation-token'));
  expect(pages.length).toBeGreaterThanOrEqual(1);
  // Every array of the group is in the tree: the filter finds the first and the last one.
  await page.getByTestId('tree-filter').fill(names[0]!.slice(1));
  await expect(page.locator(`[role=treeitem][data-path="${names[0]}"]`)).toBeVisible();
});
