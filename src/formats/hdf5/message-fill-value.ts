import type { Cursor } from './cursor.ts';

/** The fill value of a dataset: its bytes in the file's datatype when defined. */
export interface FillValue {
  /** `undefined` when no fill value is defined (the library default, zeros, applies). */
  readonly bytes: Uint8Array | undefined;
  /** 1 early, 2 late, 3 incremental (0 when the old message gives none). */
  readonly allocationTime: number;
  /** 0 on allocation, 1 never, 2 if set by the user. */
  readonly writeTime: number;
}

/** The size HDF5 writes for a fill value it has not defined (-1 as a signed 32-bit number; H5Ofill.c). */
const UNDEFINED_SIZE = 0xffffffff;

/** The fill value's bytes after its size field: none when the size says "undefined" (as HDF5 reads it). */
function fillBytes(c: Cursor): Uint8Array | undefined {
  const size = c.u32();
  return size > 0 && size !== UNDEFINED_SIZE ? c.take(size) : undefined;
}

/** Parses the fill value message (type 5, versions 1–3). */
export function parseFillValue(c: Cursor): FillValue {
  const version = c.u8();
  if (version === 1 || version === 2) {
    const allocationTime = c.u8();
    const writeTime = c.u8();
    const defined = c.u8();
    // Version 1 gives a size even when nothing is defined (0 then); 0xFFFFFFFF is "undefined" in every version.
    if (version === 1 || defined) return { bytes: fillBytes(c), allocationTime, writeTime };
    return { bytes: undefined, allocationTime, writeTime };
  }
  if (version === 3) {
    const flags = c.u8();
    const allocationTime = flags & 3;
    const writeTime = (flags >> 2) & 3;
    if (flags & 0x20) return { bytes: fillBytes(c), allocationTime, writeTime };
    return { bytes: undefined, allocationTime, writeTime };
  }
  throw c.fail(`fill value version ${version}`);
}

/** Parses the old fill value message (type 4): a size and the bytes. */
export function parseOldFillValue(c: Cursor): FillValue {
  const size = c.u32();
  return { bytes: size > 0 ? c.take(size) : undefined, allocationTime: 0, writeTime: 0 };
}
