/**
 * Frames of user-typed variables on files netcdf-c's ncgen wrote (fixtures/netcdf4-usertypes/); expected values as
 * ncdump main printed them (`<name>.full.cdl`).
 */
import { describe, expect, it } from 'vitest';
import { readFixture } from '../usertypes/testing/open-fixture';
import { VIEWS } from '../views/registry';
import type { Axes } from '../views/shared/use-axes';
import { unavailableViews, userContext, userFrame, userView } from './user-frame';
import { applicableViews, viewContext } from '../views/shared/view-kind';

const NO_AXES: Axes = { axes: [], values: [] };

async function frameOf(file: string, path: string, field: string | null, raw = false) {
  const { variable, slice } = await readFixture(file, path);
  const uv = userView(variable, field);
  const rank = variable.shape.length;
  const x = rank ? rank - 1 : null;
  const y = rank > 1 ? rank - 2 : null;
  const shown = { slice, decoded: null, other: null, stride: 1 };
  const ctx = userContext(viewContext(variable, x, y), uv);
  return { uv, ctx, frame: userFrame({ shown, variable, axes: NO_AXES, x, y, raw }, uv) };
}

const cells = (f: Awaited<ReturnType<typeof frameOf>>['frame']) =>
  Array.from({ length: f.rows * f.cols }, (_, i) => {
    const r = Math.floor(i / f.cols);
    const c = i % f.cols;
    return f.masked(r, c) ? '_' : (f.cell?.(r, c)?.text ?? f.at(r, c));
  });

describe('frames of user-typed variables', () => {
  it('a compound member: numbers as a numeric variable, the fill record masked, NPY of the member', async () => {
    const { frame, ctx } = await frameOf('usertypes-grid', '/wind', 'v');
    expect(ctx.numeric).toBe(true);
    expect(applicableViews(VIEWS, ctx).map((v) => v.kind)).toEqual(['heatmap', 'matrix', 'histogram']);
    expect(frame.title).toBe('wind.v');
    // ncdump: wind = {1, -1, …}, {2, -2, …}, {3.5, -3.5, …}, {4, -4, …}, {5, -5, …}, _, {7.25, -7.25, …}, …
    expect([frame.rows, frame.cols]).toEqual([3, 4]);
    expect(cells(frame)).toEqual([-1, -2, -3.5, -4, -5, '_', -7.25, -8, -9, -10, -11, -12.5]);
    expect(Array.from(frame.npyOverride!.slice(0, 3))).toEqual([-1, -2, -3.5]);
    expect(frame.values?.mask?.[5]).toBe(1);
    // Raw values: the fill record's own numbers.
    const raw = (await frameOf('usertypes-grid', '/wind', 'v', true)).frame;
    expect(raw.at(1, 1)).toBe(-999);
  });

  it('an enum member of a compound: numbers with names', async () => {
    const { frame } = await frameOf('usertypes-mix', '/r', 'lev');
    // ncdump: r = {"alpha", low, …}, {"beta\ttab", high, …}, {"gamma \"q\"", very high, …}
    expect(cells(frame)).toEqual(['low', 'high', 'very high']);
    expect(frame.cell?.(2, 0)?.title).toBe('300');
    expect(frame.valueLabels?.text(0)).toBe('mid');
  });

  it('a text member, whole records, an unknown field', async () => {
    const name = await frameOf('usertypes-mix', '/r', 'name');
    expect(name.ctx.numeric).toBe(false);
    expect(cells(name.frame)).toEqual(['alpha', 'beta\ttab', 'gamma "q"']);
    expect(unavailableViews(VIEWS, name.ctx, name.uv).map((u) => u.kind)).toEqual(['line', 'histogram']);
    expect(unavailableViews(VIEWS, name.ctx, name.uv)[0]?.why).toMatch(/member name is not numeric/);
    const records = await frameOf('usertypes-mix', '/r', '');
    expect(records.frame.cell?.(0, 0)?.text).toBe('{"alpha", low, {1, 2}, {"aaa", "bbb"}}');
    expect((await frameOf('usertypes-mix', '/r', 'no such field')).uv).toMatchObject({
      kind: 'field',
      spec: { key: 'lev' },
    });
  });

  it('a scalar nested compound', async () => {
    const { frame, uv } = await frameOf('ref_tst_comp3', '/x', null);
    // ncdump: x = {{1, -2}} ;
    expect(uv).toMatchObject({ kind: 'field', spec: { key: 's1.x' } });
    expect(frame.rank).toBe(0);
    expect(frame.at(0, 0)).toBe(1);
    expect((await frameOf('ref_tst_comp3', '/x', 's1.y')).frame.at(0, 0)).toBe(-2);
  });

  it('a vlen: lists as text, the fill masked, no plots; an opaque: hex', async () => {
    const v = await frameOf('ref_tst_vlen_data', '/ragged_array', null);
    // ncdump: ragged_array = {10, 11, 12, 13, 14}, {20, 21, 22, 23}, {30, 31, 32}, {40, 41}, _ ;
    expect(cells(v.frame)).toEqual(['10, 11, 12, 13, 14', '20, 21, 22, 23', '30, 31, 32', '40, 41', '_']);
    expect(applicableViews(VIEWS, v.ctx).map((d) => d.kind)).toEqual(['matrix']);
    expect(unavailableViews(VIEWS, v.ctx, v.uv).map((u) => u.kind)).toEqual(['line', 'histogram']);
    expect(v.frame.csv().values).toEqual(['10, 11, 12, 13, 14', '20, 21, 22, 23', '30, 31, 32', '40, 41', '']);
    const o = await frameOf('ref_tst_opaque_data', '/raw_obs', null);
    // ncdump: raw_obs = 0X0102030405060708090A0B, 0XAABBCCDDEEFFEEDDCCBBAA, 0XFFFFFFFFFFFFFFFFFFFFFF, _, …
    expect(cells(o.frame)).toEqual([
      '0X0102030405060708090A0B',
      '0XAABBCCDDEEFFEEDDCCBBAA',
      '0XFFFFFFFFFFFFFFFFFFFFFF',
      '_',
      '0XCF0DEFACED0CAFE0FACADE',
    ]);
  });

  it('an enum: names in cells, integers in titles', async () => {
    const { frame } = await frameOf('usertypes-grid', '/surface', null);
    // ncdump: surface = water, ice, land, snow, rock, water, ice, land, snow, water, ice, rock ;
    expect(cells(frame)).toEqual([
      'water',
      'ice',
      'land',
      'snow',
      'rock',
      'water',
      'ice',
      'land',
      'snow',
      'water',
      'ice',
      'rock',
    ]);
    expect(frame.cell?.(1, 0)?.title).toBe('9');
    expect(frame.valueLabels?.ticks?.text).toEqual(['water', 'ice', 'land', 'snow', 'rock']);
  });
});
