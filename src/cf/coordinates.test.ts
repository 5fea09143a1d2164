import { describe, expect, it } from 'vitest';
import type { OpenedDataset, Slice } from '../api';
import type { Attribute, Dataset, Dimension, Group, Variable } from '../model/types';
import { axisValueLabel, readAxisValues } from './axis-values';
import { auxiliaryCoordinates, axisKind, describeAxes, resolveVariable, timeCoderFor } from './coordinates';
import { axisTitle, formatNumber, formatValue } from './format';
import { makeVariable } from './testing/variable';

const text = (name: string, value: string): Attribute => ({ name, type: 'char', value });
const dim = (path: string, length: number): Dimension => ({
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  length,
  unlimited: false,
  anonymous: false,
});
const v = (path: string, dims: Dimension[], attributes: Attribute[] = [], type: Variable['type'] = 'float') =>
  makeVariable({ name: path.slice(path.lastIndexOf('/') + 1), path, dimensions: dims, attributes, type });
const group = (path: string, variables: Variable[], groups: Group[] = [], dimensions: Dimension[] = []): Group => ({
  name: path === '/' ? '' : path.slice(path.lastIndexOf('/') + 1),
  path,
  attributes: [],
  dimensions,
  variables,
  groups,
  problems: [],
});

const time = dim('/time', 3);
const lat = dim('/lat', 2);
const x = dim('/grp/x', 4);
const timeVar = v('/time', [time], [text('units', 'days since 2000-01-01'), text('calendar', '360_day')], 'double');
const latVar = v(
  '/lat',
  [lat],
  [text('units', 'degrees_north'), text('long_name', 'Latitude'), text('bounds', 'lat_bnds')],
);
const latBnds = v('/lat_bnds', [lat, dim('/nv', 2)]);
const lon2d = v('/grp/lon2d', [lat, x], [text('units', 'degrees_east')]);
const temp = v(
  '/grp/temp',
  [time, lat, x],
  [text('coordinates', 'lon2d ../missing'), text('standard_name', 'air_temperature'), text('units', 'K')],
);
const depth = v('/grp/sub/depth', [dim('/grp/sub/depth', 5)], [text('positive', 'down'), text('units', 'm')]);
const dataset: Dataset = {
  root: group(
    '/',
    [timeVar, latVar, latBnds],
    [group('/grp', [lon2d, temp], [group('/grp/sub', [depth])], [x])],
    [time, lat],
  ),
  dialect: { zarrFormat: 2, nczarr: null, xarray: true, consolidated: false },
  name: 'test',
  problems: [],
};

describe('coordinates', () => {
  it('finds coordinate variables in ancestor groups, bounds, and auxiliary coordinates', () => {
    const axes = describeAxes(dataset, temp);
    expect(axes.map((a) => a.coordinate?.path ?? null)).toEqual(['/time', '/lat', null]);
    expect(axes.map((a) => a.kind)).toEqual(['T', 'Y', null]);
    expect(axes[1]?.bounds?.path).toBe('/lat_bnds');
    expect(axes[1]?.title).toBe('Latitude [degrees_north]');
    expect(axes[0]?.title).toBe('time (360_day)');
    expect(axes[0]?.time?.format(59)).toBe('2000-02-30T00:00:00');
    expect(axes[2]?.title).toBe('x');
    expect(axes[2]?.auxiliary.map((a) => [a.variable.path, a.kind, a.dimensionIndices])).toEqual([
      ['/grp/lon2d', 'X', [1, 2]],
    ]);
    expect(axes[0]?.warnings.join()).toMatch(/missing/);
  });

  it('resolves references by proximity, relative and absolute paths', () => {
    expect(resolveVariable(dataset, '/grp/sub', 'lat')?.path).toBe('/lat');
    expect(resolveVariable(dataset, '/grp/sub', '../temp')?.path).toBe('/grp/temp');
    expect(resolveVariable(dataset, '/grp', 'sub/depth')?.path).toBe('/grp/sub/depth');
    expect(resolveVariable(dataset, '/', '/grp/lon2d')?.path).toBe('/grp/lon2d');
    expect(resolveVariable(dataset, '/', 'depth')).toBeUndefined();
    expect(auxiliaryCoordinates(dataset, latVar)).toEqual([]);
  });

  it('classifies axes from axis, units, positive and standard_name', () => {
    expect(axisKind(depth)).toBe('Z');
    expect(axisKind(v('/p', [], [text('units', 'hPa')]))).toBe('Z');
    expect(axisKind(v('/a', [], [text('axis', 'x')]))).toBe('X');
    expect(axisKind(v('/a', [], [text('standard_name', 'longitude')]))).toBe('X');
    expect(axisKind(v('/a', [], [text('units', 'm')]))).toBeNull();
  });

  it('reads datetime64 coordinates as proleptic Gregorian nanoseconds', () => {
    const t = { ...v('/t', [], [], 'datetime64'), dtype: '<M8[ns]' };
    const coder = timeCoderFor(t);
    expect(coder?.format(86_400_000_001_500n)).toBe('1970-01-02T00:00:00.000002');
    expect(coder?.format(-(2n ** 63n))).toBe('');
  });

  it('reads and labels axis values', async () => {
    const ds = {
      read: async (path: string): Promise<Slice> => ({
        variable: path === '/time' ? timeVar : latVar,
        shape: [3],
        data: Float64Array.from([0, 29, 59]),
      }),
    } as unknown as OpenedDataset;
    const axes = describeAxes(dataset, temp);
    const t = await readAxisValues(ds, axes[0]!);
    expect(t.labels).toEqual(['2000-01-01 00:00:00', '2000-01-30 00:00:00', '2000-02-30 00:00:00']);
    const none = await readAxisValues(ds, axes[2]!);
    expect(Array.from(none.values)).toEqual([0, 1, 2, 3]);
    expect(axisValueLabel(axes[1]!, 12.5)).toBe('12.5 degrees_north');
  });
});

describe('format', () => {
  it('formats numbers and units', () => {
    expect(formatNumber(273.149993896484)).toBe('273.15');
    expect(formatNumber(1.5e-7)).toBe('1.5e-7');
    expect(formatNumber(123456789.5)).toBe('1.23457e+8');
    expect(formatNumber(-3)).toBe('-3');
    expect(formatValue(NaN, 'K')).toBe('—');
    expect(formatValue(2, '1')).toBe('2');
    expect(formatValue(2, 'K', { masked: true })).toBe('masked');
    expect(axisTitle(temp)).toBe('air temperature [K]');
  });
});
