/**
 * The generated code runs under Debian python3-xarray / zarr-python against a store served over HTTP and gives the
 * values the viewer shows (the same read and CF decoding the UI's slice store does). Not skipped when Python is
 * missing: it fails with the install command.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../e2e/harness/static-server';
import type { DimSelection } from '../api';
import { decodeSlice, defaultFillFor } from '../cf/index';
import { openDataset } from '../open';
import { findVariable } from '../model/find';
import { pythonProblem, runSnippet } from './python-env';
import { codeForView } from './snippets';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
let server: StaticServer;

beforeAll(async () => {
  // Folder listings (nginx autoindex) let unconsolidated stores be found, as on such a host.
  server = await startStaticServer(ROOT, 0, { autoindex: true });
});
afterAll(async () => {
  await server.stop();
});

function close(a: readonly number[], b: readonly number[]) {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? NaN;
    const y = b[i] ?? NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) expect([i, Number.isNaN(x)]).toEqual([i, Number.isNaN(y)]);
    else expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(y)));
  }
}

const CASES: { name: string; path: string; variable: string; selection: DimSelection[]; stride?: number }[] = [
  {
    name: 'packed CF demo, one time step',
    path: 'public/demo/cf-demo.zarr',
    variable: '/air',
    selection: [5, null, null],
  },
  {
    name: 'packed CF demo, a strided map',
    path: 'public/demo/cf-demo.zarr',
    variable: '/air',
    selection: [2, null, null],
    stride: 3,
  },
  {
    name: 'packed CF demo, a series at a point',
    path: 'public/demo/cf-demo.zarr',
    variable: '/air',
    selection: [null, 10, 20],
  },
  {
    name: 'xarray packing with a masked value',
    path: 'fixtures/xarray/cf-packed.zarr',
    variable: '/air',
    selection: [1, null, null],
  },
  {
    name: 'NCZarr variable in a group',
    path: 'fixtures/netcdf-c-4.9.3/nczarr-file/groups.file',
    variable: '/forecast/anomaly',
    selection: [null, 0, null],
  },
  {
    name: 'a netCDF-4 file read in place, a variable in a group',
    path: 'fixtures/netcdf4/ncgen/groups.nc4.nc',
    variable: '/forecast/anomaly',
    selection: [1, null, null],
  },
  {
    name: 'a netCDF-4 file from xarray, packed, one time step',
    path: 'fixtures/netcdf4/xarray/netcdf4.nc',
    variable: '/t2m',
    selection: [1, null, null],
  },
  {
    name: 'a netCDF-3 file from xarray (scipy), packed',
    path: 'fixtures/netcdf4/xarray/scipy.nc',
    variable: '/t2m',
    selection: [2, null, null],
  },
  {
    name: 'a variable in a group named 3 (a pyramid level)',
    path: 'fixtures/digit-names/pyramid.zarr',
    variable: '/3/tas',
    selection: [null, null],
  },
  {
    name: 'an array named 2 (an OME-Zarr level)',
    path: 'fixtures/digit-names/ome-image.zarr',
    variable: '/2',
    selection: [3, null],
  },
  {
    name: 'an array named 1 beside a group named 0, unconsolidated',
    path: 'fixtures/digit-names/mixed.zarr',
    variable: '/1',
    selection: [null],
  },
  {
    name: 'an array named 0.0 in a group named g 1',
    path: 'fixtures/digit-names/names-consolidated.zarr',
    variable: '/g 1/0.0',
    selection: [null],
  },
];

describe('code for this view', () => {
  it('Python and its packages are installed', () => {
    expect(pythonProblem()).toBeNull();
  });

  it.each(CASES)(
    "$name: xarray and zarr-python give the view's values",
    async ({ path: p, variable, selection, stride }) => {
      const url = `${server.url}/${p}`;
      const ds = await openDataset({ kind: 'url', url });
      const v = findVariable(ds.model.root, variable);
      expect(v).toBeDefined();
      const slice = await ds.read(variable, selection, { stride });
      const shown = decodeSlice(slice, { defaultFill: defaultFillFor(ds.model.dialect) });
      const code = codeForView({ location: ds.location, dataset: ds.model, variable: v!, selection, stride });
      // xarray opens the store itself when it can list it and knows the array's dimension names.
      const byXarray = ds.model.dialect.consolidated && !v!.dimensions.some((d) => d.anonymous);
      if (ds.model.format) expect(code.xarray).toContain('xr.open_dataset(f, engine=');
      else expect(code.xarray).toContain(byXarray ? 'ds = xr.open_zarr(' : 'zarr.open_array(store, path=');
      close(await runSnippet(code.xarray), Array.from(shown.values));
      const raw = Array.from(slice.data as ArrayLike<number>, Number);
      close(await runSnippet(code.zarr), raw);
      const rawCode = codeForView({
        location: ds.location,
        dataset: ds.model,
        variable: v!,
        selection,
        stride,
        raw: true,
      });
      close(await runSnippet(rawCode.xarray), raw);
    },
  );
});

describe('snippet text', () => {
  const ds = {
    dialect: { zarrFormat: 2, nczarr: null, xarray: true, consolidated: false },
    root: { name: '', path: '/', attributes: [], dimensions: [], variables: [], groups: [], problems: [] },
    name: 'x',
    problems: [],
  } as const;
  const v = { path: '/g/t"x', name: 't"x', dimensions: [{ name: "ti'me" }, { name: 'y' }], shape: [3, 4] } as never;

  it('S3: anonymous access and the endpoint, never credentials; names are Python string literals', () => {
    const c = codeForView({
      location: 'http://127.0.0.1:9000/bucket/data.zarr#mode=zarr,s3',
      dataset: ds as never,
      variable: v,
      selection: [1, null],
    });
    expect(c.xarray).toContain('"s3://bucket/data.zarr"');
    expect(c.xarray).toContain(
      'storage_options={"anon": True, "client_kwargs": {"endpoint_url": "http://127.0.0.1:9000"}}',
    );
    expect(c.xarray).toContain('group="g"');
    expect(c.xarray).toContain('ds["t\\"x"].isel({"ti\'me": 1})');
    expect(c.zarr).toContain('a = root["g/t\\"x"]');
    expect(c.zarr).toContain('values = a[1, :]');
    expect(c.cli).toBe(`npx zarrview dump -v '/g/t"x' 'http://127.0.0.1:9000/bucket/data.zarr#mode=zarr,s3'\n`);
    const signed = codeForView({
      location: 's3://bucket/data.zarr',
      dataset: ds as never,
      variable: v,
      selection: [1, null],
      signed: true,
    });
    expect(signed.xarray).not.toContain('anon');
    expect(signed.xarray).toMatch(/# Credentials: s3fs reads them from the environment/);
  });
});
