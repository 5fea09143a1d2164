import { BudgetError, UnsupportedError } from '../../errors.ts';
import { chunkLocations } from './chunks.ts';
import type { Hdf5File } from './file.ts';
import type { Hdf5Dataset } from './objects.ts';
import { decodeValues, type Hdf5Value } from './values.ts';

/** Datasets up to this many elements are read whole by `readValues` unless told otherwise. */
const DEFAULT_MAX_ELEMENTS = 1 << 20;

/**
 * The values of a small dataset, row-major, decoded (variable-length strings and sequences from the global heap):
 * compact, contiguous, or chunked without filters. Unwritten storage gives the fill value. Filtered chunks are
 * the decode path's (`UnsupportedError` here); `decodeValues` decodes their bytes once inflated.
 *
 * @example
 * const names = await readValues(root.file, await root.getObject('/station_name')); // ['Oslo', 'Bergen']
 */
export async function readValues(
  file: Hdf5File,
  ds: Hdf5Dataset,
  maxElements = DEFAULT_MAX_ELEMENTS,
): Promise<Hdf5Value[]> {
  return file.guard(async () => {
    const shape = ds.shape;
    if (shape === null) return [];
    const count = shape.reduce((a, b) => a * b, 1);
    const size = ds.datatype.size;
    if (count > maxElements) {
      throw new BudgetError(
        count * size,
        maxElements * size,
        `${ds.path} has ${count} elements, more than read whole.`,
      );
    }
    if (ds.externalFiles) throw new UnsupportedError(`${ds.path} keeps its data in external files.`);
    const out = new Uint8Array(count * size);
    const fill = ds.fillValue?.bytes;
    if (fill && fill.length === size) for (let i = 0; i < count; i++) out.set(fill, i * size);
    const read = (offset: number, length: number) => file.ctx.cache.read(offset, length, 'raw data', file.ctx.signal);
    const layout = ds.layout;
    if (layout.kind === 'compact') out.set(layout.data.subarray(0, out.length));
    else if (layout.kind === 'contiguous') {
      if (layout.address !== undefined) out.set(await read(layout.address, count * size));
    } else if (layout.kind === 'chunked') {
      if (ds.filters.length > 0) throw new UnsupportedError(`${ds.path} is filtered: its chunks need decoding first.`);
      const chunk = layout.chunk;
      const perChunk = chunk.reduce((a, b) => a * b, 1);
      for (const loc of await chunkLocations(file, ds)) {
        const bytes = await read(loc.offset, Math.min(loc.size, perChunk * size));
        for (let e = 0; e < perChunk && (e + 1) * size <= bytes.length; e++) {
          let rem = e;
          let linear = 0;
          let inside = true;
          for (let d = chunk.length - 1, stride = 1; d >= 0; d--) {
            const local = rem % chunk[d]!;
            rem = Math.floor(rem / chunk[d]!);
            const global = loc.coords[d]! + local;
            if (global >= shape[d]!) inside = false;
            linear += global * stride;
            stride *= shape[d]!;
          }
          if (inside) out.set(bytes.subarray(e * size, (e + 1) * size), linear * size);
        }
      }
    }
    return decodeValues(ds.datatype, out, count, file.ctx.format, file.heap, file.ctx.limits.maxElements);
  });
}
