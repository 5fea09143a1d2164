/**
 * A Zarr v2 dataset with many small chunks per 2-D slice, written by the abort spec itself: no committed fixture
 * has more chunks in one slice than the reader keeps in flight, so none can show that an abort stops new requests.
 * Values are `t * 10000 + y * 100 + x` (int32, uncompressed, consolidated metadata).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../ui/helpers';

export const SHAPE = [3, 32, 32] as const;
export const CHUNKS = [1, 4, 4] as const;
/** Chunks one 2-D slice (one time index) touches. */
export const CHUNKS_PER_SLICE = (SHAPE[1] / CHUNKS[1]) * (SHAPE[2] / CHUNKS[2]);

/** Writes the dataset (idempotent) under test-results/ and returns its path as the static server serves it. */
export function writeManyChunks(name: string, variables: readonly string[]): string {
  const rel = `test-results/data-fixtures/${name}.zarr`;
  const dir = path.join(ROOT, rel);
  const zarray = {
    zarr_format: 2,
    shape: SHAPE,
    chunks: CHUNKS,
    dtype: '<i4',
    compressor: null,
    filters: null,
    fill_value: -1,
    order: 'C',
  };
  const zattrs = { _ARRAY_DIMENSIONS: ['time', 'y', 'x'] };
  const metadata: Record<string, unknown> = { '.zgroup': { zarr_format: 2 }, '.zattrs': {} };
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.zgroup'), JSON.stringify({ zarr_format: 2 }));
  writeFileSync(path.join(dir, '.zattrs'), '{}');
  for (const v of variables) {
    const vdir = path.join(dir, v);
    mkdirSync(vdir, { recursive: true });
    writeFileSync(path.join(vdir, '.zarray'), JSON.stringify(zarray));
    writeFileSync(path.join(vdir, '.zattrs'), JSON.stringify(zattrs));
    metadata[`${v}/.zarray`] = zarray;
    metadata[`${v}/.zattrs`] = zattrs;
    const [ct, cy, cx] = CHUNKS;
    for (let t = 0; t < SHAPE[0] / ct; t++)
      for (let j = 0; j < SHAPE[1] / cy; j++)
        for (let i = 0; i < SHAPE[2] / cx; i++) {
          const values = new Int32Array(ct * cy * cx);
          for (let y = 0; y < cy; y++)
            for (let x = 0; x < cx; x++) values[y * cx + x] = t * 10000 + (j * cy + y) * 100 + i * cx + x;
          writeFileSync(path.join(vdir, `${t}.${j}.${i}`), new Uint8Array(values.buffer));
        }
  }
  writeFileSync(path.join(dir, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata }));
  return `/${rel}`;
}
