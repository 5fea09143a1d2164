import { describe, expect, it } from 'vitest';
import type { Attribute, Group, Variable } from '../model/types';
import { isCopyName, isTimeChunkedCopy, nearbyPending, timeChunkedCopies } from './copies';
import { planSeriesSource } from './plan';

const dims = (names: string[], shape: number[]) =>
  names.map((name, d) => ({ name, path: `/${name}`, length: shape[d]!, unlimited: false, anonymous: false }));
const attrs = (o: Record<string, string>): Attribute[] =>
  Object.entries(o).map(([name, value]) => ({ name, type: 'char' as const, value }));

function v(path: string, chunks: number[], a: Record<string, string> = {}, extra: Partial<Variable> = {}): Variable {
  const shape = [1000, 2, 3];
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    type: 'float',
    dtype: '<f4',
    itemSize: 4,
    shape,
    chunks,
    dimensions: dims(['time', 'lat', 'lon'], shape),
    attributes: attrs(a),
    ...extra,
  } as Variable;
}

function group(path: string, variables: Variable[], groups: Group[] = [], pending: string[] = []): Group {
  return {
    name: path.split('/').pop() ?? '',
    path,
    attributes: [],
    dimensions: [],
    variables,
    groups,
    problems: [],
    pending: pending.map((p) => ({ name: p.split('/').pop()!, path: p, kind: 'node' as const })),
  };
}

const id = { standard_name: 'air_temperature', units: 'K' };

describe('time-chunked copies', () => {
  it('names that say copy', () => {
    expect(isCopyName('tas_rechunked', 'tas')).toBe(true);
    expect(isCopyName('TAS-timeseries', 'tas')).toBe(true);
    expect(isCopyName('tas_ts', 'tas')).toBe(true);
    expect(isCopyName('tasmax', 'tas')).toBe(false);
    expect(isCopyName('tas_anomaly', 'tas')).toBe(false);
    expect(isCopyName('tas', 'tas')).toBe(false);
  });

  it('a copy has the same dimensions, shape, type and identity, and longer chunks along the series dimension', () => {
    const tas = v('/tas', [1, 2, 3], id);
    expect(isTimeChunkedCopy(tas, v('/tas_rechunked', [500, 1, 1]), 0)).toBe(true);
    // By CF identity under any name.
    expect(isTimeChunkedCopy(tas, v('/t2', [500, 1, 1], id), 0)).toBe(true);
    expect(isTimeChunkedCopy(tas, v('/t2', [500, 1, 1], { ...id, units: 'degC' }), 0)).toBe(false);
    expect(isTimeChunkedCopy(tas, v('/tas_rechunked', [500, 1, 1], { units: 'degC' }), 0)).toBe(false);
    // Not longer along time; another type; another shape; other dimension names.
    expect(isTimeChunkedCopy(tas, v('/tas_rechunked', [1, 1, 1]), 0)).toBe(false);
    expect(isTimeChunkedCopy(tas, v('/tas_rechunked', [500, 1, 1], {}, { type: 'double' }), 0)).toBe(false);
    expect(isTimeChunkedCopy(tas, v('/tas_rechunked', [500, 1, 1], {}, { shape: [999, 2, 3] }), 0)).toBe(false);
    const other = { dimensions: dims(['t', 'lat', 'lon'], [1000, 2, 3]) };
    expect(isTimeChunkedCopy(tas, v('/tas_rechunked', [500, 1, 1], {}, other), 0)).toBe(false);
    // A variable without standard_name or long_name has no identity to match by attributes alone.
    expect(isTimeChunkedCopy(v('/x', [1, 2, 3], { units: 'K' }), v('/y', [500, 1, 1], { units: 'K' }), 0)).toBe(false);
  });

  it('looks in the same group, sibling groups and child groups; the plan reads the copy touching fewest chunks', () => {
    const tas = v('/a/tas', [1, 2, 3], id);
    const root = group(
      '/',
      [v('/far', [1000, 2, 3], id)],
      [
        group('/a', [tas, v('/a/tas_rechunked', [100, 2, 3], id)], [group('/a/c', [v('/a/c/tas', [1000, 1, 1])])]),
        group('/b', [v('/b/tas', [250, 2, 3], id)]),
      ],
    );
    expect(timeChunkedCopies(root, tas, 0).map((c) => c.path)).toEqual(['/a/c/tas', '/b/tas', '/a/tas_rechunked']);
    const plan = planSeriesSource(root, tas, 0, [7, 1, 2]);
    expect(plan.source.path).toBe('/a/c/tas');
    expect(plan.chunks).toBe(1);
    expect(plan.bytes).toBe(1000 * 4);
    expect(plan.selection).toEqual([null, 1, 2]);
    expect(plan.instead).toEqual({ path: '/a/tas', chunks: 1000, bytes: 1000 * 6 * 4 });
  });

  it('without a copy the plan reads the variable itself; a copy touching as many chunks is not used', () => {
    const tas = v('/tas', [10, 2, 3], id);
    const root = group('/', [tas, v('/tas_rechunked', [10, 1, 1], id)]);
    const plan = planSeriesSource(root, tas, 0, [0, 0, 0]);
    expect(plan.source).toBe(tas);
    expect(plan.instead).toBeUndefined();
  });

  it('names the pending arrays nearby (lazy open), which may be copies', () => {
    const root = group('/', [], [group('/a', [v('/a/tas', [1, 2, 3])], [], ['/a/tas', '/a/tas_rechunked'])], ['/z']);
    expect(nearbyPending(root, '/a/tas')).toEqual(['/a/tas_rechunked']);
  });
});
