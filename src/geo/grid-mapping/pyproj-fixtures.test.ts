/**
 * Every grid-mapping fixture (fixtures/grid-mappings, written by xarray through scripts/fixtures/make-grid-mappings.py)
 * against pyproj: the mapping is found from `field:grid_mapping`, and the longitude/latitude of each sampled cell
 * (and cell corner, from the bounds) equal pyproj's `CRS.from_cf` + Transformer to 1e-6°; where pyproj finds no
 * earth (a geostationary disk's corners), ours is NaN. The malformed mappings give a typed problem naming them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeAxes } from '../../cf/coordinates';
import { decodeSlice } from '../../cf/decode';
import { findVariable } from '../../model/find';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';
import { DIR, expected } from '../testing/grid-mapping-fixtures';
import { cellCorners, mappingTransform, projectedGrid } from './index';

async function open(name: string) {
  const ds = await openDataset({ kind: 'local', path: join(DIR, `${name}.zarr`) }, { openStore: openStoreNode });
  const field = findVariable(ds.model.root, '/field');
  if (!field) throw new Error('no field');
  const values = async (path: string) =>
    Array.from(
      decodeSlice(await ds.read(path, [null, null].slice(0, findVariable(ds.model.root, path)?.shape.length ?? 1)))
        .values as ArrayLike<number>,
    );
  return { ds, field, values };
}

/** Difference of two longitudes, in (−180, 180]. */
const dLon = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;

describe('grid mappings against pyproj', () => {
  const names = Object.keys(expected.fixtures);
  it('has a fixture per mapping the CF list names', () => {
    expect(names.length).toBeGreaterThanOrEqual(18);
  });
  for (const name of names) {
    const fx = expected.fixtures[name]!;
    if (fx.malformed) {
      it(`${name}: a typed problem naming the mapping`, async () => {
        const { ds, field } = await open(name);
        const r = projectedGrid(ds.model, field);
        expect(r.kind).toBe('problem');
        if (r.kind !== 'problem') return;
        expect(r.problem.variable).toBe('/crs');
        expect(r.problem.kind).toBe(name.includes('unknown') ? 'unknown-name' : 'missing-parameter');
        expect(r.problem.message).toContain(name.includes('unknown') ? 'unknown_projection' : 'standard_parallel');
      });
      continue;
    }
    it(`${name}: ≥ 100 sampled cells at pyproj's longitude/latitude (1e-6°)`, async () => {
      const { ds, field, values } = await open(name);
      const r = projectedGrid(ds.model, field);
      if (r.kind !== 'grid') throw new Error(JSON.stringify(r));
      const g = r.grid;
      expect(g.mappingPath).toBe(`/${fx.mapping}`);
      expect(g.x.name).toBe(fx.x);
      expect(g.y.name).toBe(fx.y);
      // The native view's axes carry the x/y units.
      const titles = describeAxes(ds.model, field).map((a) => a.title);
      expect(titles.filter((t) => t.endsWith(`[${fx.units}]`))).toHaveLength(2);
      const xs = await values(g.x.path);
      const ys = await values(g.y.path);
      const t = mappingTransform(g.mapping, g.scale);
      const cells = fx.cells ?? [];
      expect(cells.length).toBeGreaterThanOrEqual(100);
      for (const c of cells) {
        expect(xs[c.col]).toBeCloseTo(c.x, 9);
        expect(ys[c.row]).toBeCloseTo(c.y, 9);
        const [lon, lat] = t.inverse(xs[c.col]!, ys[c.row]!);
        const where = `${name} cell (${c.row}, ${c.col})`;
        if (c.lon === null || c.lat === null) {
          expect([where, lon, lat]).toEqual([where, NaN, NaN]);
          continue;
        }
        expect([where, Math.abs(dLon(lon, c.lon)) <= 1e-6]).toEqual([where, true]);
        expect([where, Math.abs(lat - c.lat) <= 1e-6]).toEqual([where, true]);
      }
      if (fx.corners) {
        const xb = await values(textBounds(g.x.attributes));
        const yb = await values(textBounds(g.y.attributes));
        const corners = cellCorners(t, xb, yb);
        const nx = xb.length / 2;
        fx.corners.forEach((c, k) => {
          const o = (c.row * nx + c.col) * 8 + (k % 4) * 2;
          expect(Math.abs(dLon(corners[o]!, c.lon!))).toBeLessThanOrEqual(1e-6);
          expect(Math.abs(corners[o + 1]! - c.lat!)).toBeLessThanOrEqual(1e-6);
        });
      }
    });
  }
});

function textBounds(attrs: readonly { name: string; value: unknown }[]): string {
  const b = attrs.find((a) => a.name === 'bounds')?.value;
  return `/${String(b)}`;
}
