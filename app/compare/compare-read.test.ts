/**
 * The pair read as the Compare view reads it: era5-like.zarr's t2m (A, K, −180–170) against cmip-like.zarr's tas
 * (B, degC, noleap, 0–360, coarser): B's slice linked by time across calendars, its values in K, and A − B on A's
 * grid equal to xarray's (fixtures/compare/expected/regrid.json, periodic: B is global).
 */
import { describe, expect, it } from 'vitest';
import { closeF32, expected, fromJson, openFixture } from '../../src/compare/testing/fixtures';
import { findVariable } from '../core';
import { compareCode } from './compare-code';
import { pairSeriesCsv, readPairSeries } from './compare-series';
import { gridsMatch, linkB, linkAxes, pairDifference, readPair } from './compare-read';
import { alignLongitudes, rankVariables } from './compare-math';

interface Pair {
  readonly a_time: number;
  readonly b_time: number;
  readonly [key: string]: unknown;
}

describe('the pair of era5-like t2m and cmip-like tas', async () => {
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('cmip-like.zarr')]);
  const t2m = findVariable(a.model.root, '/t2m')!;
  const tas = findVariable(b.model.root, '/tas')!;
  const want = expected<{ pairs: Pair[] }>('regrid.json');
  const signal = new AbortController().signal;

  it('offers B’s variable of the same standard_name first', () => {
    const all = b.model.root.variables;
    expect(rankVariables(t2m, all)[0]?.path).toBe('/tas');
  });

  it('links time by calendar date, by index, or says there is none', async () => {
    const [axA, axB] = await Promise.all([linkAxes(a, t2m), linkAxes(b, tas)]);
    const at = (t: number, mode: 'coords' | 'index') => linkB(mode, axA, [t, null, null], axB, tas.shape);
    expect(at(0, 'coords').text).toEqual(['time → time: 2020-01-16 12:00:00']);
    expect(at(0, 'coords').selection).toEqual([0, null, null]);
    expect(at(1, 'coords').text[0]).toMatch(/^time → time: 2020-02-15 00:00:00 \(nearest: 14 days earlier\)$/);
    expect(at(3, 'coords').linked).toBe(false);
    expect(at(3, 'coords').text[0]).toMatch(/none/);
    expect(at(3, 'index')).toMatchObject({ linked: true, selection: [3, null, null] });
  });

  for (const method of ['nearest', 'linear'] as const)
    for (const pair of want.pairs)
      it(`A time ${pair.a_time} − B (${method}) equals xarray on every cell`, async () => {
        const p = await readPair(a, t2m, [pair.a_time, null, null], { x: 2, y: 1 }, b, tas, 'coords', signal);
        expect(p.unitsText).toBe('B converted: degC → K: x + 273.15');
        expect(p.problem).toBeNull();
        // Side by side: B's 0–360 longitudes moved into A's −180–180, sorted.
        expect(p.b!.x[0]).toBeLessThan(0);
        expect(Array.from(p.b!.x)).toEqual(Array.from(p.b!.x).sort((u, v) => u - v));
        const d = await pairDifference(a, p, method, signal);
        expect(d.label).toBe(
          `B regridded onto A's grid (${method === 'linear' ? 'bilinear' : 'nearest neighbour'}, periodic in longitude)`,
        );
        const xr = fromJson(pair[`periodic_${method}_difference`] as (number | null)[]);
        const bad = Array.from(xr).filter((v, i) => !closeF32(d.grid.values[i]!, v));
        expect(bad).toEqual([]);
        const s = pair[`periodic_${method}_summary`] as { count: number; masked_only_b: number };
        expect(d.summary.at(-1)).toBe(
          `Cells compared: ${s.count}; masked only in A: 0, only in B: ${s.masked_only_b}, in both: 0`,
        );
      });

  it('refuses the difference of incompatible units', async () => {
    const sp = findVariable(a.model.root, '/sp')!;
    const p = await readPair(a, sp, [0, null, null], { x: 2, y: 1 }, b, tas, 'coords', signal);
    expect(p.problem).toMatch(/cannot be converted/);
    await expect(pairDifference(a, p, 'linear', signal)).rejects.toThrow(/cannot be converted/);
  });

  it('aligns 0–360 longitudes into A’s range', () => {
    const g = { values: Float64Array.from([0, 1, 2, 3]), ny: 1, nx: 4 };
    const r = alignLongitudes(g, [0, 90, 180, 270], [-180, -90, 0, 90]);
    expect(Array.from(r.lon)).toEqual([-180, -90, 0, 90]);
    expect(Array.from(r.grid.values)).toEqual([2, 3, 0, 1]);
  });
});

describe('the xarray code of a comparison', async () => {
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('cmip-like.zarr')]);
  const t2m = findVariable(a.model.root, '/t2m')!;
  const tas = findVariable(b.model.root, '/tas')!;

  it('selects B’s linked slice, converts its units, interpolates onto A’s grid and subtracts', async () => {
    const sel = [1, null, null];
    const pair = await readPair(a, t2m, sel, { x: 2, y: 1 }, b, tas, 'coords', new AbortController().signal);
    const code = compareCode({
      urlA: 'https://h/era5-like.zarr#mode=zarr',
      urlB: 'https://h/cmip-like.zarr',
      varA: '/t2m',
      varB: '/tas',
      selA: sel,
      pair,
      method: 'linear',
      sameGrid: gridsMatch(pair),
    });
    expect(code).toBe(
      [
        'import xarray as xr',
        '',
        'a = xr.open_zarr("https://h/era5-like.zarr")["t2m"].isel({"time": 1})',
        '# linked by coordinate value: time → time: 2020-02-15 00:00:00 (nearest: 14 days earlier)',
        'b = xr.open_zarr("https://h/cmip-like.zarr", use_cftime=True)["tas"].isel({"time": 1})',
        'b = b * 1 + 273.15  # degC → K: x + 273.15',
        'b_on_a = b.interp({"lat": a["latitude"], "lon": a["longitude"] % 360}, method="linear")  # B onto A\'s grid',
        'diff = a - b_on_a',
        'print(float(diff.mean()), float(abs(diff).max()))',
        '',
      ].join('\n'),
    );
  });
});

describe('the series of A and B at a cell', async () => {
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('cmip-like.zarr')]);
  const t2m = findVariable(a.model.root, '/t2m')!;
  const tas = findVariable(b.model.root, '/tas')!;
  const signal = new AbortController().signal;

  it('reads A’s series, B’s at the nearest cell in A’s units, and links each of A’s dates to B’s', async () => {
    const cell = { x: 2, y: 1, xi: 20, yi: 9 };
    const s = await readPairSeries(a, t2m, [1, null, null], cell, b, tas, 'coords', signal);
    const aRead = await a.read('/t2m', [null, 9, 20]);
    expect(s.valuesA).toEqual(Array.from(aRead.data as Float32Array));
    expect(s.labelsA).toEqual([
      '2020-01-16 12:00:00',
      '2020-02-29 00:00:00',
      '2020-05-10 00:00:00',
      '2020-06-20 00:00:00',
    ]);
    expect(s.labelsB).toHaveLength(4);
    expect(s.linkedB).toEqual([0, 1, 3, -1]);
    // B's nearest cell to A's (latitude 0, longitude 20): lat index and lon index from link.json's nearest links.
    const link = expected<{ latitude: { a: number; index: number }[]; longitude: { a: number; index: number }[] }>(
      'link.json',
    );
    const [li, lo] = [link.latitude[9]!.index, link.longitude[20]!.index];
    const bRead = await b.read('/tas', [null, li, lo]);
    expect(s.valuesB.map((v) => Number(v!.toFixed(3)))).toEqual(
      Array.from(bRead.data as Float32Array, (v) => Number((v + 273.15).toFixed(3))),
    );
    const csv = pairSeriesCsv(s, '/t2m', '/tas').split('\r\n');
    expect(csv[0]).toBe('time,A /t2m [K],B time,B /tas [K]');
    expect(csv[4]).toMatch(/^2020-06-20 00:00:00,[-\d.e]+,,$/);
    expect(csv[3]).toMatch(/^2020-05-10 00:00:00,[-\d.e]+,2020-04-16 00:00:00,[-\d.e]+$/);
  });

  it('marks A’s step and B’s: the one linked to A’s, or B’s own step when B holds one', async () => {
    const cell = { x: 2, y: 1, xi: 20, yi: 9 };
    const linked = await readPairSeries(a, t2m, [2, null, null], cell, b, tas, 'coords', signal);
    expect(linked.stepA).toBe(2);
    expect(linked.stepB).toBe(linked.linkedB[2]);
    expect(linked.stepB).toBe(3);
    const dimB = tas.dimensions[0]!.name;
    const own = await readPairSeries(a, t2m, [2, null, null], cell, b, tas, 'coords', signal, { [dimB]: 1 });
    expect(own.stepB).toBe(1);
    expect(own.valuesB).toEqual(linked.valuesB);
    expect(own.where.at(-1)).toBe(`${dimB}: B's own step 1 (${own.labelsB[1]})`);
    // Past B's end: clamped to B's last step.
    const past = await readPairSeries(a, t2m, [2, null, null], cell, b, tas, 'coords', signal, { [dimB]: 99 });
    expect(past.stepB).toBe(past.labelsB.length - 1);
  });
});

describe('a curvilinear B (rotated pole, 2-D latitude and longitude)', async () => {
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('../xarray-world/rotated-pole.zarr')]);
  const t2m = findVariable(a.model.root, '/t2m')!;
  const tas = findVariable(b.model.root, '/tas')!;
  const signal = new AbortController().signal;

  it('is drawn on its own grid and regridded to A’s by the nearest cell on the sphere', async () => {
    const p = await readPair(a, t2m, [0, null, null], { x: 2, y: 1 }, b, tas, 'index', signal);
    expect(p.curvilinear?.lat).toHaveLength(23 * 24);
    expect(Array.from(p.b!.x)).toEqual(Array.from(p.bSource!.x)); // rlon as stored, not moved as a longitude
    const d = await pairDifference(a, p, 'linear', signal);
    expect(d.label).toBe("B regridded onto A's grid (nearest neighbour, curvilinear)");
    const { lat, lon } = p.curvilinear!;
    const xyz = (la: number, lo: number) => {
      const [f, l] = [(la * Math.PI) / 180, (lo * Math.PI) / 180];
      return [Math.cos(f) * Math.cos(l), Math.cos(f) * Math.sin(l), Math.sin(f)] as const;
    };
    let filled = 0;
    for (let r = 0; r < p.a.grid.ny; r++)
      for (let c = 0; c < p.a.grid.nx; c++) {
        const v = d.bOnA.values[r * p.a.grid.nx + c]!;
        if (Number.isNaN(v)) continue;
        filled++;
        const [x, y, z] = xyz(p.a.y[r]!, p.a.x[c]!);
        let best = -1;
        let bestD = Infinity;
        for (let k = 0; k < lat.length; k++) {
          const [u, w, s] = xyz(lat[k]!, lon[k]!);
          const dd = (x - u) ** 2 + (y - w) ** 2 + (z - s) ** 2;
          if (dd < bestD) [best, bestD] = [k, dd];
        }
        expect(v).toBe(p.bSource!.grid.values[best]);
      }
    expect(filled).toBeGreaterThan(0);
    expect(filled).toBeLessThan(p.a.grid.ny * p.a.grid.nx); // a European domain on a global A
  });
});
