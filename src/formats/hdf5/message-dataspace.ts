import type { Cursor } from './cursor.ts';

/** A dataspace: `shape` is `null` for a null dataspace (no elements), `[]` for a scalar. */
export interface Dataspace {
  readonly shape: readonly number[] | null;
  /** Maximum sizes; `null` for an unlimited dimension. Equal to `shape` when the file gives none. */
  readonly maxshape: readonly (number | null)[] | null;
}

/** Parses a dataspace message (versions 1 and 2). */
export function parseDataspace(c: Cursor): Dataspace {
  const version = c.u8();
  if (version !== 1 && version !== 2) throw c.fail(`dataspace version ${version}`);
  const rank = c.u8();
  const flags = c.u8();
  if (rank > 32) throw c.fail(`dataspace of rank ${rank} (HDF5 allows 32)`);
  let type = rank === 0 ? 0 : 1;
  if (version === 1) c.skip(5);
  else type = c.u8();
  if (type === 2) return { shape: null, maxshape: null };
  if (type !== 0 && type !== 1) throw c.fail(`dataspace type ${type}`);
  const shape: number[] = [];
  for (let i = 0; i < rank; i++) shape.push(c.length('dimension size'));
  let maxshape: (number | null)[] = shape.slice();
  if (flags & 1) {
    maxshape = [];
    for (let i = 0; i < rank; i++) maxshape.push(c.lengthOrUnlimited() ?? null);
  }
  return { shape, maxshape };
}

/** The number of elements of a shape (1 for a scalar, 0 for a null dataspace). */
export function elementCount(shape: readonly number[] | null): number {
  if (shape === null) return 0;
  return shape.reduce((a, b) => a * b, 1);
}
