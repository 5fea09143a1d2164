import type { Cursor } from './cursor.ts';

/** One filter of a pipeline, in the order it was applied on write (decoding runs them in reverse). */
export interface Filter {
  /** 1 deflate, 2 shuffle, 3 fletcher32, 4 szip, 5 nbit, 6 scaleoffset; ≥ 256 a registered plugin (307 bzip2, 32001 blosc, 32015 zstd…). */
  readonly id: number;
  /** The name stored in the file, if any. */
  readonly name: string | undefined;
  /** Bit 0: optional (the chunk's filter mask says whether it was applied). */
  readonly flags: number;
  readonly optional: boolean;
  readonly clientData: readonly number[];
}

/** Well-known names of filter ids, for messages and the model. */
export const FILTER_NAMES: Readonly<Record<number, string>> = {
  1: 'deflate',
  2: 'shuffle',
  3: 'fletcher32',
  4: 'szip',
  5: 'nbit',
  6: 'scaleoffset',
  307: 'bzip2',
  32000: 'lzf',
  32001: 'blosc',
  32004: 'lz4',
  32008: 'bitshuffle',
  32015: 'zstd',
  32017: 'sz',
  32026: 'blosc2',
};

/** Parses a filter pipeline message (versions 1 and 2). */
export function parseFilters(c: Cursor): Filter[] {
  const version = c.u8();
  if (version !== 1 && version !== 2) throw c.fail(`filter pipeline version ${version}`);
  const n = c.u8();
  if (n > 32) throw c.fail(`${n} filters (HDF5 allows 32)`);
  if (version === 1) c.skip(6);
  const out: Filter[] = [];
  for (let i = 0; i < n; i++) {
    const id = c.u16();
    const nameLength = version === 1 || id >= 256 ? c.u16() : 0;
    const flags = c.u16();
    const count = c.u16();
    let name: string | undefined;
    if (nameLength > 0) {
      const start = c.pos;
      const raw = c.take(nameLength);
      const nul = raw.indexOf(0);
      name = new TextDecoder().decode(nul < 0 ? raw : raw.subarray(0, nul));
      // Version 1 pads the name to a multiple of 8 bytes; nameLength already includes that padding.
      c.seek(start + nameLength);
    }
    const clientData: number[] = [];
    for (let k = 0; k < count; k++) clientData.push(c.u32());
    if (version === 1 && count % 2 === 1) c.skip(4);
    out.push({ id, name, flags, optional: (flags & 1) !== 0, clientData });
  }
  return out;
}
