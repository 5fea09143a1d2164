/**
 * A big 2-D field (time, lat, lon) for the image heatmap, written by the spec itself: values are
 * `t * 1_000_000 + y * 1000 + x` (float32, exact), lat descending from 60 by 0.5°, lon from 0 by 0.5°; one
 * uncompressed chunk per time step (or `split` × `split` chunks); consolidated metadata.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../ui/helpers';

export const NT = 3;
export const NY = 240;
export const NX = 320;
export const latAt = (y: number) => 60 - 0.5 * y;
export const lonAt = (x: number) => 0.5 * x;
export const valueAt = (t: number, y: number, x: number) => t * 1_000_000 + y * 1000 + x;

function array(
  dir: string,
  shape: number[],
  chunks: number[],
  dims: string[],
  attrs: Record<string, unknown>,
  chunksData: [string, Float32Array][],
): Record<string, unknown> {
  const zarray = {
    zarr_format: 2,
    shape,
    chunks,
    dtype: '<f4',
    compressor: null,
    filters: null,
    fill_value: 'NaN',
    order: 'C',
  };
  const zattrs = { _ARRAY_DIMENSIONS: dims, ...attrs };
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.zarray'), JSON.stringify(zarray));
  writeFileSync(path.join(dir, '.zattrs'), JSON.stringify(zattrs));
  for (const [key, data] of chunksData) writeFileSync(path.join(dir, key), new Uint8Array(data.buffer));
  return { zarray, zattrs };
}

/** Writes the dataset (idempotent) under test-results/ and returns its path as the static server serves it. */
export function writeBigField(name: string, split = 1): string {
  const rel = `test-results/data-fixtures/${name}.zarr`;
  const dir = path.join(ROOT, rel);
  mkdirSync(dir, { recursive: true });
  const metadata: Record<string, unknown> = { '.zgroup': { zarr_format: 2 }, '.zattrs': {} };
  const put = (v: string, m: Record<string, unknown>) => {
    metadata[`${v}/.zarray`] = m.zarray;
    metadata[`${v}/.zattrs`] = m.zattrs;
  };
  put(
    'lat',
    array(path.join(dir, 'lat'), [NY], [NY], ['lat'], { units: 'degrees_north' }, [
      ['0', Float32Array.from({ length: NY }, (_, y) => latAt(y))],
    ]),
  );
  put(
    'lon',
    array(path.join(dir, 'lon'), [NX], [NX], ['lon'], { units: 'degrees_east' }, [
      ['0', Float32Array.from({ length: NX }, (_, x) => lonAt(x))],
    ]),
  );
  const chunks: [string, Float32Array][] = [];
  for (let t = 0; t < NT; t++) {
    const d = new Float32Array(NY * NX);
    for (let y = 0; y < NY; y++) for (let x = 0; x < NX; x++) d[y * NX + x] = valueAt(t, y, x);
    // One masked cell (NaN) per slice, at (7, 9).
    d[7 * NX + 9] = NaN;
    const [cy, cx] = [NY / split, NX / split];
    for (let a = 0; a < split; a++)
      for (let b = 0; b < split; b++) {
        const c = new Float32Array(cy * cx);
        for (let y = 0; y < cy; y++)
          c.set(d.subarray((a * cy + y) * NX + b * cx, (a * cy + y) * NX + (b + 1) * cx), y * cx);
        chunks.push([`${t}.${a}.${b}`, c]);
      }
  }
  put(
    'field',
    array(
      path.join(dir, 'field'),
      [NT, NY, NX],
      [1, NY / split, NX / split],
      ['time', 'lat', 'lon'],
      { long_name: 'big field' },
      chunks,
    ),
  );
  writeFileSync(path.join(dir, '.zgroup'), JSON.stringify({ zarr_format: 2 }));
  writeFileSync(path.join(dir, '.zattrs'), '{}');
  writeFileSync(path.join(dir, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata }));
  return `/${rel}`;
}
