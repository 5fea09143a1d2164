/**
 * The projected lookup the map's reprojection uses: pyproj's longitude/latitude of each sampled cell of every
 * grid-mapping fixture finds that very cell (rows along y or along x), and a point with no earth finds none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Attribute } from '../model/types';
import { gridLookup } from './reproject';
import { parseGridMapping } from './grid-mapping/parse';
import { DIR, expected } from './testing/grid-mapping-fixtures';

/** The mapping variable's attributes as stored in the fixture's consolidated metadata. */
function attrs(name: string, mapping: string): Attribute[] {
  const meta = JSON.parse(readFileSync(join(DIR, `${name}.zarr`, '.zmetadata'), 'utf8')) as {
    metadata: Record<string, Record<string, unknown>>;
  };
  const a = meta.metadata[`${mapping}/.zattrs`] ?? {};
  return Object.entries(a).map(([k, v]) =>
    typeof v === 'string'
      ? ({ name: k, type: 'char', value: v } as Attribute)
      : ({ name: k, type: 'double', value: Array.isArray(v) ? v : [v] } as Attribute),
  );
}

/** The sorted distinct x and y of the sampled cells' columns and rows, from the fixture's own coordinates. */
function coords(name: string, file: string): number[] {
  const meta = JSON.parse(readFileSync(join(DIR, `${name}.zarr`, '.zmetadata'), 'utf8')) as {
    metadata: Record<string, { shape?: number[] }>;
  };
  return Array.from({ length: meta.metadata[`${file}/.zarray`]?.shape?.[0] ?? 0 }, (_, i) => i);
}

describe('projected lookup', () => {
  for (const [name, fx] of Object.entries(expected.fixtures)) {
    if (fx.malformed || name === 'latitude-longitude-wkt') continue;
    it(`${name}: each sampled cell found at pyproj's longitude/latitude`, () => {
      const r = parseGridMapping('/crs', attrs(name, fx.mapping));
      if (!r.ok) throw new Error(r.problem.message);
      const cells = fx.cells ?? [];
      const xname = name === 'rotated-pole' ? 'rlon' : 'x';
      const yname = name === 'rotated-pole' ? 'rlat' : 'y';
      const x = new Float64Array(coords(name, xname).length).fill(NaN);
      const y = new Float64Array(coords(name, yname).length).fill(NaN);
      for (const c of cells) {
        x[c.col] = c.x;
        y[c.row] = c.y;
      }
      // Fill the coordinates not sampled by interpolation between sampled ones (all fixtures are evenly spaced).
      for (const a of [x, y]) {
        const known = Array.from(a.keys()).filter((i) => Number.isFinite(a[i]));
        const [i0 = 0, i1 = 1] = [known[0], known[known.length - 1]];
        const step = ((a[i1] ?? 0) - (a[i0] ?? 0)) / (i1 - i0);
        for (let i = 0; i < a.length; i++) a[i] = (a[i0] ?? 0) + (i - i0) * step;
      }
      const scale = name === 'lambert-conformal-2sp' ? 1000 : 1;
      // Geostationary x/y in metres (the WKT-only fixtures) are projected metres, as projectedGrid takes them.
      const mapping = r.mapping.angular && fx.units === 'm' ? { ...r.mapping, angular: false } : r.mapping;
      for (const rowsAreY of [true, false]) {
        const grid = {
          kind: 'projected' as const,
          rows: rowsAreY ? y.length : x.length,
          cols: rowsAreY ? x.length : y.length,
          rowsAreY,
          x,
          y,
          mapping,
          scale,
        };
        const lookup = gridLookup(grid);
        for (const c of cells) {
          const want = c.lon === null ? -1 : rowsAreY ? c.row * x.length + c.col : c.col * y.length + c.row;
          if (c.lon === null || c.lat === null) continue;
          expect([name, c.row, c.col, lookup(c.lon, c.lat)]).toEqual([name, c.row, c.col, want]);
        }
      }
    });
  }
  it('a geostationary view finds no cell on the far side of the earth', () => {
    const r = parseGridMapping('/crs', attrs('geostationary', 'goes_imager_projection'));
    if (!r.ok) throw new Error(r.problem.message);
    const x = Float64Array.from({ length: 40 }, (_, i) => -0.151844 + (i * 0.303688) / 39);
    const grid = {
      kind: 'projected' as const,
      rows: 40,
      cols: 40,
      rowsAreY: true,
      x,
      y: x,
      mapping: r.mapping,
      scale: 1,
    };
    const lookup = gridLookup(grid);
    expect(lookup(105, 0)).toBe(-1);
    expect(lookup(-75, 0)).toBeGreaterThanOrEqual(0);
  });
});
