/**
 * The DSG fixtures of every featureType and ragged layout, and the single-feature files (scripts/fixtures/
 * dsg_ragged.py and dsg_single.py, netCDF4-python): each data variable's layout is found in the metadata; every
 * element is placed at the position, with the feature, profile, time and depth netCDF4-python reads; the element shown at each place for given slider values and the
 * series a click gives are netCDF4-python's elements chosen and ordered by their own time and depth.
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
import { featureSeries, shownMarks, sliderSteps } from './select';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'dsg');
interface Element {
  index: number;
  lat: number | null;
  lon: number | null;
  value: number | null;
  time: number | null;
  z: number | null;
  profile: number | null;
}
interface Expected {
  featureType: string;
  variable: string;
  dims: string[];
  features: { id: string; elements: Element[] }[];
}
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<string, Expected>;

/** Per fixture: its layout, and whether several elements share a place (the Map's own sliders choose one). */
const CASES = [
  ['stations-indexed.nc', 'indexed', true],
  ['trajectories-2d.nc', 'multidimensional', false],
  ['profiles-ragged.nc', 'contiguous', true],
  ['profiles-indexed.nc', 'indexed', true],
  ['station-profiles-ragged.nc', 'contiguous', true],
  ['trajectory-profiles.nc', 'multidimensional', false],
  ['trajectory-profiles-ragged.nc', 'contiguous', true],
  // One feature, no instance dimension (scripts/fixtures/dsg_single.py, CF H.2.3, H.4.2, H.3.3).
  ['single-timeseries.nc', 'single', true],
  ['single-trajectory.nc', 'single', false],
  ['single-profile.nc', 'single', true],
] as const;

async function placed(file: string) {
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
  const want = expected[file]!;
  const r = findDsg(ds.model, findVariable(ds.model.root, want.variable)!);
  if (r.kind !== 'dsg') throw new Error(`${file}: ${JSON.stringify(r)}`);
  const marks = await loadDsg(r.spec, read, (p) => readStrings(ds, findVariable(ds.model.root, p)!));
  const values = await read(want.variable);
  return { spec: r.spec, marks, values, want };
}

const nan = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? null : x);
const dist = (a: number | null, b: number | null) => (a === null || b === null ? 0 : Math.abs(a - b));

describe('DSG fixtures of every featureType and ragged layout', () => {
  for (const [file, layout, stacked] of CASES) {
    it(`${file}: ${layout}, every element at netCDF4-python's position, feature, time and depth`, async () => {
      const { spec, marks, want } = await placed(file);
      expect(spec).toMatchObject({ featureType: want.featureType, layout, stacked, instances: want.features.length });
      expect(spec.mapDims.map((d) => want.dims[d])).toEqual(
        want.dims.length === 3 ? want.dims.slice(0, 2) : want.dims.length === 2 ? want.dims : [want.dims[0]],
      );
      expect(marks.labels).toEqual(want.features.map((f) => f.id));
      const all = want.features.flatMap((f, i) => f.elements.map((e) => ({ ...e, i })));
      const got = (k: number) => ({
        lat: nan(marks.lat[k]),
        lon: nan(marks.lon[k]),
        time: marks.time ? nan(marks.time[k]) : null,
        z: marks.z ? nan(marks.z[k]) : null,
        profile: marks.profile ? marks.profile[k] : null,
        i: marks.instance[k],
      });
      // Elements are the marks along the Map's dimensions (a 3-D variable: one mark per its first two).
      const inner = want.dims.length === 3 ? all.filter((e) => e.index % 4 === 0) : all;
      const mark = (e: Element) => (want.dims.length === 3 ? e.index / 4 : e.index);
      const z3 = want.dims.length === 3;
      expect(inner.map((e) => got(mark(e)))).toEqual(
        inner.map((e) => ({
          lat: e.lat,
          lon: e.lon,
          time: e.time,
          z: z3 ? null : e.z,
          profile: e.profile,
          i: e.i,
        })),
      );
      expect(marks.problems).toEqual([]);
    });
  }

  for (const [file, , stacked] of CASES.filter((c) => c[2])) {
    it(`${file}: at each place the element nearest the sliders is shown; a click gives the feature in order`, async () => {
      const { spec, marks, values, want } = await placed(file);
      expect(stacked).toBe(true);
      const steps = sliderSteps(spec, marks);
      const all = want.features.flatMap((f, i) => f.elements.map((e) => ({ ...e, i })));
      const placeOf = (e: Element & { i: number }) => (spec.placedBy === 'profile' ? e.profile : e.i);
      const at = { time: steps.time?.[2] ?? null, z: steps.z?.[1] ?? null };
      const { shown } = shownMarks(spec, marks, at);
      const places = [...new Set(all.map(placeOf))];
      const chosen = places.map(
        (p) =>
          all
            .filter((e) => placeOf(e) === p)
            .reduce((b, e) => {
              const d = dist(e.time, at.time) - dist(b.time, at.time);
              return d < 0 || (d === 0 && dist(e.z, at.z) < dist(b.z, at.z)) ? e : b;
            }).index,
      );
      expect(Array.from(shown).flatMap((s, k) => (s ? [k] : []))).toEqual([...chosen].sort((a, b) => a - b));
      // A click on the first feature's shown mark gives its series from netCDF4-python's values.
      const f0 = want.features[0]!;
      const k = chosen[places.indexOf(placeOf({ ...f0.elements[0]!, i: 0 }))]!;
      const series = featureSeries(spec, marks, k, values, at)!;
      let members = f0.elements.filter((e) => spec.placedBy !== 'profile' || e.profile === f0.elements[0]!.profile);
      if (want.featureType === 'timeSeriesProfile') {
        const byProfile = new Map<number, Element>();
        for (const e of members) {
          const b = byProfile.get(e.profile!);
          if (!b || dist(e.z, at.z) < dist(b.z, at.z)) byProfile.set(e.profile!, e);
        }
        members = [...byProfile.values()];
      }
      const along = want.featureType === 'timeSeries' || want.featureType === 'timeSeriesProfile' ? 'time' : 'z';
      const sorted = [...members].sort((a, b) => a[along]! - b[along]! || a.index - b.index);
      expect(series.along).toBe(along);
      expect(series.x).toEqual(sorted.map((e) => e[along]));
      expect(series.y).toEqual(sorted.map((e) => e.value));
    });
  }

  it('single-trajectory.nc: one track, its observations in time order, labelled by the scalar id; a click gives it', async () => {
    const { spec, marks, values, want } = await placed('single-trajectory.nc');
    expect(spec).toMatchObject({ instanceDim: null, placedBy: 'element', marks: 'element', ids: '/trajectory' });
    const obs = [...want.features[0]!.elements].sort((a, b) => a.time! - b.time! || a.index - b.index);
    expect(marks.tracks.map((t) => Array.from(t))).toEqual([obs.map((e) => e.index)]);
    const series = featureSeries(spec, marks, obs[3]!.index, values, { time: null, z: null })!;
    expect(series).toEqual({
      along: 'time',
      elements: obs.map((e) => e.index),
      x: obs.map((e) => e.time),
      y: obs.map((e) => e.value),
    });
  });

  it('single-timeseries.nc and single-profile.nc: one disc at the scalar position, the scalar coordinates per element', async () => {
    const ts = (await placed('single-timeseries.nc')).spec;
    expect(ts).toMatchObject({ placedBy: 'instance', ids: '/station_name', time: { path: '/time', along: 'element' } });
    expect(ts.z).toEqual({ path: '/alt', along: 'instance' });
    const { spec, marks } = await placed('single-profile.nc');
    expect(spec).toMatchObject({ ids: '/profile', time: { path: '/time', along: 'instance' } });
    expect(new Set(marks.place)).toEqual(new Set([0]));
  });

  it('trajectories-2d.nc: the tracks are the trajectories’ placed observations in time order; a click gives them', async () => {
    const { spec, marks, values, want } = await placed('trajectories-2d.nc');
    const placedObs = want.features.map((f) =>
      f.elements.filter((e) => e.lat !== null).sort((a, b) => a.time! - b.time! || a.index - b.index),
    );
    expect(marks.tracks.map((t) => Array.from(t))).toEqual(placedObs.map((o) => o.map((e) => e.index)));
    const last = placedObs[2]!;
    const series = featureSeries(spec, marks, last[1]!.index, values, { time: null, z: null })!;
    expect(series).toEqual({
      along: 'time',
      elements: last.map((e) => e.index),
      x: last.map((e) => e.time),
      y: last.map((e) => e.value),
    });
  });
});
