/**
 * crs_wkt read by proj4's WKT reader: the fixtures' mappings with only their `crs_wkt` (pyproj's WKT2) kept give
 * the same longitude/latitude as pyproj for every sampled cell; a mapping with an unreadable WKT and no name is a
 * problem, and with a name the CF parameters are used and the WKT named in a warning.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findVariable } from '../../model/find';
import type { Attribute } from '../../model/types';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';
import { mappingError, mappingTransform, parseGridMapping, wktReadable } from './index';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'grid-mappings');
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as {
  fixtures: Record<string, { mapping: string; cells: { x: number; y: number; lon: number; lat: number }[] }>;
};

async function mappingAttrs(name: string): Promise<readonly Attribute[]> {
  const ds = await openDataset({ kind: 'local', path: join(DIR, `${name}.zarr`) }, { openStore: openStoreNode });
  return findVariable(ds.model.root, `/${expected.fixtures[name]!.mapping}`)!.attributes;
}

const text = (name: string, value: string): Attribute => ({ name, type: 'char', value }) as Attribute;

describe('crs_wkt', () => {
  for (const name of ['latitude-longitude-wkt', 'rioxarray-spatial-ref']) {
    it(`${name}: the WKT alone places every sampled cell where pyproj does`, async () => {
      const attrs = await mappingAttrs(name);
      const only = attrs.filter((a) => a.name === 'crs_wkt');
      expect(only.length).toBe(1);
      const r = parseGridMapping('/crs', only);
      if (!r.ok) throw new Error(r.problem.message);
      expect(r.mapping.source).toBe('crs_wkt');
      const t = mappingTransform(r.mapping, 1);
      for (const c of expected.fixtures[name]!.cells) {
        const [lon, lat] = t.inverse(c.x, c.y);
        expect(Math.abs(lon - c.lon)).toBeLessThanOrEqual(1e-6);
        expect(Math.abs(lat - c.lat)).toBeLessThanOrEqual(1e-6);
      }
    });
  }
  it('an unreadable WKT: a problem without a name; with one, the CF parameters are used', () => {
    const r = parseGridMapping('/crs', [text('crs_wkt', 'NOT A WKT')]);
    expect(r.ok).toBe(false);
    const odd = parseGridMapping('/crs', [text('crs_wkt', 'FOO["x"]')]);
    expect(odd.ok && mappingError(odd.mapping)).toBeTruthy();
    const s = parseGridMapping('/crs', [text('grid_mapping_name', 'latitude_longitude'), text('crs_wkt', 'FOO["x"]')]);
    expect(s.ok && s.mapping.source).toBe('cf');
    expect(wktReadable('FOO["x"]')).toBe(false);
  });
});
