/** Test helper: a Blosc frame of several blocks written by numcodecs (src/codecs/testdata/blosc-blocks), and its spec. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChunkSpec } from '../../codecs/pipeline';

/** 40,001 float32 values, lz4 with byte shuffle, 64 KiB blocks (the last one short). */
export const BLOSC_FRAME = new Uint8Array(
  readFileSync(join(import.meta.dirname, '..', '..', 'codecs', 'testdata', 'blosc-blocks', 'lz4-shuffle-f4.blosc')),
);

export const BLOSC_FRAME_SPEC: ChunkSpec = {
  dtype: '<f4',
  zarrFormat: 2,
  order: 'C',
  shape: [40001],
  codecs: [{ id: 'blosc', configuration: { cname: 'lz4', clevel: 5, shuffle: 1 } }],
};
