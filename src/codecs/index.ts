/** Codecs and data types: the chunk decode pipeline, usable in workers, the main thread and Node. */
export { createDecoder, checkCodecs, type ChunkSpec, type CodecSpec, type DecodedChunk } from './pipeline';
export { parseDtype, bytesToValues, type Dtype, type DtypeKind, type Values } from './dtype';
export { normalizeCodec, normalizeCodecs } from './normalize';
export { fletcher32 } from './byte-codecs';
export { registerExtraCodecs } from './zarrita-registry';
