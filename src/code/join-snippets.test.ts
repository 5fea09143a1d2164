/**
 * The code of a joined dataset's view runs under Debian python3 (xarray's open_mfdataset, h5netcdf, scipy, zarr,
 * fsspec, aiohttp) against fixtures/aggregate served over HTTP and gives the values the viewer shows for the same
 * selection: netCDF-4 members with two left out, netCDF-3 members ordered by their times, Zarr stores, GOES-like
 * files stacked along their scalar `t`; over the listed count, the glob (filtered of the members left out, ordered
 * by the joined coordinate). A join of 1,000 members is not a snippet of 1,000 lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../e2e/harness/static-server';
import { joinDescriptionOf, type JoinDescription } from '../aggregate/described';
import { openJoinLocation } from '../aggregate/remote';
import { AGGREGATE_DIR } from '../aggregate/testing/expected';
import type { DimSelection } from '../api';
import { decodeSlice, defaultFillFor } from '../cf/index';
import { findVariable } from '../model/find';
import { runSnippet } from './python-env';
import { joinSnippets } from './join-snippets';
import { codeForView } from './snippets';

let server: StaticServer;
beforeAll(async () => {
  server = await startStaticServer(AGGREGATE_DIR, 0, { autoindex: true });
});
afterAll(() => server?.stop());

function close(a: readonly number[], b: readonly number[]) {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? NaN;
    const y = b[i] ?? NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) expect([i, Number.isNaN(x)]).toEqual([i, Number.isNaN(y)]);
    else expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(y)));
  }
}

const CASES: {
  name: string;
  glob: string;
  variable: string;
  selection: DimSelection[];
  call: string;
  listUpTo?: number;
}[] = [
  {
    name: 'netCDF-4 members, two left out: a series across members',
    glob: 'mixed/*.nc',
    variable: '/sst',
    selection: [null, 1, 2],
    call: 'concat_dim="time"',
  },
  {
    name: 'netCDF-3 members ordered by their times: one step past a member boundary',
    glob: 'daily/*.nc',
    variable: '/tas',
    selection: [5, null, null],
    call: 'engine="scipy"',
  },
  {
    name: 'Zarr stores: a range across months',
    glob: 'monthly/*.zarr',
    variable: '/pr',
    selection: [{ start: 25, stop: 70 }, null, null],
    call: 'engine="zarr"',
  },
  {
    name: 'GOES-like files stacked along their scalar t',
    glob: 'goes/ABI-L2-CMIPC/2024/001/*/*.nc',
    variable: '/CMI',
    selection: [null, 2, 3],
    call: 'concat_dim="t"',
  },
  {
    name: 'over the listed count: the glob, the members left out filtered, ordered by the coordinate',
    glob: 'mixed/*.nc',
    variable: '/sst',
    selection: [{ start: 1, stop: 7 }, null, 0],
    call: 'combine="by_coords"',
    listUpTo: 2,
  },
  {
    name: 'over the listed count, stacked: the glob, each member given its t dimension',
    glob: 'goes/ABI-L2-CMIPC/2024/001/00/*.nc',
    variable: '/CMI',
    selection: [null, 0, 0],
    call: 'expand_dims("t")',
    listUpTo: 2,
  },
  {
    name: 'over the listed count, a glob with patterns in its folders over HTTP: the names a few to a line',
    glob: 'goes/ABI-L2-CMIPC/2024/*/*/*.nc',
    variable: '/CMI',
    selection: [{ start: 1, stop: 5 }, 1, null],
    call: 'urls = [folder + name for name in names]',
    listUpTo: 2,
  },
];

describe('code for a view of a joined dataset', () => {
  it.each(CASES)("$name: open_mfdataset gives the view's values", async (c) => {
    const { complete } = await openJoinLocation(`${server.url}/${c.glob}`);
    const ds = await complete;
    const join = joinDescriptionOf(ds)!;
    expect(join).toBeDefined();
    const v = findVariable(ds.model.root, c.variable)!;
    const slice = await ds.read(c.variable, c.selection);
    const shown = decodeSlice(slice, { defaultFill: defaultFillFor(ds.model.dialect) });
    const input = { location: ds.location, dataset: ds.model, variable: v, selection: c.selection, join };
    const code =
      c.listUpTo === undefined
        ? codeForView(input)
        : joinSnippets({
            join,
            variable: v,
            selection: c.selection,
            stride: 1,
            raw: false,
            target: (url) => ({ url: url.split('#')[0]!, storageOptions: null, notes: [] }),
            listUpTo: c.listUpTo,
          });
    expect(code.xarray).toContain('xr.open_mfdataset(');
    expect(code.xarray).toContain(c.call);
    for (const left of join.leftOut) expect(code.xarray).not.toContain(`"${left}"`);
    close(await runSnippet(code.xarray, 120_000), Array.from(shown.values));
    if (c.listUpTo === undefined) {
      const raw = codeForView({ ...input, raw: true });
      close(await runSnippet(raw.xarray, 120_000), Array.from(slice.data as ArrayLike<number>, Number));
    }
    ds.close();
  });

  it('a join of 1,000 members is not a snippet of 1,000 lines', () => {
    const v = {
      path: '/tas',
      name: 'tas',
      dimensions: [{ name: 'time' }, { name: 'y' }],
      shape: [1000, 4],
    } as never;
    const members = Array.from({ length: 1000 }, (_, i) => `https://host/run/day-${String(i).padStart(4, '0')}.nc`);
    const join: JoinDescription = {
      location: 'https://host/run/*.nc',
      members,
      leftOut: ['https://host/run/bad.nc'],
      dimension: 'time',
      kind: 'existing',
      format: 'netCDF-4',
      consolidated: false,
    };
    const ds = { dialect: { consolidated: false }, root: {}, name: 'run' } as never;
    const glob = codeForView({ location: join.location, dataset: ds, variable: v, selection: [3, null], join });
    expect(glob.xarray.split('\n').length).toBeLessThan(40);
    expect(glob.xarray).toContain('fsspec.open_files("https://host/run/*.nc")');
    expect(glob.xarray).toContain('left_out = {"bad.nc"}');
    expect(glob.xarray).toMatch(/# 1000 members: the glob instead of a list/);
    // A member list (every file of a listing picked): the names a few to a line.
    const list = `https://host/run/{${members.map((m) => m.slice(m.lastIndexOf('/') + 1)).join(',')}}`;
    const listed = codeForView({
      location: list,
      dataset: ds,
      variable: v,
      selection: [3, null],
      join: { ...join, location: list },
    });
    expect(listed.xarray.split('\n').length).toBeLessThan(1000 / 5);
    expect(listed.xarray).toContain('urls = [folder + name for name in names]');
    expect(listed.xarray).toContain('day-0999.nc');
  });
});
