/**
 * A − B against numpy: era5-like t2m − era5-like-planted t2m (same grid) equals numpy's float32 subtraction on
 * every cell, with numpy's summary; era5-like against its second write is byte-identical; t2m − tas regridded
 * (converted to K) equals xarray's result and summary (fixtures/compare/expected, make-compare-expected.py).
 */
import { describe, expect, it } from 'vitest';
import { difference, differenceText } from './difference';
import { runRegrid, type RegridMethod } from './regrid';
import { convertValues, unitsForDifference } from './units';
import { closeF32, expected, fromJson, openFixture, readDecoded } from './testing/fixtures';
import { expectSummary, type NumpySummary } from './testing/summary';

describe('same-grid difference', async () => {
  const want = expected<{
    planted: { difference: (number | null)[]; summary: NumpySummary; shape: number[] };
    copy: { values_equal: boolean; chunks_equal: boolean };
  }>('same-grid.json');
  const [a, planted, copy] = await Promise.all([
    openFixture('era5-like.zarr'),
    openFixture('era5-like-planted.zarr'),
    openFixture('era5-like-copy.zarr'),
  ]);
  const all = [null, null, null];

  it('equals numpy’s subtraction on every cell (A − planted), and numpy’s summary', async () => {
    const va = await readDecoded(a, '/t2m', all);
    const vb = await readDecoded(planted, '/t2m', [{ start: 0, stop: va.shape[0]! }, null, null]);
    const d = difference(va, vb, va.shape);
    expect(d.values).toBeInstanceOf(Float32Array);
    expect(d.shape).toEqual(want.planted.shape);
    const numpy = fromJson(want.planted.difference);
    for (let i = 0; i < numpy.length; i++) expect(Object.is(d.values[i], numpy[i]), `cell ${i}`).toBe(true);
    expectSummary(d.summary, want.planted.summary);
    expect(d.summary.identity).toBe('different');
    expect(d.summary.maskedOnlyB).toBeGreaterThan(0);
    // The other way round, the masked cells are A's.
    const back = difference(vb, va, va.shape).summary;
    expect([back.maskedOnlyA, back.maskedOnlyB, back.mean]).toEqual([
      want.planted.summary.masked_only_b,
      0,
      -d.summary.mean,
    ]);
    expect(differenceText(d.summary, { units: 'K' })).toEqual([
      `Mean A − B: ${Number(want.planted.summary.mean.toPrecision(6))} K`,
      `RMSE: ${Number(want.planted.summary.rmse.toPrecision(6))} K`,
      `Largest |A − B|: 0.5 K at [${want.planted.summary.max_abs_position.join(', ')}]`,
      `Cells compared: ${want.planted.summary.count}; masked only in A: 0, only in B: ${want.planted.summary.masked_only_b}, in both: 0`,
    ]);
  });

  it('reports a second write of the same data as byte-identical: no difference', async () => {
    expect(want.copy).toEqual({ values_equal: true, chunks_equal: true });
    const va = await readDecoded(a, '/t2m', all);
    const vc = await readDecoded(copy, '/t2m', all);
    const s = difference(va, vc, va.shape).summary;
    expect(s).toMatchObject({ identity: 'byte-identical', count: va.values.length, maxAbs: 0, mean: 0 });
    expect(differenceText(s)).toEqual(['No difference: the stored bytes are identical.']);
  });

  it('tells value-identical from byte-identical', () => {
    const a32 = new Float32Array([1, 2, NaN]);
    const b32 = new Float32Array([1, 2, 3]);
    const mask = new Uint8Array([0, 0, 1]);
    const s = difference(
      { values: a32, raw: a32 },
      { values: b32, mask, raw: new Int16Array([1, 2, -1]) },
      [3],
    ).summary;
    expect(s).toMatchObject({ identity: 'value-identical', maskedBoth: 1, count: 2 });
    expect(differenceText(s)).toEqual(['No difference: the values are identical (stored differently).']);
    // Values only (no raw slices): nothing is known of the stored bytes.
    const v = difference({ values: a32 }, { values: b32, mask }, [3]).summary;
    expect([v.identity, v.bytesCompared]).toEqual(['value-identical', false]);
    expect(differenceText(v)).toEqual(['No difference: the values are identical.']);
    const t = difference({ values: a32 }, { values: new Float32Array([1, 2.5, NaN]) }, [3]).summary;
    expect(t).toMatchObject({ identity: 'different', maxAbs: 0.5, maxAbsIndex: 1, maskedBoth: 1 });
    expect(() => difference({ values: a32 }, { values: new Float32Array(2) }, [3])).toThrow(RangeError);
  });
});

describe('difference across grids (A − B regridded, in K)', async () => {
  const want = expected<{ pairs: Record<string, unknown>[] }>('regrid.json');
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('cmip-like.zarr')]);
  const coords = async (ds: typeof a, name: string) => Float64Array.from((await readDecoded(ds, name, [null])).values);
  const target = { lat: await coords(a, '/latitude'), lon: await coords(a, '/longitude') };
  const source = { lat: await coords(b, '/lat'), lon: await coords(b, '/lon') };

  for (const pair of want.pairs)
    for (const method of ['nearest', 'linear'] as RegridMethod[])
      it(`A time ${String(pair.a_time)} − B time ${String(pair.b_time)} (${method}) equals xarray’s`, async () => {
        const t2m = await readDecoded(a, '/t2m', [pair.a_time as number, null, null]);
        const tas = await readDecoded(b, '/tas', [pair.b_time as number, null, null]);
        const values = convertValues(tas.values, unitsForDifference(t2m.units, tas.units).conversion);
        const r = runRegrid({ kind: 'rectilinear', method, values, layout: 'lat-lon', source, target });
        const d = difference(t2m, { values: r.values }, r.shape);
        const xr = fromJson(pair[`${method}_difference`] as (number | null)[]);
        const bad = Array.from(xr).flatMap((x, i) => (closeF32(d.values[i]! + 300, x + 300) ? [] : [i]));
        expect(bad).toEqual([]);
        expectSummary(d.summary, pair[`${method}_summary`] as NumpySummary);
      });
});
