/**
 * Where chunks are decoded. The reader only sees `DecodeExecutor`: in the browser a pool of module workers, in
 * Node (CLI, unit tests) the same decoder in-process.
 */
import { type ChunkDecoder, type ChunkSpec, type DecodedChunk, createChunkDecoder } from '../../codecs/pipeline';
import { AbortedError } from '../../errors';
import { type RenderedImage, renderImage } from '../../render/encode';
import type { ImageRequest } from '../../render/image';
import type { ReprojectTask } from '../../geo/reproject-task';
import type { RegridResult, RegridTask } from '../../compare/regrid';
import { runSliceImage, type SliceImageResult, type SliceImageTask } from '../../render/slice-image-task';
import { type FusedImage, fusedImage } from './fused-image';

export interface TaskOptions {
  /** `low`: a prefetch, started only when no read the user waits for has work queued. */
  readonly priority?: 'normal' | 'low' | undefined;
}

export interface DecodeOptions extends TaskOptions {
  /** The chunk may be a whole slice shown as an image: if it is, its image is made with the decode. */
  readonly image?: FusedImage | undefined;
  /** The image at its `preview` step, as soon as it is made (before the chunk's answer and full image). */
  readonly onPreview?: ((preview: SliceImageResult) => void) | undefined;
}

export interface FetchDecodeOptions extends DecodeOptions {
  /** Give up (and fall back) after this long without a part of the body (ms; the store's time limit). */
  readonly idleMs?: number | undefined;
  /** A 403 answer means the chunk is missing, as a 404 (`DirectRequest.forbiddenIsMissing`). */
  readonly forbiddenIsMissing?: boolean | undefined;
  /** The chunk's body has all arrived (its connection is free), before its decode ends. */
  readonly onBodyDone?: (() => void) | undefined;
}

/** A decoded chunk, with the image of the slice it is when the decode was asked to make one and could. */
export type DecodeResult = DecodedChunk & { readonly sliceImage?: SliceImageResult | undefined };

/** A chunk's decode fed its bytes as they arrive (see `DecodeExecutor.decodeStream`). */
export interface DecodeStream {
  /** A part of the body, in order; it may be transferred (detached). */
  push(part: Uint8Array): void;
  /** The chunk's whole bytes once read (used only if the parts were not all of them); the decoded chunk. */
  end(whole: Uint8Array): Promise<DecodeResult>;
  /** The chunk will not come (missing, failed, aborted): the stream's worker is released. */
  cancel(): void;
}

/**
 * A chunk fetched by the decoding worker itself: decoded (with the bytes read), missing (404), read but not
 * decodable (`undecodable`: the codec's error; fetching it again would bring the same bytes), or to be fetched the
 * usual way instead (`fallback`: any failure of the request, or an answer that is not the chunk — the usual way
 * reports it).
 */
export type FetchDecodeResult =
  | { readonly kind: 'decoded'; readonly result: DecodeResult; readonly bytes: number }
  /** 404, or (`html`) a site's web page where the chunk should be: the store's request would say the same. */
  | { readonly kind: 'missing'; readonly html?: boolean | undefined }
  | { readonly kind: 'undecodable'; readonly error: Error; readonly bytes: number }
  | { readonly kind: 'fallback'; readonly reason: string };

export interface DecodeExecutor {
  /** How many decodes run at once (the reader keeps about twice as many fetches in flight). */
  readonly concurrency: number;
  /**
   * Decodes one chunk. `bytes` may be transferred (detached) by the executor: callers must not reuse it.
   * Rejects with `AbortedError` when `signal` aborts before the result is delivered.
   */
  decode(spec: ChunkSpec, bytes: Uint8Array, signal?: AbortSignal, options?: DecodeOptions): Promise<DecodeResult>;
  /**
   * A decode that starts with the chunk's first bytes: where its outermost codec is Blosc, blocks are decompressed
   * while the rest is on the network (only what comes last is left after the last byte). Same result as `decode`.
   */
  decodeStream?(spec: ChunkSpec, signal?: AbortSignal, options?: DecodeOptions): DecodeStream;
  /**
   * Fetches a chunk in a worker (a public URL: see `Store.direct`) and decodes it as it arrives, so the bytes never
   * wait for the calling thread; where the outermost codec is Blosc, its blocks are decoded before the last byte.
   */
  fetchDecode?(
    url: string,
    spec: ChunkSpec,
    signal?: AbortSignal,
    options?: FetchDecodeOptions,
  ): Promise<FetchDecodeResult>;
  /** Colours a 2-D slice into an image (see `renderImage`). */
  render(image: ImageRequest, signal?: AbortSignal, options?: TaskOptions): Promise<RenderedImage>;
  /** CF-decodes and colours a slice in one task (see `runSliceImage`). */
  sliceImage(task: SliceImageTask, signal?: AbortSignal, options?: TaskOptions): Promise<SliceImageResult>;
  /** Reprojects a grid for the map: the cell index of each output pixel (see `runReproject`). */
  reproject(task: ReprojectTask, signal?: AbortSignal, options?: TaskOptions): Promise<Int32Array>;
  /** Puts one field onto another grid for a comparison (see `runRegrid`). */
  regrid?(task: RegridTask, signal?: AbortSignal, options?: TaskOptions): Promise<RegridResult>;
  /**
   * Loads the codecs of `spec` ahead of its first chunk (e.g. while the chunks are being fetched); with `warm`, also
   * runs them once on a made-up chunk of its size (see `warmCodecs`), for a variable about to be read.
   */
  prepare?(spec: ChunkSpec, options?: { readonly warm?: boolean }): void;
  /**
   * Runs the decode-and-colour task `runs` times on a made-up slice in every worker, keeping nothing: at idle time,
   * so that a first real slice runs compiled code. Nothing comes back (no garbage on the calling thread).
   */
  warmSliceImage?(task: SliceImageTask, runs: number, imageBytes?: number): void;
  /**
   * Takes back the memory of a decoded chunk this executor made, once nothing uses it (`ChunkCache.release`): its
   * worker decodes its next chunks into it. Values it did not make are left alone.
   */
  recycle?(data: DecodedChunk['data']): void;
  close(): void;
}

/** Caches one decoder (loaded codecs) per chunk spec. */
export class DecoderCache {
  readonly #decoders = new Map<string, Promise<ChunkDecoder>>();

  get(spec: ChunkSpec): Promise<ChunkDecoder> {
    const key = JSON.stringify(spec);
    let d = this.#decoders.get(key);
    if (!d) {
      d = createChunkDecoder(spec);
      d.catch(() => this.#decoders.delete(key));
      this.#decoders.set(key, d);
      if (this.#decoders.size > 64) this.#decoders.delete(this.#decoders.keys().next().value as string);
    }
    return d;
  }
}

/** A chunk decoded in-process, with the slice's image when one is asked for (see `fusedImage`). */
function withImage(
  out: DecodedChunk,
  signal: AbortSignal | undefined,
  options: DecodeOptions | undefined,
): DecodeResult {
  if (signal?.aborted) throw new AbortedError();
  const sliceImage = options?.image ? fusedImage(options.image, out, undefined, options.onPreview) : undefined;
  return sliceImage ? { ...out, sliceImage } : out;
}

/** Decodes on the calling thread (Node, tests, and as the fallback where workers are unavailable). */
export class InlineExecutor implements DecodeExecutor {
  readonly concurrency = 1;
  readonly #decoders = new DecoderCache();

  async decode(
    spec: ChunkSpec,
    bytes: Uint8Array,
    signal?: AbortSignal,
    options?: DecodeOptions,
  ): Promise<DecodeResult> {
    if (signal?.aborted) throw new AbortedError();
    const decoder = await this.#decoders.get(spec);
    return withImage(await decoder.decode(bytes), signal, options);
  }

  decodeStream(spec: ChunkSpec, signal?: AbortSignal, options?: DecodeOptions): DecodeStream {
    const stream = this.#decoders.get(spec).then((d) => d.stream());
    stream.catch(() => undefined);
    let sent = 0;
    return {
      push(part) {
        sent += part.length;
        void stream.then((s) => s.push(part)).catch(() => undefined);
      },
      end: async (whole) => {
        if (signal?.aborted) throw new AbortedError();
        return withImage(await (await stream).finish(sent === whole.length ? undefined : whole), signal, options);
      },
      cancel() {},
    };
  }

  prepare(spec: ChunkSpec): void {
    this.#decoders.get(spec).catch(() => undefined);
  }

  async render(image: ImageRequest, signal?: AbortSignal): Promise<RenderedImage> {
    if (signal?.aborted) throw new AbortedError();
    return renderImage(image);
  }

  async sliceImage(task: SliceImageTask, signal?: AbortSignal): Promise<SliceImageResult> {
    if (signal?.aborted) throw new AbortedError();
    return runSliceImage(task);
  }

  async reproject(task: ReprojectTask, signal?: AbortSignal): Promise<Int32Array> {
    if (signal?.aborted) throw new AbortedError();
    const { runReproject } = await import('../../geo/reproject-task');
    return runReproject(task);
  }

  async regrid(task: RegridTask, signal?: AbortSignal): Promise<RegridResult> {
    if (signal?.aborted) throw new AbortedError();
    const { runRegrid } = await import('../../compare/regrid');
    return runRegrid(task);
  }

  close(): void {}
}
