import type { Cursor } from './cursor.ts';

/** How a chunked dataset finds its chunks (layout version 4 index types 1–5; versions 1–3 always use a v1 B-tree). */
export type ChunkIndexInfo =
  | { readonly type: 'btree-v1'; readonly address: number | undefined }
  | {
      readonly type: 'single';
      readonly address: number | undefined;
      /** For a filtered single chunk: its stored size and filter mask. */
      readonly filtered: { readonly size: number; readonly filterMask: number } | undefined;
    }
  | { readonly type: 'implicit'; readonly address: number | undefined }
  | { readonly type: 'fixed-array'; readonly address: number | undefined; readonly pageBits: number }
  | {
      readonly type: 'extensible-array';
      readonly address: number | undefined;
      readonly maxBits: number;
      readonly indexElements: number;
      readonly minPointers: number;
      readonly minElements: number;
      readonly pageBits: number;
    }
  | {
      readonly type: 'btree-v2';
      readonly address: number | undefined;
      readonly nodeSize: number;
      readonly splitPercent: number;
      readonly mergePercent: number;
    };

export type Layout =
  | { readonly kind: 'compact'; readonly data: Uint8Array }
  /** `address` is undefined when no storage was allocated (nothing written yet). */
  | { readonly kind: 'contiguous'; readonly address: number | undefined; readonly size: number | undefined }
  | {
      readonly kind: 'chunked';
      /** Chunk shape in elements. */
      readonly chunk: readonly number[];
      readonly elementSize: number;
      readonly index: ChunkIndexInfo;
      /** Layout v4 flag: partial edge chunks are stored unfiltered. */
      readonly dontFilterPartialEdgeChunks: boolean;
    }
  | { readonly kind: 'virtual' };

/** Parses a data layout message (versions 1–4). */
export function parseLayout(c: Cursor): Layout {
  const layout = parseAnyLayout(c);
  if (layout.kind === 'chunked' && layout.chunk.some((d) => d === 0)) throw c.fail('a chunk dimension is 0');
  return layout;
}

function parseAnyLayout(c: Cursor): Layout {
  const version = c.u8();
  if (version === 1 || version === 2) return parseOld(c);
  if (version !== 3 && version !== 4) throw c.fail(`data layout version ${version}`);
  const cls = c.u8();
  switch (cls) {
    case 0: {
      const size = c.u16();
      return { kind: 'compact', data: c.take(size) };
    }
    case 1: {
      const address = c.addr();
      const size = c.length('contiguous size');
      return { kind: 'contiguous', address, size };
    }
    case 2:
      return version === 3 ? chunkedV3(c) : chunkedV4(c);
    case 3:
      return { kind: 'virtual' };
    default:
      throw c.fail(`layout class ${cls}`);
  }
}

function parseOld(c: Cursor): Layout {
  const rank = c.u8();
  const cls = c.u8();
  c.skip(5);
  if (rank < 1 || rank > 33) throw c.fail(`layout of rank ${rank}`);
  const address = cls === 0 ? undefined : c.addr();
  const dims: number[] = [];
  for (let i = 0; i < rank; i++) dims.push(c.u32());
  if (cls === 2) {
    // As the library reads it: the last dimension is the element size, with no field of its own.
    if (rank < 2) throw c.fail(`chunked layout of rank ${rank}`);
    return {
      kind: 'chunked',
      chunk: dims.slice(0, rank - 1),
      elementSize: dims[rank - 1]!,
      index: { type: 'btree-v1', address },
      dontFilterPartialEdgeChunks: false,
    };
  }
  if (cls === 1) return { kind: 'contiguous', address, size: undefined };
  if (cls === 0) {
    const size = c.u32();
    return { kind: 'compact', data: c.take(size) };
  }
  throw c.fail(`layout class ${cls}`);
}

function chunkedV3(c: Cursor): Layout {
  const rank = c.u8();
  if (rank < 2 || rank > 33) throw c.fail(`chunked layout of rank ${rank}`);
  const address = c.addr();
  const dims: number[] = [];
  for (let i = 0; i < rank; i++) dims.push(c.u32());
  return {
    kind: 'chunked',
    chunk: dims.slice(0, rank - 1),
    elementSize: dims[rank - 1]!,
    index: { type: 'btree-v1', address },
    dontFilterPartialEdgeChunks: false,
  };
}

function chunkedV4(c: Cursor): Layout {
  const flags = c.u8();
  const rank = c.u8();
  if (rank < 2 || rank > 33) throw c.fail(`chunked layout of rank ${rank}`);
  const dimBytes = c.u8();
  if (dimBytes < 1 || dimBytes > 8) throw c.fail(`chunk dimensions of ${dimBytes} bytes`);
  const dims: number[] = [];
  for (let i = 0; i < rank; i++) dims.push(c.uint(dimBytes, 'chunk dimension'));
  const type = c.u8();
  let index: ChunkIndexInfo;
  switch (type) {
    case 1: {
      let filtered: { size: number; filterMask: number } | undefined;
      if (flags & 2) filtered = { size: c.length('filtered chunk size'), filterMask: c.u32() };
      index = { type: 'single', address: c.addr(), filtered };
      break;
    }
    case 2:
      index = { type: 'implicit', address: c.addr() };
      break;
    case 3: {
      const pageBits = c.u8();
      index = { type: 'fixed-array', pageBits, address: c.addr() };
      break;
    }
    case 4: {
      const maxBits = c.u8();
      const indexElements = c.u8();
      const minPointers = c.u8();
      const minElements = c.u8();
      const pageBits = c.u8();
      index = {
        type: 'extensible-array',
        maxBits,
        indexElements,
        minPointers,
        minElements,
        pageBits,
        address: c.addr(),
      };
      break;
    }
    case 5: {
      const nodeSize = c.u32();
      const splitPercent = c.u8();
      const mergePercent = c.u8();
      index = { type: 'btree-v2', nodeSize, splitPercent, mergePercent, address: c.addr() };
      break;
    }
    default:
      throw c.fail(`chunk index type ${type} is not one of 1–5`);
  }
  return {
    kind: 'chunked',
    chunk: dims.slice(0, rank - 1),
    elementSize: dims[rank - 1]!,
    index,
    dontFilterPartialEdgeChunks: (flags & 1) !== 0,
  };
}
