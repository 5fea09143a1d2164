/** placeDsg on hand-made arrays: missing positions listed, malformed ragged arrays refused with their numbers. */
import { describe, expect, it } from 'vitest';
import { placeDsg } from './place';
import { DsgError, type DsgSpec } from './types';

const base: DsgSpec = {
  featureType: 'trajectory',
  layout: 'contiguous',
  variable: '/v',
  instanceDim: 'trajectory',
  elementDim: 'obs',
  mapDim: 0,
  mapDims: [0],
  marks: 'element',
  length: 4,
  instances: 2,
  latitude: '/lat',
  longitude: '/lon',
  placedBy: 'element',
  ids: null,
  names: null,
  ragged: '/rowSize',
  profileDim: null,
  profileIndex: null,
  time: null,
  z: null,
  stacked: false,
};
const lat = [1, 2, 3, 4];
const lon = [10, 20, 30, 40];

describe('placeDsg', () => {
  it('tracks from counts, instances named by their dimension without ids', () => {
    const p = placeDsg(base, { lat, lon, ragged: [3, 1] });
    expect(p.tracks.map((t) => Array.from(t))).toEqual([[0, 1, 2], [3]]);
    expect(p.labels).toEqual(['trajectory 0', 'trajectory 1']);
  });

  it('a missing or impossible position is listed as a problem, not dropped silently', () => {
    const p = placeDsg(base, { lat: [1, NaN, 95, 4], lon, ragged: [2, 2] });
    expect(Number.isNaN(p.lat[1]!) && Number.isNaN(p.lat[2]!)).toBe(true);
    expect(p.problems).toEqual(['2 of 4 obs marks have no valid latitude/longitude and are not drawn: 1, 2.']);
  });

  it('refuses counts that do not sum, negative counts, indices out of range, positions of the wrong length', () => {
    expect(() => placeDsg(base, { lat, lon, ragged: [3, 3] })).toThrow(/add up to 6, but obs has 4 elements/);
    expect(() => placeDsg(base, { lat, lon, ragged: [5, -1] })).toThrow(DsgError);
    expect(() => placeDsg(base, { lat, lon, ragged: [4] })).toThrow(/1 counts for 2 trajectory instances/);
    const indexed: DsgSpec = { ...base, layout: 'indexed', ragged: '/index' };
    expect(() => placeDsg(indexed, { lat, lon, ragged: [0, 1, 2, 1] })).toThrow(/outside the 2 instances at obs 2/);
    expect(() => placeDsg(base, { lat: [1, 2], lon, ragged: [2, 2] })).toThrow(/2 and 4 values for 4 obs positions/);
  });

  it('stations placed by their instance; points have no instances', () => {
    const ts: DsgSpec = {
      ...base,
      featureType: 'timeSeries',
      layout: 'multidimensional',
      marks: 'instance',
      placedBy: 'instance',
      length: 2,
      ragged: null,
    };
    const p = placeDsg(ts, { lat: [5, 6], lon: [7, 8], ids: ['A', 'B'], names: ['Alpha', 'B'] });
    expect([Array.from(p.lat), Array.from(p.lon), p.labels, p.tracks]).toEqual([[5, 6], [7, 8], ['A Alpha', 'B'], []]);
    const pt: DsgSpec = {
      ...base,
      featureType: 'point',
      layout: 'point',
      instanceDim: null,
      instances: 0,
      ragged: null,
    };
    const q = placeDsg(pt, { lat, lon });
    expect([Array.from(q.instance), q.labels]).toEqual([[-1, -1, -1, -1], []]);
  });
});
