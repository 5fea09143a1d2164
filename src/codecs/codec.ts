/**
 * What a codec is to the decode pipeline and to `ncdump -s`: a bytes → bytes codec (compressor, checksum,
 * shuffle) or an array filter (values → values), with how netcdf-c describes it. Each codec is a `CodecDef`
 * listed in `registry.ts`.
 */
import type { Dtype, Values } from './dtype';

/** Codec parameters, normalised (`normalize.ts`): numbers as numbers, even where netcdf-c wrote strings. */
export type CodecConfig = Readonly<Record<string, unknown>>;

export type ByteDecoder = (bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** How `ncdump -s` shows a codec: special attributes of the variable. */
export interface NcdumpSpecial {
  /** HDF5 filter form for `_Filter` (`id,param,…`), for codecs netcdf-c maps to HDF5 plugins. */
  readonly filter?: string;
  /** `_Shuffle = "true"`. */
  readonly shuffle?: boolean;
  /** `_Fletcher32 = "true"`. */
  readonly fletcher32?: boolean;
  /** `_DeflateLevel = n`. */
  readonly deflateLevel?: number;
}

export interface BytesCodec {
  readonly kind: 'bytes';
  /**
   * The decoder of one array's chunks; its implementation (and any library) loads here, on first use.
   * `itemSize` is the element size flowing through (for shuffle); `maxBytes` bounds what a chunk may decompress to.
   */
  load(
    config: CodecConfig,
    context: { readonly itemSize: number; readonly maxBytes: number },
  ): Promise<ByteDecoder> | ByteDecoder;
  /**
   * Runs the codec once on `size` made-up bytes, so that a WebAssembly codec's memory has grown to a chunk's size
   * before the first real chunk arrives (that growth otherwise doubles the first decode).
   */
  warm?(config: CodecConfig, size: number): Promise<void>;
  /** zarrita's own registry lacks it: `registerExtraCodecs` adds it there. */
  readonly addToZarrita?: boolean;
  ncdump?(config: CodecConfig): NcdumpSpecial;
}

export interface ArrayFilter {
  readonly kind: 'filter';
  /** The dtype the filter stores, given the dtype it receives when encoding. */
  encodedDtype(config: CodecConfig, decoded: Dtype): Dtype;
  /** Values of the encoded dtype → values of `to`; `n` is the element count of the chunk. */
  decode(config: CodecConfig, encoded: Values, to: Dtype, n: number): Values;
  /** It reads the raw bytes itself (they are not first read as values of its encoded dtype). */
  readonly readsBytes?: boolean;
  ncdump?(config: CodecConfig): NcdumpSpecial;
}

export type CodecDef = BytesCodec | ArrayFilter;

/** A numeric parameter, or `dflt` when it is missing or not a finite number. */
export function numberParam(config: CodecConfig, name: string, dflt: number): number {
  const v = config[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : dflt;
}
