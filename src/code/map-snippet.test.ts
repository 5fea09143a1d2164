/**
 * The Map view's cartopy code runs under Debian python3-cartopy on every grid-mapping fixture (written by xarray,
 * scripts/fixtures/make-grid-mappings.py), draws its map, and places the sampled cells where pyproj put them when
 * the fixtures were made (`expected.json`, `CRS.from_cf` + Transformer): the snippet's `crs` and its x/y (scaled
 * to what cartopy wants) give each cell's longitude/latitude to 1e-6°; where pyproj found no earth, neither does
 * cartopy. Natural Earth's coastlines are not on this machine and are not fetched: `coastlines()` draws nothing here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findVariable } from '../model/find';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { DIR, expected } from '../geo/testing/grid-mapping-fixtures';
import { PYTHON, runPython } from './python-env';
import { codeForView } from './snippets';

const work = mkdtempSync(join(tmpdir(), 'zarrview-cartopy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Mappings whose off-earth cells cartopy places anyway: its `transform_points` does not check the sinusoidal's domain
 * (|x| beyond πR·cos φ) and wraps such a point to some longitude near the pole, where pyproj's Transformer finds none.
 * A cartopy plot shows those cells; the viewer leaves them out, as pyproj does.
 */
const UNCHECKED_DOMAIN = new Set(['sinusoidal']);

/** Difference of two longitudes, in (−180, 180]. */
const dLon = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;

async function mapCode(name: string, projection = 'robinson') {
  const ds = await openDataset({ kind: 'local', path: join(DIR, `${name}.zarr`) }, { openStore: openStoreNode });
  const field = findVariable(ds.model.root, '/field');
  if (!field) throw new Error('no field');
  const selection = field.shape.map((_, d) => (d < field.shape.length - 2 ? 0 : null));
  return codeForView({
    location: ds.location,
    dataset: ds.model,
    variable: field,
    selection,
    mapProjection: projection,
  });
}

describe('cartopy code of the Map view', () => {
  it('Debian python3-cartopy is installed', () => {
    const r = spawnSync(PYTHON, ['-c', 'import cartopy, pyproj, matplotlib'], { encoding: 'utf8' });
    expect(r.status, `${PYTHON} needs cartopy: apt-get install -y python3-cartopy (${r.stderr})`).toBe(0);
  });

  it('is offered only for a Map view', async () => {
    const ds = await openDataset(
      { kind: 'local', path: join(DIR, 'lambert-conformal-2sp.zarr') },
      { openStore: openStoreNode },
    );
    const field = findVariable(ds.model.root, '/field')!;
    const c = codeForView({ location: ds.location, dataset: ds.model, variable: field, selection: [0, null, null] });
    expect(c.map).toBeUndefined();
    const series = codeForView({
      location: ds.location,
      dataset: ds.model,
      variable: field,
      selection: [null, 3, 4],
      mapProjection: 'robinson',
    });
    expect(series.map).toBeUndefined();
  });

  it('names the cartopy class a user would write for the common mappings', async () => {
    expect((await mapCode('geostationary')).map).toContain('crs = ccrs.Geostationary(central_longitude=-75.0');
    expect((await mapCode('rotated-pole')).map).toContain('crs = ccrs.RotatedPole(');
    expect((await mapCode('lambert-conformal-2sp')).map).toContain('crs = ccrs.LambertConformal(');
    expect((await mapCode('polar-stereographic')).map).toContain('crs = ccrs.Stereographic(central_latitude=');
    expect((await mapCode('sinusoidal')).map).toContain('pyproj.CRS.from_cf(ds["crs"].attrs)');
    expect((await mapCode('geostationary', 'orthographic')).map).toContain('plt.axes(projection=ccrs.Orthographic())');
  });

  it('a latitude/longitude field (the bundled demo) is drawn in plate carrée coordinates', async () => {
    const path = join(import.meta.dirname, '..', '..', 'public', 'demo', 't2m-2023.zarr');
    const ds = await openDataset({ kind: 'local', path }, { openStore: openStoreNode });
    const t2m = findVariable(ds.model.root, '/t2m')!;
    const code = codeForView({
      location: ds.location,
      dataset: ds.model,
      variable: t2m,
      selection: [5, null, null],
      mapProjection: 'equal-earth',
    }).map;
    expect(code).toContain('da.plot(ax=ax, transform=ccrs.PlateCarree(), x="lon", y="lat")');
    expect(code).toContain('ax = plt.axes(projection=ccrs.EqualEarth())');
    rmSync(join(work, 'map.png'), { force: true });
    await runPython(
      [
        'import matplotlib',
        'matplotlib.use("Agg")',
        'import cartopy.mpl.geoaxes as _g',
        '_g.GeoAxes.coastlines = lambda self, *a, **k: None',
        code!,
      ].join('\n'),
      120_000,
      work,
    );
    expect(statSync(join(work, 'map.png')).size).toBeGreaterThan(1000);
  });

  const names = Object.keys(expected.fixtures).filter((n) => !expected.fixtures[n]!.malformed);
  it.each(names)("%s: the snippet draws its map and puts the cells at pyproj's positions", async (name) => {
    const fx = expected.fixtures[name]!;
    const code = (await mapCode(name)).map;
    expect(code, 'a map snippet').toBeDefined();
    const cells = fx.cells ?? [];
    expect(cells.length).toBeGreaterThanOrEqual(100);
    const probe = [
      'import matplotlib',
      'matplotlib.use("Agg")',
      'import cartopy.mpl.geoaxes as _geoaxes',
      '_geoaxes.GeoAxes.coastlines = lambda self, *a, **k: None  # no Natural Earth data here',
      code!,
      'import json as _json, numpy as _np',
      `_cells = _json.loads(${JSON.stringify(JSON.stringify(cells.map((c) => [c.row, c.col])))})`,
      `_x = da[${JSON.stringify(fx.x)}].values`,
      `_y = da[${JSON.stringify(fx.y)}].values`,
      '_p = ccrs.PlateCarree().transform_points(crs, _np.array([_x[c] for r, c in _cells], "f8"), _np.array([_y[r] for r, c in _cells], "f8"))',
      'print("@@POS@@" + _json.dumps([[float(a), float(b)] if _np.isfinite(a) and _np.isfinite(b) else None for a, b in _p[:, :2]]))',
    ].join('\n');
    rmSync(join(work, 'map.png'), { force: true });
    const out = await runPython(probe, 120_000, work);
    expect(statSync(join(work, 'map.png')).size).toBeGreaterThan(1000);
    const line = out.split('\n').find((l) => l.startsWith('@@POS@@'));
    const pos = JSON.parse(line!.slice('@@POS@@'.length)) as ([number, number] | null)[];
    cells.forEach((c, i) => {
      const p = pos[i];
      if (c.lon === null || c.lat === null) {
        if (!UNCHECKED_DOMAIN.has(name)) expect(p, `cell ${c.row},${c.col} has no earth`).toBeNull();
        return;
      }
      expect(p, `cell ${c.row},${c.col}`).not.toBeNull();
      expect(Math.abs(dLon(p![0], c.lon)), `lon of ${c.row},${c.col}`).toBeLessThan(1e-6);
      expect(Math.abs(p![1] - c.lat), `lat of ${c.row},${c.col}`).toBeLessThan(1e-6);
    });
  });
});
