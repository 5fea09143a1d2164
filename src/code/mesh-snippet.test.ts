/**
 * The Map of an unstructured mesh as matplotlib + cartopy code (fixtures/meshes, scripts/fixtures/make-meshes.py,
 * netCDF4-python): the snippet runs under Debian's python3 (Agg, its figure saved to a file) on the ICON-like,
 * UGRID, MPAS and malformed UGRID fixtures, and its PolyCollection holds one polygon per face Zarrview draws — the
 * same faces (the malformed ones left out), the same rings (src/geo/mesh `planarRing`, shifted as the lookup
 * shifts them) and the values of the slice Zarrview reads. The uxarray variant is checked as text only: uxarray is
 * not installable here (neither Debian nor this machine's package index has it).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DimSelection } from '../api';
import { decodeSlice } from '../cf/decode';
import { findMesh } from '../geo/mesh/detect';
import { loadMesh } from '../geo/mesh/load';
import { planarRing } from '../geo/mesh/lookup';
import { findVariable } from '../model/find';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { runPython } from './python-env';
import { codeForView } from './snippets';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'meshes');
const work = mkdtempSync(join(tmpdir(), 'zarrview-mesh-code-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function open(file: string, path: string) {
  const ds = await openDataset({ kind: 'local', path: join(DIR, file) }, { openStore: openStoreNode });
  const variable = findVariable(ds.model.root, path)!;
  const read = async (p: string, sel?: readonly DimSelection[]) => {
    const shape = findVariable(ds.model.root, p)!.shape;
    const d = decodeSlice(await ds.read(p, sel ?? shape.map(() => null)));
    return Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
  };
  return { ds, variable, read };
}

/** Python run after the snippet: the faces drawn, their rings and the collection's values. */
const PROBE = [
  'import json as _json, numpy as _np',
  '_vals = _np.ma.filled(_np.ma.asarray(pc.get_array(), "f8"), _np.nan)',
  'print("@@" + _json.dumps({"paths": len(pc.get_paths()), "cells": [int(k) for k in cells],',
  '    "rings": [[[float(x), float(y)] for x, y in r] for r in polygons],',
  '    "values": [None if not _np.isfinite(x) else float(x) for x in _vals]}))',
].join('\n');

const CASES: [string, string, string, readonly DimSelection[]][] = [
  ['icon-like.nc', '/S', 'ICON-like bounds in radians', [1, null]],
  ['ugrid.nc', '/zeta', 'UGRID, 1-based, triangles and quads', [1, null]],
  ['mpas-like.nc', '/temperature', 'MPAS, radians, nEdgesOnCell', [1, null]],
  ['ugrid-malformed.nc', '/zeta', 'UGRID with planted faults', [0, null]],
];

describe('matplotlib code of a mesh Map', () => {
  it.each(CASES)('%s %s (%s): the polygons and values Zarrview draws', async (file, path, _label, selection) => {
    const { ds, variable, read } = await open(file, path);
    const code = codeForView({
      location: ds.location,
      dataset: ds.model,
      variable,
      selection,
      mapProjection: 'robinson',
      mapStyle: { colormap: 'magma', invert: true, scale: 'linear', range: [0, 1], center: [0, 0] },
    });
    expect(code.mapTitle).toBe('Map (matplotlib)');
    const map = code.map!;
    expect(map).toContain('PolyCollection(polygons, array=values[cells], cmap="magma_r", clim=(0.0, 1.0)');
    expect(map).toContain('ax = plt.axes(projection=ccrs.Robinson())');
    // Zarrview's faces: the mesh built from the same arrays, its rings as the lookup shifts them.
    const found = findMesh(ds.model, variable);
    if (found.kind !== 'mesh') throw new Error('no mesh');
    const { geometry: g } = await loadMesh(found.mesh, (p) => read(p));
    const slice = await read(variable.path, selection);
    const faces: number[] = [];
    const rings: number[][][] = [];
    for (let k = 0; k < g.faces; k++) {
      const ring = planarRing(g.lon, g.lat, g.offsets[k]!, g.offsets[k + 1]!);
      if (!ring) continue;
      const lo = Math.min(...ring.map((p) => p[0]!));
      const shift = -360 * Math.floor((lo + 180) / 360);
      faces.push(k);
      rings.push(ring.map(([x = 0, y = 0]) => [x + shift, y]));
    }
    rmSync(join(work, 'map.png'), { force: true });
    const out = await runPython(
      [
        'import matplotlib',
        'matplotlib.use("Agg")',
        'import cartopy.mpl.geoaxes as _g',
        '_g.GeoAxes.coastlines = lambda self, *a, **k: None  # no Natural Earth data here',
        map,
        PROBE,
      ].join('\n'),
      180_000,
      work,
    );
    expect(statSync(join(work, 'map.png')).size).toBeGreaterThan(1000);
    const r = JSON.parse(out.split('@@').pop()!) as {
      paths: number;
      cells: number[];
      rings: number[][][];
      values: (number | null)[];
    };
    expect(faces.length).toBeGreaterThan(100);
    expect(r.paths).toBe(faces.length);
    expect(r.cells).toEqual(faces);
    r.rings.forEach((ring, i) => {
      const want = rings[i]!;
      expect(ring.length, `face ${faces[i]}`).toBe(want.length);
      ring.forEach(([x = 0, y = 0], j) => {
        expect(Math.abs(x - want[j]![0]!), `face ${faces[i]} vertex ${j}`).toBeLessThan(1e-9);
        expect(Math.abs(y - want[j]![1]!), `face ${faces[i]} vertex ${j}`).toBeLessThan(1e-9);
      });
    });
    r.values.forEach((x, i) => {
      const w = slice[faces[i]!]!;
      if (x === null || Number.isNaN(w)) expect([i, x]).toEqual([i, Number.isNaN(w) ? null : w]);
      else expect(Math.abs(x - w), `face ${faces[i]}`).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(w)));
    });
  });

  it('the uxarray variant opens the file with ux.open_dataset(grid, data), or builds the grid from bounds', async () => {
    const ugrid = await open('ugrid.nc', '/zeta');
    const u = codeForView({
      location: ugrid.ds.location,
      dataset: ugrid.ds.model,
      variable: ugrid.variable,
      selection: [1, null],
      mapProjection: 'robinson',
    }).uxarray!;
    const file = JSON.stringify(join(DIR, 'ugrid.nc'));
    expect(u).toContain(`uxds = ux.open_dataset(${file}, ${file})`);
    expect(u).toContain('uxda = uxds["zeta"].isel({"time": 1})');
    expect(u).toContain('pc = uxda.to_polycollection()');
    expect(u).toMatch(/^# Needs uxarray/);
    const icon = await open('icon-like.nc', '/S');
    const i = codeForView({
      location: icon.ds.location,
      dataset: icon.ds.model,
      variable: icon.variable,
      selection: [0, null],
      mapProjection: 'robinson',
    }).uxarray!;
    expect(i).toContain('uxgrid = ux.Grid.from_face_vertices(np.stack([lon_v, lat_v], axis=-1), latlon=True)');
    expect(i).toContain('uxda = ux.UxDataArray(da.rename({"ncells": "n_face"}), uxgrid=uxgrid)');
  });

  it.each([
    ['log', 'LogNorm'],
    ['symlog', 'SymLogNorm'],
  ])('the Map’s %s scale is a matplotlib %s', async (scale, norm) => {
    const { ds, variable } = await open('ugrid.nc', '/zeta');
    const map = codeForView({
      location: ds.location,
      dataset: ds.model,
      variable,
      selection: [1, null],
      mapProjection: 'equirectangular',
      mapStyle: { colormap: 'viridis', invert: false, scale, range: null, center: [0, 0] },
    }).map!;
    const out = await runPython(
      [
        'import matplotlib',
        'matplotlib.use("Agg")',
        'import cartopy.mpl.geoaxes as _g',
        '_g.GeoAxes.coastlines = lambda self, *a, **k: None',
        map,
        'print("@@", type(pc.norm).__name__, pc.norm.vmin < pc.norm.vmax)',
      ].join('\n'),
      180_000,
      work,
    );
    expect(out.split('@@ ').pop()!.trim()).toBe(`${norm} True`);
  });

  it('node-located data and a thinned read have no mesh code', async () => {
    const { ds, variable } = await open('ugrid.nc', '/depth');
    const base = { location: ds.location, dataset: ds.model, variable, mapProjection: 'robinson' };
    expect(codeForView({ ...base, selection: [null] }).map).toBeUndefined();
    const zeta = await open('ugrid.nc', '/zeta');
    const z = {
      location: zeta.ds.location,
      dataset: zeta.ds.model,
      variable: zeta.variable,
      mapProjection: 'robinson',
    };
    expect(codeForView({ ...z, selection: [0, null], stride: 2 }).map).toBeUndefined();
  });
});
