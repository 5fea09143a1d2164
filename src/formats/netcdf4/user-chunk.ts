/**
 * A chunk of a compound, vlen or opaque variable as the data path reads it: its HDF5 filters decoded here, each
 * element turned into the JSON text of its value (user-values.ts; vlen data read from the global heap), handed on
 * as vlen-utf8 (numcodecs' VLenUTF8: a count, then each text's byte length and bytes). The CDL printer and the
 * viewer read the texts back with the variable's type (src/model/user-types.ts).
 */
import { ChunkError } from '../../errors';
import { createDecoder } from '../../codecs/pipeline';
import { docJson } from '../nczarr-docs';
import { type Datatype, type Hdf5File, decodeValues } from '../hdf5/index';
import type { VarPlan } from './metadata';
import { elementValue } from './user-values';

/** vlen-utf8 bytes of texts: a count, then each text's byte length and bytes (numcodecs' VLenUTF8). */
export function vlenTexts(texts: readonly string[]): Uint8Array {
  const enc = new TextEncoder();
  const parts = texts.map((s) => enc.encode(s));
  const out = new Uint8Array(4 + parts.reduce((n, p) => n + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, parts.length, true);
  let at = 4;
  for (const p of parts) {
    view.setUint32(at, p.length, true);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

/** The chunk's bytes with its HDF5 filters decoded (the data path gets them as they are then). */
async function unfiltered(plan: VarPlan, t: Datatype, stored: Uint8Array, key: string): Promise<Uint8Array> {
  const n = plan.chunks.reduce((a, b) => a * b, 1);
  let bytes = stored;
  if (plan.filtered && plan.ds.layout.kind === 'chunked') {
    const decode = await createDecoder({
      dtype: '|u1',
      zarrFormat: 2,
      order: 'C',
      shape: [n * t.size],
      codecs: plan.codecs,
    });
    bytes = (await decode(stored)).data as Uint8Array;
  }
  if (bytes.length < n * t.size)
    throw new ChunkError(`${plan.path}: chunk ${key} holds ${bytes.length} bytes, not ${n * t.size}.`, { key });
  return bytes;
}

/**
 * A chunk of floats netCDF has no type of their size for (half precision, x87 extended, quad) as `dtype`
 * (`<f4`, `>f8`, …): each value converted to the nearest, as HDF5 converts them for netcdf-c.
 */
export async function widenChunk(
  plan: VarPlan,
  dtype: string,
  stored: Uint8Array,
  file: Hdf5File,
  key: string,
): Promise<Uint8Array> {
  const t = plan.ds.datatype;
  const n = plan.chunks.reduce((a, b) => a * b, 1);
  const bytes = await unfiltered(plan, t, stored, key);
  const size = dtype.endsWith('4') ? 4 : 8;
  const out = new Uint8Array(n * size);
  const view = new DataView(out.buffer);
  const le = dtype.startsWith('<');
  try {
    const values = await decodeValues(t, bytes, n, file.ctx.format, file.heap, file.ctx.limits.maxElements);
    values.forEach((v, i) => {
      const x = typeof v === 'number' ? v : NaN;
      if (size === 4) view.setFloat32(i * 4, x, le);
      else view.setFloat64(i * 8, x, le);
    });
  } catch (e) {
    throw new ChunkError(`${plan.path}: the values of chunk ${key} cannot be read.`, { key, cause: e });
  }
  return out;
}

/** The chunk `stored` (as read from the file) of a variable of user type `t`, as vlen-utf8 JSON texts. */
export async function userChunk(
  plan: VarPlan,
  t: Datatype,
  stored: Uint8Array,
  file: Hdf5File,
  key: string,
): Promise<Uint8Array> {
  const n = plan.chunks.reduce((a, b) => a * b, 1);
  const bytes = await unfiltered(plan, t, stored, key);
  const heap = {
    offsetSize: file.ctx.format.offsetSize,
    base: file.ctx.format.base,
    object: (id: { collection: number; index: number }) => file.heap.object(id),
    budget: file.ctx.limits.maxElements,
  };
  try {
    const texts: string[] = [];
    for (let i = 0; i < n; i++) texts.push(docJson(await elementValue(t, bytes, i * t.size, heap)));
    return vlenTexts(texts);
  } catch (e) {
    throw new ChunkError(`${plan.path}: the values of chunk ${key} cannot be read.`, { key, cause: e });
  }
}
