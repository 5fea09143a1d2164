/**
 * CF decoding of a slice, once per Slice object: the slice on screen and the one a prefetch read ahead are the
 * same object (the data path keeps the last few), so a step of the slider finds its values decoded already.
 */
import { decodeSlice, defaultFillFor, type DecodedSlice, type OpenedDataset, type Slice } from '../core';

const decoded = new WeakMap<Slice, DecodedSlice | null>();

/** Whether a decoded mask has any masked cell, as its decode counted them (no scan of a megabyte for a 1). */
const maskedAny = new WeakMap<object, boolean>();

/** Whether `mask` marks any cell: as its decode counted, else by a scan (remembered). */
export function anyMasked(mask: ArrayLike<number>): boolean {
  let any = maskedAny.get(mask);
  if (any === undefined) {
    any = (mask instanceof Uint8Array ? mask.indexOf(1) : Array.prototype.indexOf.call(mask, 1)) >= 0;
    maskedAny.set(mask, any);
  }
  return any;
}

/** Remembers whether a decode's mask marks any cell, as the decode counted them. */
export function remember(d: DecodedSlice | null): void {
  if (d) maskedAny.set(d.mask, d.maskedCount > 0);
}

/** Keeps `d` as the slice's decoded values (decoded elsewhere, e.g. in a worker); false when it has some already. */
export function primeDecoded(slice: Slice, d: DecodedSlice): boolean {
  if (decoded.has(slice)) return false;
  decoded.set(slice, d);
  remember(d);
  return true;
}

/** Whether the slice has been decoded already (then its image, if a prefetch made it, is kept too). */
export function isDecoded(slice: Slice): boolean {
  return decoded.has(slice);
}

/** The slice's decoded values (the dataset's default fill policy), or null for text or complex data. */
export function decodeOnce(ds: OpenedDataset, slice: Slice): DecodedSlice | null {
  if (decoded.has(slice)) return decoded.get(slice) ?? null;
  let d: DecodedSlice | null;
  try {
    d = decodeSlice(slice, { defaultFill: defaultFillFor(ds.model.dialect) });
  } catch {
    d = null;
  }
  decoded.set(slice, d);
  remember(d);
  return d;
}
