/**
 * The simple geometry fixtures (fixtures/geometries/, scripts/fixtures/make-geometries.py, netCDF4-python): each
 * data variable's container is found in the metadata, the shapes built through the dataset's reads hold the sample
 * points shapely finds in them (holes excluded; expected.json), with netCDF4-python's ids, names and areas; the
 * malformed containers are refused with the variable named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStrings } from '../../cf/axis-values';
import { decodeSlice } from '../../cf/decode';
import { findVariable } from '../../model/find';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';
import { buildGeometries } from './build';
import { geometryAt } from './contains';
import { findGeometry } from './detect';
import { loadGeometries } from './load';
import { GeometryError, type GeometrySpec } from './types';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'geometries');
interface Expected {
  variable: string;
  geometryType: string;
  instances: {
    id?: string;
    name?: string;
    area?: number;
    parts?: number;
    nodes?: number;
    x?: number;
    y?: number;
    values: number[];
  }[];
  samples?: { lon: number; lat: number; instance: number; distance: number; hole: boolean }[];
  x?: number[];
  y?: number[];
  variables?: Record<string, string>;
}
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<string, Expected>;

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
  const find = (path: string) => findGeometry(ds.model, findVariable(ds.model.root, path)!);
  return { read, readText, find };
}

function specOf(r: ReturnType<typeof findGeometry>): GeometrySpec {
  if (r.kind !== 'geometry') throw new Error(`not a geometry: ${JSON.stringify(r)}`);
  return r.spec;
}

/** Shoelace area of a ring (x/y interleaved). */
function ringArea(xy: Float64Array): number {
  let s = 0;
  const n = xy.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) s += xy[2 * j]! * xy[2 * i + 1]! - xy[2 * i]! * xy[2 * j + 1]!;
  return Math.abs(s) / 2;
}

describe('simple geometry fixtures', () => {
  it('polygons with holes and parts: the sample points are in the polygon shapely finds, none in a hole', async () => {
    const want = expected['polygons.nc']!;
    const f = await open('polygons.nc');
    const spec = specOf(f.find(want.variable));
    expect(spec).toMatchObject({
      geometryType: 'polygon',
      container: '/geometry_container',
      instanceDim: 'instance',
      mapDim: 0,
      instances: 4,
      x: '/x',
      y: '/y',
      lonLat: true,
      nodeCount: '/node_count',
      partNodeCount: '/part_node_count',
      interiorRing: '/interior_ring',
      gridMapping: '/crs',
      ids: '/division_id',
      names: '/division_name',
    });
    const g = await loadGeometries(spec, f.read, f.readText);
    expect(g.labels).toEqual(want.instances.map((w, i) => `instance ${i} (${w.id} ${w.name})`));
    g.shapes.forEach((parts, i) => {
      expect(parts.length).toBe(want.instances[i]!.parts);
      const area = parts.reduce((s, p) => s + (p.hole ? -1 : 1) * ringArea(p.xy), 0);
      expect(area).toBeCloseTo(want.instances[i]!.area!, 9);
    });
    const rings = g.shapes.map((parts) => parts.map((p) => p.xy));
    const samples = want.samples!.filter((s) => s.distance > 1e-6);
    expect(samples.length).toBeGreaterThanOrEqual(100);
    expect(samples.some((s) => s.hole)).toBe(true);
    for (const s of samples) expect([s, geometryAt('polygon', rings, s.lon, s.lat, 0)]).toEqual([s, s.instance]);
  });

  it('lines of several parts, and points without node_count', async () => {
    const lines = expected['lines.nc']!;
    const f = await open('lines.nc');
    const spec = specOf(f.find(lines.variable));
    expect(spec).toMatchObject({ geometryType: 'line', interiorRing: null, ids: null, names: null });
    const g = await loadGeometries(spec, f.read, f.readText);
    expect(g.shapes.map((p) => p.length)).toEqual(lines.instances.map((i) => i.parts));
    expect(g.shapes.map((p) => p.reduce((s, q) => s + q.xy.length / 2, 0))).toEqual(
      lines.instances.map((i) => i.nodes),
    );
    expect(g.shapes.flatMap((p) => p.flatMap((q) => Array.from(q.xy.filter((_, k) => k % 2 === 0))))).toEqual(lines.x);
    expect(
      geometryAt(
        'line',
        g.shapes.map((p) => p.map((q) => q.xy)),
        -81.5,
        32,
        0.1,
      ),
    ).toBe(1);

    const points = expected['points.nc']!;
    const p = await open('points.nc');
    const pspec = specOf(p.find(points.variable));
    expect(pspec).toMatchObject({ geometryType: 'point', nodeCount: null, ids: '/site_name' });
    const pg = await loadGeometries(pspec, p.read, p.readText);
    expect(pg.shapes.map((s) => Array.from(s[0]!.xy))).toEqual(points.instances.map((i) => [i.x, i.y]));
    expect(pg.labels).toEqual(points.instances.map((i, k) => `instance ${k} (${i.id})`));
  });

  it('projected nodes are placed through the grid mapping at pyproj’s longitude/latitude', async () => {
    const want = expected['polygons-lcc.nc']! as unknown as { variable: string; lon: number[]; lat: number[] };
    const f = await open('polygons-lcc.nc');
    const spec = specOf(f.find(want.variable));
    expect(spec).toMatchObject({ lonLat: false, gridMapping: '/lambert', scale: 1000 });
    expect(spec.mapping?.name).toBe('lambert_conformal_conic');
    const g = await loadGeometries(spec, f.read, f.readText);
    const nodes = g.shapes.flatMap((parts) => parts.flatMap((p) => Array.from(p.xy)));
    expect(nodes).toHaveLength(want.lon.length * 2);
    want.lon.forEach((lon, k) => {
      expect(nodes[2 * k]).toBeCloseTo(lon, 6);
      expect(nodes[2 * k + 1]).toBeCloseTo(want.lat[k]!, 6);
    });
  });

  it('malformed containers are a GeometryError or a problem naming the variable', async () => {
    const names = expected['bad.nc']!.variables!;
    const f = await open('bad.nc');
    for (const v of ['/bad_nodes', '/bad_parts', '/bad_ring']) {
      const spec = specOf(f.find(v));
      const err = await loadGeometries(spec, f.read, f.readText).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GeometryError);
      expect((err as Error).message).toContain(names[v]);
    }
    const r = f.find('/bad_coord');
    expect(r.kind).toBe('problem');
    expect(r.kind === 'problem' && r.message).toContain(names['/bad_coord']);
  });

  it('a node without coordinates and a hole first are named, not dropped', () => {
    const spec = {
      geometryType: 'polygon',
      container: '/g',
      x: '/x',
      y: '/y',
      instances: 1,
      instanceDim: 'instance',
      nodeCount: '/nc',
      partNodeCount: '/pnc',
      interiorRing: '/ir',
    } as GeometrySpec;
    const base = {
      x: [0, 1, 1],
      y: [0, 0, 1],
      nodeCount: [3],
      partNodeCount: [3],
      interiorRing: [0],
      ids: null,
      names: null,
    };
    expect(buildGeometries(spec, base).shapes[0]![0]!.hole).toBe(false);
    expect(() => buildGeometries(spec, { ...base, y: [0, NaN, 1] })).toThrow(/1 of 3 nodes have no \/x\/\/y value/);
    expect(() => buildGeometries(spec, { ...base, interiorRing: [1] })).toThrow(/\/ir: part 0.*hole/);
    expect(() => buildGeometries(spec, { ...base, partNodeCount: [2, 2], interiorRing: [0, 0] })).toThrow(/\/pnc/);
  });
});
