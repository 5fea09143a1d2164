/**
 * Geostationary views given by WKT alone. The fixtures' WKT (pyproj's, fixtures/grid-mappings) are placed against
 * pyproj in pyproj-fixtures.test.ts; here the forms without them: GDAL's WKT1 without its PROJ4 extension (sweep y,
 * as GDAL and PROJ take it), and a WKT without a satellite height, refused with a message naming the variable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIR } from '../testing/grid-mapping-fixtures';
import { parseGridMapping } from './parse';
import { geosFromWkt } from './wkt-geos';

const gdalWkt = (): string => {
  const attrs = JSON.parse(readFileSync(join(DIR, 'geostationary-wkt1-gdal.zarr', '.zmetadata'), 'utf8')) as {
    metadata: Record<string, { spatial_ref?: string }>;
  };
  return attrs.metadata['crs/.zattrs']!.spatial_ref!;
};

describe('geostationary WKT', () => {
  it('GDAL WKT1: the PROJ4 extension is the definition', () => {
    const g = geosFromWkt(gdalWkt());
    expect(g?.proj4).toMatch(/^\+proj=geos \+sweep=x \+lon_0=-75 \+h=35786023 /);
    expect(g?.height).toBe(35786023);
  });

  it('GDAL WKT1 without the extension: its parameters, sweep y', () => {
    const wkt = gdalWkt().replace(/,EXTENSION\[[^\]]*\]/, '');
    expect(wkt).not.toContain('EXTENSION');
    const g = geosFromWkt(wkt);
    expect(g?.proj4).toContain('+proj=geos +h=35786023 +lon_0=-75 +sweep=y +x_0=0 +y_0=0 +a=6378137 +rf=298.25722');
  });

  it('no satellite height: refused, naming the variable', () => {
    const wkt = gdalWkt()
      .replace(/,EXTENSION\[[^\]]*\]/, '')
      .replace(/PARAMETER\["satellite_height",[^\]]*\],/, '');
    expect(geosFromWkt(wkt)).toBeNull();
    const r = parseGridMapping('/crs', [{ name: 'crs_wkt', type: 'char', value: wkt }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.message).toContain('/crs: a geostationary crs_wkt without a satellite height');
  });
});
