/**
 * The DSG fixtures (fixtures/dsg/, scripts/fixtures/make-dsg.py, netCDF4-python): each data variable's layout is
 * found in the metadata, and the marks placed through the dataset's reads are at the positions, on the tracks and
 * with the ids netCDF4-python reads (expected.json); the malformed files are refused with their problem named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStrings } from '../../cf/axis-values';
import { decodeSlice } from '../../cf/decode';
import { findVariable } from '../../model/find';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';
import { findDsg } from './detect';
import { loadDsg } from './load';
import { DsgError, type DsgSpec } from './types';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'dsg');
interface Obs {
  index: number;
  lat: number;
  lon: number;
  value: number;
}
interface Instance {
  id: string;
  name?: string;
  lat?: number;
  lon?: number;
  obs?: Obs[];
}
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<
  string,
  {
    featureType: string;
    variable: string;
    instances: Instance[];
    points?: { lat: number | null; lon: number; value: number }[];
    sum: number;
    obs: number;
  }
>;

async function open(file: string) {
  const ds = await openDataset({ kind: 'local', path: join(DIR, file) }, { openStore: openStoreNode });
  const read = async (path: string) => {
    const v = findVariable(ds.model.root, path)!;
    const d = decodeSlice(
      await ds.read(
        path,
        v.shape.map(() => null),
      ),
    );
    return Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
  };
  const readText = (path: string) => readStrings(ds, findVariable(ds.model.root, path)!);
  const dsg = (path: string) => findDsg(ds.model, findVariable(ds.model.root, path)!);
  return { ds, read, readText, dsg };
}

function specOf(r: ReturnType<typeof findDsg>): DsgSpec {
  if (r.kind !== 'dsg') throw new Error(`not a DSG: ${JSON.stringify(r)}`);
  return r.spec;
}

describe('DSG fixtures', () => {
  it('a timeSeries orthogonal array: one mark per station at its position, labelled by id and name', async () => {
    const want = expected['stations-ts.nc']!;
    const f = await open('stations-ts.nc');
    const spec = specOf(f.dsg(want.variable));
    expect(spec).toMatchObject({
      featureType: want.featureType,
      layout: 'multidimensional',
      instanceDim: 'station',
      elementDim: 'time',
      mapDim: 0,
      marks: 'instance',
      placedBy: 'instance',
      ids: '/station_id',
      names: '/station_name',
      length: want.instances.length,
    });
    const placed = await loadDsg(spec, f.read, f.readText);
    expect(Array.from(placed.lat)).toEqual(want.instances.map((s) => s.lat));
    expect(Array.from(placed.lon)).toEqual(want.instances.map((s) => s.lon));
    expect(placed.labels).toEqual(want.instances.map((s) => `${s.id} ${s.name}`));
    expect(Array.from(placed.instance)).toEqual(want.instances.map((_, i) => i));
    expect(placed.tracks).toEqual([]);
    expect(placed.problems).toEqual([]);
    // The geometry's own variables are not data to place.
    for (const p of ['/lat', '/lon', '/time', '/station_id', '/station_name']) expect(f.dsg(p).kind).toBe('none');
  });

  it('a profile orthogonal array: one mark per profile at its position, labelled by its profile_id, depth on the slider', async () => {
    const want = expected['profiles.nc']!;
    const f = await open('profiles.nc');
    const spec = specOf(f.dsg(want.variable));
    expect(spec).toMatchObject({
      featureType: want.featureType,
      layout: 'multidimensional',
      instanceDim: 'profile',
      elementDim: 'z',
      mapDim: 0,
      marks: 'instance',
      placedBy: 'instance',
      ids: '/profile_id',
      length: want.instances.length,
    });
    const placed = await loadDsg(spec, f.read, f.readText);
    expect(Array.from(placed.lat)).toEqual(want.instances.map((s) => s.lat));
    expect(Array.from(placed.lon)).toEqual(want.instances.map((s) => s.lon));
    expect(placed.labels).toEqual(want.instances.map((s) => s.id));
    expect(placed.problems).toEqual([]);
  });

  it('a timeSeriesProfile orthogonal array: one mark per station, time and depth on sliders', async () => {
    const want = expected['station-profiles.nc']!;
    const f = await open('station-profiles.nc');
    const spec = specOf(f.dsg(want.variable));
    expect(spec).toMatchObject({
      featureType: want.featureType,
      layout: 'multidimensional',
      instanceDim: 'station',
      mapDim: 0,
      marks: 'instance',
      ids: '/station_id',
    });
    const placed = await loadDsg(spec, f.read, f.readText);
    expect(Array.from(placed.lat)).toEqual(want.instances.map((s) => s.lat));
    expect(Array.from(placed.lon)).toEqual(want.instances.map((s) => s.lon));
    expect(placed.labels).toEqual(want.instances.map((s) => s.id));
  });

  for (const [file, layout] of [
    ['trajectories-ragged.nc', 'contiguous'],
    ['trajectories-indexed.nc', 'indexed'],
  ] as const) {
    it(`a ${layout} ragged trajectory array: each observation on its track, in order, at its position`, async () => {
      const want = expected[file]!;
      const f = await open(file);
      const spec = specOf(f.dsg(want.variable));
      expect(spec).toMatchObject({
        featureType: 'trajectory',
        layout,
        instanceDim: 'trajectory',
        elementDim: 'obs',
        marks: 'element',
        placedBy: 'element',
        ids: '/trajectory_id',
        instances: want.instances.length,
      });
      const placed = await loadDsg(spec, f.read, f.readText);
      expect(placed.labels).toEqual(want.instances.map((t) => t.id));
      expect(placed.tracks.map((t) => Array.from(t))).toEqual(want.instances.map((t) => t.obs!.map((o) => o.index)));
      for (const [i, t] of want.instances.entries()) {
        for (const o of t.obs!) {
          expect([placed.lat[o.index], placed.lon[o.index], placed.instance[o.index]]).toEqual([o.lat, o.lon, i]);
        }
      }
      expect(f.dsg(spec.ragged!).kind).toBe('none');
    });
  }

  it('points: each placed by its own latitude/longitude, the one without a latitude listed, not dropped', async () => {
    const want = expected['points.nc']!;
    const f = await open('points.nc');
    const spec = specOf(f.dsg(want.variable));
    expect(spec).toMatchObject({ featureType: 'point', layout: 'point', instanceDim: null, marks: 'element' });
    const placed = await loadDsg(spec, f.read, f.readText);
    const nan = (x: number) => (Number.isNaN(x) ? null : x);
    expect(Array.from(placed.lat, nan)).toEqual(want.points!.map((p) => p.lat));
    expect(Array.from(placed.lon, nan)).toEqual(want.points!.map((p) => (p.lat === null ? null : p.lon)));
    const missing = want.points!.flatMap((p, k) => (p.lat === null ? [k] : []));
    expect(missing).toHaveLength(1);
    expect(placed.problems).toEqual([
      `1 of ${want.points!.length} obs marks have no valid latitude/longitude and are not drawn: ${missing[0]}.`,
    ]);
  });

  it('an incomplete multidimensional timeSeries: one mark per station, numeric ids as labels', async () => {
    const want = expected['stations-incomplete.nc']!;
    const f = await open('stations-incomplete.nc');
    const spec = specOf(f.dsg(want.variable));
    expect(spec).toMatchObject({ layout: 'multidimensional', instanceDim: 'station', elementDim: 'obs', mapDim: 0 });
    const placed = await loadDsg(spec, f.read, f.readText);
    expect(Array.from(placed.lat)).toEqual(want.instances.map((s) => s.lat));
    expect(Array.from(placed.lon)).toEqual(want.instances.map((s) => s.lon));
    expect(placed.labels).toEqual(want.instances.map((s) => s.id));
    expect(f.dsg('/time').kind).toBe('none');
  });

  it('a contiguous ragged timeSeries: each observation at its station', async () => {
    const want = expected['stations-ragged.nc']!;
    const f = await open('stations-ragged.nc');
    const spec = specOf(f.dsg(want.variable));
    expect(spec).toMatchObject({
      layout: 'contiguous',
      marks: 'element',
      placedBy: 'instance',
      instances: 3,
      stacked: true,
      time: { path: '/time', along: 'element' },
    });
    const placed = await loadDsg(spec, f.read, f.readText);
    expect(placed.labels).toEqual(want.instances.map((s) => s.id));
    const obs = want.instances.flatMap((s, i) => s.obs!.map((o) => ({ ...o, i })));
    expect(obs.map((o) => [placed.lat[o.index], placed.lon[o.index], placed.instance[o.index]])).toEqual(
      obs.map((o) => [o.lat, o.lon, o.i]),
    );
    expect(placed.tracks).toEqual([]);
  });

  it('counts that do not add up to the sample dimension are refused, naming both numbers', async () => {
    const want = expected['bad-counts.nc']!;
    const f = await open('bad-counts.nc');
    const spec = specOf(f.dsg('/sst'));
    const err = await loadDsg(spec, f.read, f.readText).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DsgError);
    expect((err as Error).message).toContain(`add up to ${want.sum}, but obs has ${want.obs} elements`);
  });

  it('a featureType without latitude/longitude is a problem naming what is missing', async () => {
    const f = await open('no-latlon.nc');
    const r = f.dsg('/temp');
    expect(r.kind).toBe('problem');
    expect(r.kind === 'problem' && r.message).toContain('has no latitude nor longitude');
  });
});
