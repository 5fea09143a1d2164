/**
 * The Map of a HEALPix field as healpy code (fixtures/global-grids, scripts/fixtures/make-global-grids.py): the
 * snippet runs under Debian's python3 with healpy (Agg, its figure saved to a file), and the map it hands healpy
 * holds, at the cell healpy's own ang2pix finds for each sampled longitude/latitude with the snippet's `nest=`,
 * the value Zarrview's lookup draws there from the slice Zarrview reads — for a nested pyramid level (the level
 * the Map shows, opened by its group), a ring field and a field on part of the sphere.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DimSelection } from '../api';
import { decodeSlice } from '../cf/decode';
import { healpixGrid, healpixLookup } from '../geo/healpix/index';
import { loadHealpix } from '../geo/healpix/load';
import { expected, openCase } from '../geo/testing/global-grid-fixtures';
import { runPython } from './python-env';
import { codeForView } from './snippets';

const work = mkdtempSync(join(tmpdir(), 'zarrview-healpy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Python run around the snippet: healpy's views record the map and the arguments they are given. */
function probe(code: string, lon: readonly number[], lat: readonly number[]): string {
  return [
    'import matplotlib',
    'matplotlib.use("Agg")',
    'import healpy as _hp',
    '_calls = []',
    'def _record(name):',
    '    real = getattr(_hp, name)',
    '    def view(m, **kw):',
    '        _calls.append((name, m, kw))',
    '        return real(m, **kw)',
    '    return view',
    'for _n in ("mollview", "cartview", "orthview"):',
    '    setattr(_hp, _n, _record(_n))',
    code,
    'import json as _json, numpy as _np',
    '_name, _m, _kw = _calls[-1]',
    `_lon = _np.array(${JSON.stringify(lon)}, "f8")`,
    `_lat = _np.array(${JSON.stringify(lat)}, "f8")`,
    '_nside = _hp.npix2nside(len(_m))',
    '_pix = _hp.ang2pix(_nside, _lon, _lat, nest=_kw["nest"], lonlat=True)',
    '_v = _np.asarray(_m, "f8")[_pix]',
    'print("@@" + _json.dumps({"view": _name, "nest": bool(_kw["nest"]), "nside": int(_nside), "flip": _kw.get("flip"),',
    '    "values": [None if x == _hp.UNSEEN or not _np.isfinite(x) else float(x) for x in _v]}))',
  ].join('\n');
}

interface Case {
  readonly key: string;
  readonly selection: readonly DimSelection[];
  readonly projection: string;
  /** The level the Map shows, when not the selected one. */
  readonly level?: string;
  readonly view: string;
}

const CASES: Case[] = [
  { key: 'healpix-pyramid.zarr/zoom_4/tas', selection: [1, null], projection: 'robinson', view: 'mollview' },
  {
    key: 'healpix-pyramid.zarr/zoom_4/tas',
    selection: [1, null],
    projection: 'orthographic',
    level: '/zoom_2/tas',
    view: 'orthview',
  },
  { key: 'healpix-ring.nc/pattern', selection: [null], projection: 'equirectangular', view: 'cartview' },
  { key: 'healpix-partial.nc/pattern', selection: [null], projection: 'equal-earth', view: 'mollview' },
];

describe('healpy code of a HEALPix Map', () => {
  it.each(CASES)('$key ($projection, level $level): healpy draws the slice Zarrview reads', async (c) => {
    const { ds, variable } = await openCase(c.key);
    const code = codeForView({
      location: ds.location,
      dataset: ds.model,
      variable,
      selection: c.selection,
      mapProjection: c.projection,
      mapLevel: c.level,
      mapStyle: { colormap: 'rdbu', invert: false, scale: 'linear', range: [-2, 3], center: [20, 10] },
    });
    expect(code.mapTitle).toBe('Map (healpy)');
    const map = code.map!;
    expect(map).toContain(`hp.${c.view}(m, nest=`);
    expect(map).toContain('cmap="RdBu_r", min=-2.0, max=3.0');
    if (c.level) expect(map).toContain(`group="${c.level.split('/')[1]}"`);
    const note = `# The Map drew level ${c.level?.split('/')[1]} of the selected ${c.key.split('/')[1]}:`;
    if (c.level) expect(map.split('\n')[0]).toContain(note);
    else expect(map).not.toContain('# The Map drew level');
    // Zarrview's reading: the shown level's slice and the map's lookup of its grid.
    const shown = c.level
      ? ds.model.root.groups.flatMap((g) => g.variables).find((v) => v.path === c.level)!
      : variable;
    const found = healpixGrid(ds.model, shown);
    if (found.kind !== 'grid') throw new Error('no grid');
    const d = decodeSlice(await ds.read(shown.path, c.selection));
    const slice = Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? null : Number(x)));
    const read = async (p: string) =>
      Array.from(decodeSlice(await ds.read(p, [null])).values as ArrayLike<number>, Number);
    const lookup = healpixLookup((await loadHealpix(found.grid, read)).geometry);
    const e = expected.healpix[c.key]!;
    const want = e.lon.map((lon, i) => {
      const k = lookup(lon, e.lat[i]!);
      return k >= 0 ? (slice[k] ?? null) : null;
    });
    expect(want.filter((x) => x !== null).length).toBeGreaterThanOrEqual(50);
    rmSync(join(work, 'map.png'), { force: true });
    const out = await runPython(probe(map, e.lon, e.lat), 120_000, work);
    expect(statSync(join(work, 'map.png')).size).toBeGreaterThan(1000);
    const r = JSON.parse(out.split('@@').pop()!) as {
      view: string;
      nest: boolean;
      nside: number;
      flip: string;
      values: (number | null)[];
    };
    expect(r).toMatchObject({
      view: c.view,
      nest: found.grid.order === 'nested',
      nside: found.grid.nside,
      flip: 'geo',
    });
    r.values.forEach((x, i) => {
      const w = want[i] ?? null;
      if (w === null || x === null) expect([i, x]).toEqual([i, w]);
      else expect(Math.abs(x - w), `point ${i}`).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(w)));
    });
  });

  it('the Map’s log scale is healpy’s norm="log"; symlog, which healpy lacks, is named and drawn linear', async () => {
    const { ds, variable } = await openCase('healpix-pyramid.zarr/zoom_3/tas');
    const code = (scale: string) =>
      codeForView({
        location: ds.location,
        dataset: ds.model,
        variable,
        selection: [0, null],
        mapProjection: 'robinson',
        mapStyle: { colormap: 'viridis', invert: false, scale, range: null, center: [0, 0] },
      }).map!;
    expect(code('symlog')).toContain('# healpy has no symmetric log scale');
    rmSync(join(work, 'map.png'), { force: true });
    const out = await runPython(
      probe(code('log'), [0], [0]) + '\nprint("@@" + _json.dumps(_kw.get("norm")))',
      120_000,
      work,
    );
    expect(statSync(join(work, 'map.png')).size).toBeGreaterThan(1000);
    expect(out.split('@@').pop()!.trim()).toBe('"log"');
  });

  it('a thinned or partial read of the cells has no healpy code', async () => {
    const { ds, variable } = await openCase('healpix-ring.nc/pattern');
    const base = { location: ds.location, dataset: ds.model, variable, mapProjection: 'robinson' };
    expect(codeForView({ ...base, selection: [null], stride: 2 }).map).toBeUndefined();
    expect(codeForView({ ...base, selection: [{ start: 0, stop: 100 }] }).map).toBeUndefined();
    expect(codeForView({ ...base, selection: [null] }).map).toContain('nest=False');
  });
});
