/**
 * Regridding against xarray: cmip-like.zarr's tas (degC, 10 x 20, 0–360, noleap) converted to K and put onto
 * era5-like.zarr's grid (19 x 36, latitude descending, −180–170) equals fixtures/compare/expected/regrid.json
 * (xarray's interp, scripts/fixtures/make-compare-expected.py) on every cell to float32 precision, with the masked
 * cells the same; nearest on a curvilinear grid equals scipy's cKDTree. Then the layouts and directions.
 */
import { describe, expect, it } from 'vitest';
import { nearestCells } from './regrid-curvilinear';
import { axisWeights, normaliseLongitudes, runRegrid, type RegridMethod } from './regrid';
import { convertValues, unitsForDifference } from './units';
import { closeF32, expected, fromJson, openFixture, readDecoded } from './testing/fixtures';

type Values = readonly (number | null)[];
interface Pair {
  readonly a_time: number;
  readonly b_time: number;
  readonly [key: string]: unknown;
}

function mismatches(got: Float64Array, want: Float64Array): string[] {
  const bad: string[] = [];
  for (let i = 0; i < want.length; i++)
    if (!closeF32(got[i]!, want[i]!)) bad.push(`cell ${i}: ${got[i]} vs xarray ${want[i]}`);
  return bad;
}

describe('regridding cmip-like tas onto era5-like t2m’s grid, as xarray does', async () => {
  const want = expected<{ a_shape: number[]; pairs: Pair[] }>('regrid.json');
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('cmip-like.zarr')]);
  const coords = async (ds: typeof a, name: string) => Float64Array.from((await readDecoded(ds, name, [null])).values);
  const target = { lat: await coords(a, '/latitude'), lon: await coords(a, '/longitude') };
  const source = { lat: await coords(b, '/lat'), lon: await coords(b, '/lon') };

  for (const pair of want.pairs)
    for (const periodic of [false, true])
      for (const method of ['nearest', 'linear'] as RegridMethod[]) {
        const key = `${periodic ? 'periodic_' : ''}${method}`;
        it(`A time ${pair.a_time} against B time ${pair.b_time}: ${key}`, async () => {
          const tas = await readDecoded(b, '/tas', [pair.b_time, null, null]);
          const { conversion } = unitsForDifference('K', tas.units);
          expect(conversion.text).toBe('degC → K: x + 273.15');
          const values = convertValues(tas.values, conversion);
          const r = runRegrid({ kind: 'rectilinear', method, values, layout: 'lat-lon', source, target, periodic });
          expect(r.shape).toEqual(want.a_shape);
          const xr = fromJson(pair[key] as Values);
          expect(mismatches(r.values, xr)).toEqual([]);
          expect(r.masked).toBe(xr.filter(Number.isNaN).length);
          expect(r.label).toBe(
            `B regridded onto A's grid (${method === 'linear' ? 'bilinear' : 'nearest neighbour'}${periodic ? ', periodic in longitude' : ''})`,
          );
        });
      }

  it('wraps longitude: any multiple of 360 is the same meridian, and no wrap at all would differ from xarray', async () => {
    const tas = await readDecoded(b, '/tas', [0, null, null]);
    const values = convertValues(tas.values, unitsForDifference('K', tas.units).conversion);
    const xr = fromJson(want.pairs[0]!.linear as Values);
    const task = { kind: 'rectilinear', method: 'linear', values, layout: 'lat-lon', source } as const;
    for (const shift of [-360, 360, 720]) {
      const r = runRegrid({ ...task, target: { lat: target.lat, lon: target.lon.map((x) => x + shift) } });
      expect(mismatches(r.values, xr)).toEqual([]);
    }
    // Reading A's −180..−10 as they are against B's 9..351 would mask 17 columns xarray fills.
    const naive = axisWeights(source.lon, target.lon, 'linear');
    expect(Array.from(naive.i0).filter((i) => i < 0).length).toBe(19);
    expect(
      Array.from(axisWeights(source.lon, normaliseLongitudes(target.lon, source.lon), 'linear').i0).filter((i) => i < 0)
        .length,
    ).toBe(1);
  });

  it('reads B stored lon-lat and writes A lon-lat', async () => {
    const tas = await readDecoded(b, '/tas', [0, null, null]);
    const [ny, nx] = [source.lat.length, source.lon.length];
    const transposed = new Float32Array(ny * nx);
    for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) transposed[x * ny + y] = tas.values[y * nx + x]!;
    const base = { kind: 'rectilinear', method: 'linear', source, target } as const;
    const r1 = runRegrid({ ...base, values: tas.values, layout: 'lat-lon' });
    const r2 = runRegrid({ ...base, values: transposed, layout: 'lon-lat', targetLayout: 'lon-lat' });
    const [my, mx] = r1.shape as [number, number];
    expect(r2.shape).toEqual([mx, my]);
    for (let k = 0; k < my; k++)
      for (let l = 0; l < mx; l++) expect(Object.is(r2.values[l * my + k], r1.values[k * mx + l])).toBe(true);
    // B's latitudes reversed (north first) give the same field.
    const flipped = Float32Array.from(
      { length: ny * nx },
      (_, i) => tas.values[(ny - 1 - Math.floor(i / nx)) * nx + (i % nx)]!,
    );
    const r3 = runRegrid({
      ...base,
      values: flipped,
      layout: 'lat-lon',
      source: { lat: source.lat.slice().reverse(), lon: source.lon },
    });
    expect(Array.from(r3.values)).toEqual(Array.from(r1.values));
  });
});

describe('axisWeights', () => {
  it('takes the lower value half-way (scipy interp1d) and masks outside the range', () => {
    const w = axisWeights([0, 10, 20], [-1, 0, 5, 5.0001, 20, 21], 'nearest');
    expect(Array.from(w.i0)).toEqual([-1, 0, 0, 1, 2, -1]);
    const l = axisWeights([20, 10, 0], [5, 20], 'linear');
    expect([l.i0[0], l.i1[0], l.w[0]]).toEqual([2, 1, 0.5]);
    expect([l.i0[1], l.i1[1], l.w[1]]).toEqual([1, 0, 1]);
  });
});

describe('nearest on a curvilinear grid, as scipy’s cKDTree finds it', async () => {
  const want = expected<{
    shape: [number, number];
    lat: Values;
    lon: Values;
    max_chord: number;
    nearest: number[];
    distance: (number | null)[];
  }>('curvilinear.json');
  const a = await openFixture('era5-like.zarr');
  const lat = Float64Array.from((await readDecoded(a, '/latitude', [null])).values);
  const lon = Float64Array.from((await readDecoded(a, '/longitude', [null])).values);
  const source = { lat: fromJson(want.lat), lon: fromJson(want.lon), shape: want.shape };

  it('finds the same cell for every point of A’s grid, and masks the same ones', () => {
    const la = Float64Array.from({ length: lat.length * lon.length }, (_, i) => lat[Math.floor(i / lon.length)]!);
    const lo = Float64Array.from({ length: lat.length * lon.length }, (_, i) => lon[i % lon.length]!);
    const { cells, maxChord } = nearestCells(source, la, lo);
    expect(Math.abs(maxChord - want.max_chord)).toBeLessThan(1e-12);
    expect(Array.from(cells)).toEqual(want.nearest);
    expect(want.nearest.filter((i) => i >= 0).length).toBeGreaterThan(20);
    expect(want.nearest.filter((i) => i < 0).length).toBeGreaterThan(20);
  });

  it('regrids values through the task, labelled as such', () => {
    const values = Float32Array.from({ length: source.lat.length }, (_, i) => i * 0.5);
    const r = runRegrid({
      kind: 'curvilinear',
      method: 'nearest',
      values,
      source,
      target: { kind: 'rectilinear', lat, lon },
    });
    expect(r.shape).toEqual([lat.length, lon.length]);
    expect(Array.from(r.values)).toEqual(want.nearest.map((i) => (i < 0 ? NaN : i * 0.5)));
    expect(r.label).toBe("B regridded onto A's grid (nearest neighbour, curvilinear)");
  });
});
