/**
 * Fields for the WebGL2 colouring spec, written by the spec itself (consolidated Zarr v2, one chunk per slice):
 * - `field` float32 (time, lat, lon): `t·1e6 + y·1000 + x`, lat descending (the image runs from its last row), a NaN
 *   at (y 7, x 9) and the fill value −9999 (masked through `_FillValue`) at (y 11, x 13);
 * - `wide` float64 (lon, lat): `1e9 + i·1000 + 3j` (a large offset: float32 alone would lose the differences), lon
 *   descending, drawn with lon along x (the slice's first dimension is x: transposed, and flipped along x).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../ui/helpers';

export const NT = 2;
export const NY = 120;
export const NX = 160;
export const FILL = -9999;
export const latAt = (y: number) => 60 - 0.5 * y;
export const lonAt = (x: number) => 0.5 * x;
export const valueAt = (t: number, y: number, x: number) => t * 1_000_000 + y * 1000 + x;
export const NAN_CELL = [9, 7] as const;
export const FILL_CELL = [13, 11] as const;

export const WLON = 150;
export const WLAT = 100;
export const wideAt = (i: number, j: number) => 1e9 + i * 1000 + 3 * j;

type Typed = Float32Array | Float64Array;

function put(
  dir: string,
  meta: Record<string, unknown>,
  name: string,
  shape: number[],
  dims: string[],
  attrs: Record<string, unknown>,
  chunks: [string, Typed][],
): void {
  const dtype = chunks[0]![1] instanceof Float64Array ? '<f8' : '<f4';
  const zarray = {
    zarr_format: 2,
    shape,
    chunks: [...shape.slice(0, -2).map(() => 1), ...shape.slice(-2)],
    dtype,
    compressor: null,
    filters: null,
    fill_value: 'NaN',
    order: 'C',
  };
  const zattrs = { _ARRAY_DIMENSIONS: dims, ...attrs };
  const d = path.join(dir, name);
  mkdirSync(d, { recursive: true });
  writeFileSync(path.join(d, '.zarray'), JSON.stringify(zarray));
  writeFileSync(path.join(d, '.zattrs'), JSON.stringify(zattrs));
  for (const [key, data] of chunks) writeFileSync(path.join(d, key), new Uint8Array(data.buffer));
  meta[`${name}/.zarray`] = zarray;
  meta[`${name}/.zattrs`] = zattrs;
}

/** Writes the dataset (idempotent) under test-results/ and returns its path as the static server serves it. */
export function writeWebglField(): string {
  const rel = 'test-results/data-fixtures/webgl-field.zarr';
  const dir = path.join(ROOT, rel);
  mkdirSync(dir, { recursive: true });
  const meta: Record<string, unknown> = { '.zgroup': { zarr_format: 2 }, '.zattrs': {} };
  const axis = (n: number, at: (i: number) => number) => Float32Array.from({ length: n }, (_, i) => at(i));
  put(dir, meta, 'lat', [NY], ['lat'], { units: 'degrees_north' }, [['0', axis(NY, latAt)]]);
  put(dir, meta, 'lon', [NX], ['lon'], { units: 'degrees_east' }, [['0', axis(NX, lonAt)]]);
  put(dir, meta, 'wlon', [WLON], ['wlon'], { units: 'degrees_east' }, [['0', axis(WLON, (i) => 100 - i)]]);
  put(dir, meta, 'wlat', [WLAT], ['wlat'], { units: 'degrees_north' }, [['0', axis(WLAT, (j) => -40 + 0.5 * j)]]);
  const fields: [string, Float32Array][] = [];
  for (let t = 0; t < NT; t++) {
    const d = new Float32Array(NY * NX);
    for (let y = 0; y < NY; y++) for (let x = 0; x < NX; x++) d[y * NX + x] = valueAt(t, y, x);
    d[NAN_CELL[1] * NX + NAN_CELL[0]] = NaN;
    d[FILL_CELL[1] * NX + FILL_CELL[0]] = FILL;
    fields.push([`${t}.0.0`, d]);
  }
  put(dir, meta, 'field', [NT, NY, NX], ['time', 'lat', 'lon'], { long_name: 'gl field', _FillValue: FILL }, fields);
  const wide = new Float64Array(WLON * WLAT);
  for (let i = 0; i < WLON; i++) for (let j = 0; j < WLAT; j++) wide[i * WLAT + j] = wideAt(i, j);
  put(dir, meta, 'wide', [WLON, WLAT], ['wlon', 'wlat'], { long_name: 'wide field' }, [['0.0', wide]]);
  writeFileSync(path.join(dir, '.zgroup'), JSON.stringify({ zarr_format: 2 }));
  writeFileSync(path.join(dir, '.zattrs'), '{}');
  writeFileSync(path.join(dir, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata: meta }));
  return `/${rel}`;
}
