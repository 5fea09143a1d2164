/**
 * The Code button: the xarray snippet it shows runs under Debian python3-xarray and returns the values the view
 * shows (its CSV export); the zarr-python snippet returns the stored numbers (its NPY export). Python is required:
 * without it the test fails with the install command (`npm test` installs it when root).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pythonProblem, runSnippet } from '../../src/code/python-env';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath, openMore } from './helpers';

function near(got: readonly number[], want: readonly number[]) {
  expect(got.length).toBe(want.length);
  const bad = got.findIndex((x, i) => {
    const y = want[i] ?? NaN;
    return Number.isNaN(x) || Number.isNaN(y)
      ? Number.isNaN(x) !== Number.isNaN(y)
      : Math.abs(x - y) > 1e-6 * Math.max(1, Math.abs(y));
  });
  expect(bad, `first difference at ${bad}: ${got[bad]} vs ${want[bad]}`).toBe(-1);
}

test('the Code snippets reproduce the view: xarray = the CSV export, zarr-python = the NPY export', async ({
  page,
}) => {
  expect(pythonProblem()).toBeNull();
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/public/demo/cf-demo.zarr`);
  await selectPath(page, '/air');
  await page.getByTestId('index-time').fill('7');
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', /\d/);
  await expect(page.getByText('Loading slice')).toHaveCount(0);

  await openMore(page);
  await page.getByRole('button', { name: 'Code' }).click();
  const xarray = await page.getByTestId('code-xarray').innerText();
  expect(xarray).toContain(`xr.open_zarr(\n    "${STATIC_URL}/public/demo/cf-demo.zarr",`);
  expect(xarray).toContain('.isel({"time": 7})');
  await expect(page.getByTestId('code-cli')).toHaveText(
    `npx zarrview dump -v /air ${STATIC_URL}/public/demo/cf-demo.zarr`,
  );

  const [csvDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csv = readFileSync((await csvDl.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  const shown = csv.slice(1).flatMap((line) =>
    line
      .split(',')
      .slice(1)
      .map((c) => (c === '' ? NaN : Number(c))),
  );
  near(await runSnippet(xarray), shown);

  const [npyDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-npy').click()]);
  const buf = readFileSync((await npyDl.path())!);
  const hlen = buf.readUInt16LE(8);
  expect(buf.subarray(10, 10 + hlen).toString('latin1')).toContain("'descr': '<i2'");
  const stored = Array.from(new Int16Array(buf.buffer.slice(buf.byteOffset + 10 + hlen, buf.byteOffset + buf.length)));
  near(await runSnippet(await page.getByTestId('code-zarr').innerText()), stored);
});

test('the Code of a HEALPix Map gives healpy lines, and of a mesh Map matplotlib and uxarray lines, in the Map’s colours', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/global-grids/healpix-ring.nc`);
  await selectPath(page, '/pattern');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-grid', 'healpix');
  await page.getByTestId('colormap').selectOption('magma');
  await openMore(page);
  await page.getByRole('button', { name: 'Code' }).click();
  await expect(page.getByRole('region', { name: 'Map (healpy)' })).toBeVisible();
  const healpy = await page.getByTestId('code-map').innerText();
  expect(healpy).toContain(`"${STATIC_URL}/fixtures/global-grids/healpix-ring.nc"`);
  expect(healpy).toContain('hp.cartview(m, nest=False, flip="geo"');
  expect(healpy).toContain('cmap="magma"');

  await openUrl(page, `${STATIC_URL}/fixtures/meshes/ugrid.nc`);
  await selectPath(page, '/zeta');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-grid', 'mesh');
  if ((await page.getByTestId('code-panel').count()) === 0) {
    await openMore(page);
    await page.getByRole('button', { name: 'Code' }).click();
  }
  await expect(page.getByRole('region', { name: 'Map (matplotlib)' })).toBeVisible();
  const mesh = await page.getByTestId('code-map').innerText();
  expect(mesh).toContain('pc = PolyCollection(polygons, array=values[cells], cmap="magma"');
  expect(mesh).toContain('nodes -= 1  # start_index 1');
  const ux = await page.getByTestId('code-uxarray').innerText();
  const file = `"${STATIC_URL}/fixtures/meshes/ugrid.nc"`;
  expect(ux).toContain(`uxds = ux.open_dataset(${file}, ${file})`);
  expect(ux).toContain('# Needs uxarray');
});
