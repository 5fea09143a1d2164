/**
 * The Code panel of a joined dataset (src/code/join-snippets.ts, whose values src/code/join-snippets.test.ts checks
 * under python3): a glob of fixtures/aggregate's mixed set in s3rver gives xarray's open_mfdataset over the members
 * joined, in the viewer's order (expected.json, from xarray), without the two left out, with the view's selection.
 */
import { expect, test } from '@playwright/test';
import { BUCKET, S3_URL } from '../harness/ports';
import { AGGREGATE_EXPECTED } from '../../src/aggregate/testing/expected';
import { openMore, openUrl, selectPath } from './helpers';

test('the Code panel of a glob join gives open_mfdataset over the members joined, in order, and the selection', async ({
  page,
}) => {
  const e = AGGREGATE_EXPECTED.mixed!;
  await page.goto('/');
  await openUrl(page, `${S3_URL}/${BUCKET}/fixtures/aggregate/mixed/*.nc#mode=s3`);
  await expect(page.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await selectPath(page, '/sst');
  await openMore(page);
  await page.getByRole('button', { name: 'Code' }).click();
  const code = await page.getByTestId('code-xarray').innerText();
  expect(code).toContain('xr.open_mfdataset(');
  expect(code).toContain(`concat_dim="${e.join.dimension}"`);
  expect(code).toContain('engine="h5netcdf"');
  const listed = [...code.matchAll(/"s3:\/\/[^"]+\/([^"/]+)",/g)].map((m) => m[1]);
  expect(listed).toEqual(e.members);
  for (const name of e.left_out) expect(code).not.toContain(name);
  expect(code).toContain(`"${e.join.dimension}": 0`);
});
