/** Messages between the main thread and decode workers. Buffers travel as transferables. */
import type { ChunkSpec, DecodedChunk } from '../../codecs/pipeline';
import { type ErrorCode, type ZarrviewError, errorFor } from '../../errors';
import type { ImageRequest } from '../../render/image';
import type { RenderedImage } from '../../render/encode';
import type { ReprojectTask } from '../../geo/reproject-task';
import type { RegridResult, RegridTask } from '../../compare/regrid';
import type { SliceImageResult, SliceImageTask } from '../../render/slice-image-task';
import type { FusedImage } from './fused-image';

export interface DecodeRequest {
  readonly type: 'decode';
  readonly id: number;
  readonly spec: ChunkSpec;
  readonly bytes: Uint8Array;
  /** The chunk may be a whole slice shown as an image: if it is, make the image in the same task. */
  readonly image?: FusedImage | undefined;
}

/**
 * A chunk whose bytes follow part by part (`stream-part`) as they arrive, then `stream-end`; answered as a `decode`
 * is. Blosc frames are decoded block by block as the parts come (see `ChunkDecoder.stream`).
 */
export interface StreamStartRequest {
  readonly type: 'stream-start';
  readonly id: number;
  readonly spec: ChunkSpec;
  readonly image?: FusedImage | undefined;
}

export interface StreamPartRequest {
  readonly type: 'stream-part';
  readonly id: number;
  readonly bytes: Uint8Array;
}

/** The last message of a stream: `whole`, the chunk's bytes, when the parts sent were not all of them; or `cancel`. */
export interface StreamEndRequest {
  readonly type: 'stream-end';
  readonly id: number;
  readonly whole?: Uint8Array | undefined;
  readonly cancel?: boolean | undefined;
}

/**
 * Fetch a chunk (a public URL, see `Store.direct`) and decode it as it arrives. Answered `decoded` (with the bytes
 * read), `missing` (404), `error` with the bytes read (`fetched`: the body came and did not decode) or
 * `fetch-failed` (anything else: the page then fetches it the usual way).
 */
export interface FetchDecodeRequest {
  readonly type: 'fetch-decode';
  readonly id: number;
  readonly url: string;
  readonly spec: ChunkSpec;
  readonly image?: FusedImage | undefined;
  /** Give up after this long without a part of the body (ms). */
  readonly idleMs?: number | undefined;
  /** A 403 means missing, as a 404 (`DirectRequest.forbiddenIsMissing`). */
  readonly forbiddenIsMissing?: boolean | undefined;
  /** Say `body-done` once the body is in (the page gives the request's place back then). */
  readonly bodyDone?: boolean | undefined;
}

/**
 * Decoded chunks' memory the page no longer uses (copied into a slice, kept by no cache): the worker that made it
 * keeps it for its next chunks (memory/spare-buffers.ts), already mapped, instead of the page leaving it to the
 * garbage collector.
 */
export interface RecycleRequest {
  readonly type: 'recycle';
  readonly buffers: readonly ArrayBuffer[];
}

/** Stop a `fetch-decode` (its answer comes as `fetch-failed`). */
export interface CancelRequest {
  readonly type: 'cancel';
  readonly id: number;
}

/**
 * Load the codecs of `spec` now (while its chunks are still on the network); with `warm`, also run them once on a
 * made-up chunk of its size (at idle time, before the first chunk). No answer.
 */
export interface PrepareRequest {
  readonly type: 'prepare';
  readonly spec: ChunkSpec;
  readonly warm?: boolean | undefined;
}

/**
 * Run the decode-and-colour task `runs` times on a made-up slice and keep nothing (warm-up at idle time: the
 * optimising compiler takes the loops over before a first real slice). No answer, so no garbage on the page.
 */
export interface WarmImageRequest {
  readonly type: 'warm-image';
  /** As a read asks for a slice's image (same fields, same order), for a made-up slice of `data`. */
  readonly fused: FusedImage;
  readonly data: ArrayBufferView;
  readonly runs: number;
  /** Bytes of the real slice's image: the worker gets memory of that size ready (memory/spare-buffers.ts). */
  readonly imageBytes?: number | undefined;
}

/** Colour a 2-D slice into an RGBA image. */
export interface RenderRequest {
  readonly type: 'render';
  readonly id: number;
  readonly image: ImageRequest;
}

/** Reproject a grid for the map: the cell index of every output pixel (d3 loads in the worker on first use). */
export interface ReprojectRequest {
  readonly type: 'reproject';
  readonly id: number;
  readonly task: ReprojectTask;
}

/** Put one field onto another grid (dataset comparison, `src/compare/regrid.ts`); loaded on first use. */
export interface RegridRequest {
  readonly type: 'regrid';
  readonly id: number;
  readonly task: RegridTask;
}

/** CF-decode a slice's stored values and colour them into an RGBA image. */
export interface SliceImageRequest {
  readonly type: 'slice-image';
  readonly id: number;
  readonly task: SliceImageTask;
}

export type WorkerRequest =
  | DecodeRequest
  | PrepareRequest
  | WarmImageRequest
  | RenderRequest
  | ReprojectRequest
  | RegridRequest
  | SliceImageRequest
  | StreamStartRequest
  | StreamPartRequest
  | StreamEndRequest
  | FetchDecodeRequest
  | CancelRequest
  | RecycleRequest;

/** Requests that are answered (one `WorkerResponse` each, by id). */
export type AnsweredRequest =
  | DecodeRequest
  | RenderRequest
  | ReprojectRequest
  | RegridRequest
  | SliceImageRequest
  | StreamEndRequest
  | FetchDecodeRequest;

export interface SerializedError {
  readonly name: string;
  readonly code: ErrorCode;
  readonly message: string;
  readonly codec?: string | undefined;
  readonly cause?: string | undefined;
}

export type WorkerResponse =
  /** A chunk's body has all arrived at its worker (`fetch-decode`; its connection is free): its answer follows. */
  | { readonly type: 'body-done'; readonly id: number }
  /** The image of a chunk that is a whole slice at its `preview` step, made before the full one: its answer follows. */
  | { readonly type: 'slice-preview'; readonly id: number; readonly result: SliceImageResult }
  | {
      readonly type: 'decoded';
      readonly id: number;
      readonly chunk: DecodedChunk;
      readonly sliceImage?: SliceImageResult | undefined;
      /** Bytes the worker fetched (a `fetch-decode`). */
      readonly fetched?: number | undefined;
    }
  /** 404, or (`html`) a web page answered for the chunk. */
  | { readonly type: 'missing'; readonly id: number; readonly html?: boolean | undefined }
  | { readonly type: 'fetch-failed'; readonly id: number; readonly reason: string }
  | { readonly type: 'rendered'; readonly id: number; readonly image: RenderedImage }
  | { readonly type: 'reprojected'; readonly id: number; readonly cells: Int32Array }
  | { readonly type: 'regridded'; readonly id: number; readonly result: RegridResult }
  | { readonly type: 'slice-imaged'; readonly id: number; readonly result: SliceImageResult }
  | {
      readonly type: 'error';
      readonly id: number;
      readonly error: SerializedError;
      /** Bytes the worker fetched for a chunk that did not decode (a `fetch-decode`). */
      readonly fetched?: number | undefined;
    };

/** The transferable buffers of a decoded chunk (none for strings). */
export function transferablesOf(chunk: DecodedChunk): ArrayBuffer[] {
  return Array.isArray(chunk.data) ? [] : [chunk.data.buffer as ArrayBuffer];
}

/** The typed error a worker's serialized error stands for (on the page's side). */
export function reviveError(e: SerializedError): ZarrviewError {
  const cause = e.cause ? new Error(e.cause) : undefined;
  return errorFor(e.code, e.message, { cause, codec: e.codec });
}
