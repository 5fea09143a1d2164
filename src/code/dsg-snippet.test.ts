/**
 * The Map of a CF discrete sampling geometry as cartopy code (fixtures/dsg, written by netCDF4-python): the snippet
 * runs under Debian python3-cartopy, draws its map, and puts one marker per value at the latitude/longitude
 * netCDF4-python reads for it, coloured by that value; ragged stations (marks at the sliders' time) have none.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DimSelection } from '../api';
import { findVariable } from '../model/find';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { runPython } from './python-env';
import { codeForView } from './snippets';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'dsg');
const work = mkdtempSync(join(tmpdir(), 'zarrview-dsg-code-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function mapCode(file: string, path: string, selection: readonly DimSelection[]) {
  const ds = await openDataset({ kind: 'local', path: join(DIR, file) }, { openStore: openStoreNode });
  const variable = findVariable(ds.model.root, path)!;
  return codeForView({ location: ds.location, dataset: ds.model, variable, selection, mapProjection: 'robinson' }).map;
}

/** Python checking the snippet's markers against netCDF4-python's reading of the same file and selection. */
function probe(code: string, file: string, name: string, index: string): string {
  return [
    'import matplotlib',
    'matplotlib.use("Agg")',
    'import cartopy.mpl.geoaxes as _g',
    '_g.GeoAxes.coastlines = lambda self, *a, **k: None  # no Natural Earth data here',
    code,
    'import json as _json, netCDF4 as _nc, numpy as _np',
    `_d = _nc.Dataset(${JSON.stringify(join(DIR, file))})`,
    `_v = _np.ma.filled(_d[${JSON.stringify(name)}]${index}.astype("f8"), _np.nan).ravel()`,
    '_lat = _np.ma.filled(_d["lat"][:].astype("f8"), _np.nan).ravel()',
    '_lon = _np.ma.filled(_d["lon"][:].astype("f8"), _np.nan).ravel()',
    '# matplotlib masks a marker without a position or a value (a masked latitude, a fill value).',
    '_k = _np.isfinite(_lat) & _np.isfinite(_lon) & _np.isfinite(_v)',
    '_xy = _np.ma.filled(_np.ma.asarray(marks.get_offsets(), "f8"), _np.nan)',
    '_c = _np.ma.filled(_np.ma.asarray(marks.get_array(), "f8"), _np.nan)',
    '_shown = _np.isfinite(_c) & _np.isfinite(_xy).all(axis=1)',
    '_same = _shown.shape == _k.shape and bool((_shown == _k).all())',
    'print("@@", _json.dumps({"n": int(_k.size), "shown": int(_k.sum()),',
    '    "xy": _same and bool(_np.allclose(_xy[_k, 0], _lon[_k]) and _np.allclose(_xy[_k, 1], _lat[_k])),',
    '    "c": _same and bool(_np.allclose(_c[_k], _v[_k]))}))',
  ].join('\n');
}

describe('cartopy code of a DSG Map', () => {
  const cases: [string, string, readonly DimSelection[], string, number][] = [
    ['stations-ts.nc', '/temp', [null, 2], '[:, 2]', 5],
    ['points.nc', '/pressure', [null], '[:]', 8],
    ['trajectories-2d.nc', '/sst', [null, null], '[:, :]', 0],
    ['profiles.nc', '/temp', [null, 0], '[:, 0]', 4],
  ];
  it.each(cases)(
    '%s: one marker per value at its latitude/longitude, in its colour',
    async (file, path, sel, index, n) => {
      const code = await mapCode(file, path, sel);
      expect(code, 'a map snippet').toBeDefined();
      expect(code).toContain('marks = ax.scatter(');
      rmSync(join(work, 'map.png'), { force: true });
      const out = await runPython(probe(code!, file, path.slice(1), index), 120_000, work);
      expect(statSync(join(work, 'map.png')).size).toBeGreaterThan(1000);
      const r = JSON.parse(out.split('@@ ').pop()!) as { n: number; shown: number; xy: boolean; c: boolean };
      expect(r.shown).toBeGreaterThan(2);
      if (n) expect(r.n).toBe(n);
      expect(r).toMatchObject({ xy: true, c: true });
    },
  );

  it('ragged stations, drawn at the sliders’ time, have no cartopy code', async () => {
    expect(await mapCode('stations-ragged.nc', '/temp', [null])).toBeUndefined();
  });
});
