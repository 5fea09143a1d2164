/**
 * The rotated-pole fixture (fixtures/xarray-world/rotated-pole.zarr, written by xarray): its 2-D lat/lon are found
 * through `tas:coordinates`, every probe cell that xarray read back (rotated-pole.expected.json) is found at its
 * own latitude and longitude, and a reprojection through the dataset (the decode executor's `reproject` task)
 * puts each probe's cell and value at the probe's pixel and nothing far from the grid.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeAxes } from '../cf/coordinates';
import { decodeSlice } from '../cf/decode';
import { findVariable } from '../model/find';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { curvilinearCoords, latLonDims } from './geo-axes';
import { makeProjection } from './projection';
import { fillImage, gridLookup } from './reproject';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'xarray-world');
interface Probe {
  index: [number, number];
  lat: number;
  lon: number;
  value: number;
}
const expected = JSON.parse(readFileSync(join(DIR, 'rotated-pole.expected.json'), 'utf8')) as {
  shape: number[];
  probes: Probe[];
  masked: [number, number][];
};

async function open() {
  const ds = await openDataset({ kind: 'local', path: join(DIR, 'rotated-pole.zarr') }, { openStore: openStoreNode });
  const tas = findVariable(ds.model.root, '/tas')!;
  const axes = describeAxes(ds.model, tas);
  const read = async (path: string, sel: (number | null)[]) =>
    decodeSlice(await ds.read(path, sel)).values as Float64Array;
  return { ds, tas, axes, read };
}

describe('rotated-pole fixture (curvilinear)', () => {
  it('finds the 2-D lat/lon of tas over (rlat, rlon), and does not take rlat/rlon for latitude/longitude', async () => {
    const { axes } = await open();
    const c = curvilinearCoords(axes, 1, 2);
    expect(c?.lat.path).toBe('/lat');
    expect(c?.lon.path).toBe('/lon');
    expect(c?.latDims).toEqual([1, 2]);
    expect(curvilinearCoords(axes, 0, 1)).toBeNull();
    expect(latLonDims(axes)).toBeNull();
  });

  it('every probe cell of xarray is the nearest cell at its latitude and longitude', async () => {
    const { read } = await open();
    const [, rows, cols] = expected.shape as [number, number, number];
    const lat = await read('/lat', [null, null]);
    const lon = await read('/lon', [null, null]);
    const find = gridLookup({ kind: 'curvilinear', rows, cols, lat, lon });
    for (const p of expected.probes) expect(find(p.lon, p.lat)).toBe(p.index[0] * cols + p.index[1]);
    expect(find(-150, 0)).toBe(-1);
  });

  it('a reprojection through the dataset puts each probe value at its pixel, and no data far from the grid', async () => {
    const { ds, read } = await open();
    const [, rows, cols] = expected.shape as [number, number, number];
    const lat = await read('/lat', [null, null]);
    const lon = await read('/lon', [null, null]);
    const tas = await read('/tas', [0, null, null]);
    const spec = { name: 'equirectangular', center: [0, 0], width: 1440, height: 720 } as const;
    const cells = await ds.reproject({ grid: { kind: 'curvilinear', rows, cols, lat, lon }, spec, gridKey: 'rp' });
    const image = fillImage(cells, tas);
    const proj = makeProjection(spec);
    for (const p of expected.probes) {
      const [x, y] = proj([p.lon, p.lat])!;
      const k = Math.floor(y) * spec.width + Math.floor(x);
      expect(cells[k]).toBe(p.index[0] * cols + p.index[1]);
      expect(image[k]).toBeCloseTo(p.value, 5);
    }
    for (const [lo, la] of [
      [-150, 0],
      [100, -40],
      [0, -80],
    ] as const) {
      const [x, y] = proj([lo, la])!;
      expect(cells[Math.floor(y) * spec.width + Math.floor(x)]).toBe(-1);
    }
    // The masked corner cell shows as no data.
    const [mr, mc] = expected.masked[0]!;
    const inCorner = Array.from(cells).some((c) => c === mr * cols + mc);
    expect(inCorner).toBe(true);
    expect(Number.isNaN(image[Array.from(cells).indexOf(mr * cols + mc)])).toBe(true);
  });
});
