/**
 * `s3://alias/bucket/key` against s3rver, the alias defined in the Endpoints dialog: path style
 * (`<endpoint>/bucket/key`) and virtual-host style (`bucket.<endpoint host>/key`; s3rver serves bucket `b` as
 * `b.s3.localhost`). Three datasets: an unconsolidated pure Zarr with 1,100 chunk keys whose hierarchy is
 * found by ListObjectsV2, a consolidated one (no listing at all), and NCZarr written by netcdf-c.
 */
import { expect, test } from '@playwright/test';
import { BUCKET, S3_PORT, S3_URL, S3_VHOST_URL } from '../harness/ports';
import { expectedValues, openUrl, selectPath } from '../ui/helpers';
import { addAlias, aliasUrl, expectMatrixMatches, recordRequests } from './helpers';

const STYLES = [
  { style: 'path', url: S3_URL, virtualHost: false, host: `127.0.0.1:${S3_PORT}`, bucketInPath: true },
  {
    style: 'virtual-host',
    url: S3_VHOST_URL,
    virtualHost: true,
    host: `${BUCKET}.s3.localhost:${S3_PORT}`,
    bucketInPath: false,
  },
] as const;

for (const s of STYLES) {
  test(`s3://alias/… in ${s.style} style: unconsolidated (listing), consolidated and NCZarr datasets show the reference values`, async ({
    page,
    context,
  }, info) => {
    test.setTimeout(120_000);
    const requests = recordRequests(context);
    await page.goto('/');
    await addAlias(page, { name: 'local', url: s.url, virtualHost: s.virtualHost });

    // 1. Unconsolidated pure Zarr, 1,100 chunk keys: the tree comes from ListObjectsV2 listings.
    const many = 'zarr-python/many-keys';
    let mark = requests.list.length;
    await openUrl(page, aliasUrl('local', BUCKET, many));
    await selectPath(page, '/tiles/cells');
    await page.getByTestId('view-matrix').click();
    const ref = expectedValues(many)['/tiles/cells']!;
    expect(await expectMatrixMatches(page, ref)).toBeGreaterThan(5);
    expect(await expectMatrixMatches(page, ref, [(ref.shape[0]! - 1) * 26, 0])).toBeGreaterThan(5);
    await requests.settle();
    const s3 = (from: number) => requests.list.slice(from).filter((r) => new URL(r.url).host === s.host);
    const opened = s3(mark);
    const listings = opened.filter((r) => new URL(r.url).searchParams.get('list-type') === '2');
    expect(listings.length).toBeGreaterThan(0);
    const pages = listings.filter((r) => new URL(r.url).searchParams.has('continuation-token')).length;
    // Each group folder of this dataset fits in one listing page (pagination: pagination.spec.ts).
    info.annotations.push({
      type: 'listing',
      description: `${listings.length} ListObjectsV2 requests, ${pages} continuation pages`,
    });
    // Path style names the bucket in the path (objects and listings); virtual-host style only in the host.
    const inPath = (r: { url: string }) => /^\/zarrview(\/|$)/.test(new URL(r.url).pathname);
    expect(opened.filter((r) => inPath(r) !== s.bucketInPath).map((r) => r.url)).toEqual([]);
    expect(requests.list.slice(mark).some((r) => r.url.includes(`:${S3_PORT}`) && new URL(r.url).host !== s.host)).toBe(
      false,
    );

    // 2. Consolidated (.zmetadata): no listing; F-order chunks.
    const layout = 'zarr-python/layout';
    mark = requests.list.length;
    await openUrl(page, aliasUrl('local', BUCKET, layout));
    await selectPath(page, '/order_F');
    await page.getByTestId('view-matrix').click();
    expect(await expectMatrixMatches(page, expectedValues(layout)['/order_F']!)).toBeGreaterThan(10);
    await selectPath(page, '/nested/slash_C');
    await page.getByTestId('view-matrix').click();
    expect(await expectMatrixMatches(page, expectedValues(layout)['/nested/slash_C']!)).toBeGreaterThan(10);
    await requests.settle();
    expect(s3(mark).filter((r) => r.url.includes('list-type=2'))).toEqual([]);
    expect(s3(mark).some((r) => r.url.endsWith('/.zmetadata'))).toBe(true);

    // 3. NCZarr (netcdf-c 4.9.3): groups, shared dimensions, fill values.
    const groups = 'netcdf-c-4.9.3/nczarr-file/groups';
    await openUrl(page, aliasUrl('local', BUCKET, groups));
    await selectPath(page, '/temp');
    await page.getByTestId('view-matrix').click();
    expect(await expectMatrixMatches(page, expectedValues(groups)['/temp']!)).toBeGreaterThan(10);
    await selectPath(page, '/forecast/surface/series');
    await page.getByTestId('view-matrix').click();
    expect(await expectMatrixMatches(page, expectedValues(groups)['/forecast/surface/series']!)).toBeGreaterThan(3);
    await expect(page.locator('.dataset-name')).toHaveText('groups');
  });
}
