/** The decode worker's logic, separate from its `self` wiring so it also runs under a test double. */
import { chunkBytes, cStrides, type ChunkStream, type DecodedChunk, warmCodecs } from '../../codecs/pipeline';
import { floatScanFor } from '../../cf/decode';
import type { FloatScan } from '../../cf/decode-fast';
import { CodecError, isZarrviewError } from '../../errors';
import { expectBuffers, giveBack, setSpareBusy } from '../../memory/spare-buffers';
import { renderImage } from '../../render/encode';
import { runSliceImage, sliceImageTransfers, type SliceImageResult } from '../../render/slice-image-task';
import { DecoderCache } from './executor';
import { fusedImage, type FusedImage } from './fused-image';
import { fetchAndDecode } from './worker-fetch';
import {
  type AnsweredRequest,
  type DecodeRequest,
  type FetchDecodeRequest,
  type PrepareRequest,
  type RenderRequest,
  type ReprojectRequest,
  type RegridRequest,
  type SliceImageRequest,
  type StreamEndRequest,
  type StreamPartRequest,
  type StreamStartRequest,
  type WarmImageRequest,
  type WorkerRequest,
  type SerializedError,
  type WorkerResponse,
  transferablesOf,
} from './protocol';

const decoders = new DecoderCache();

function serialize(e: unknown): SerializedError {
  if (isZarrviewError(e)) {
    const cause = e.cause instanceof Error ? `${e.cause.name}: ${e.cause.message}` : undefined;
    return {
      name: e.name,
      code: e.code,
      message: e.message,
      codec: e instanceof CodecError ? e.codec : undefined,
      cause,
    };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { name: 'Error', code: 'codec', message: `Decoding failed: ${message}` };
}

/**
 * Codec warm-ups under way in this worker. The engine discards its compiled typed-array loops once in a worker's
 * life (Chromium's --trace-deopt: "dependent property cell changed", the ArrayBufferDetaching protector), seen
 * during the codecs' warm-ups and the first decodes; the image warm-up runs after the codec warm-ups and several
 * times, so that the loops the first slice runs are compiled for good (its colouring took 13–17 ms instead of 8).
 */
let codecsWarming: Promise<unknown> = Promise.resolve();

/** Loads a chunk spec's codecs ahead of its first chunk; a failure shows again, named, when a chunk is decoded. */
export function handlePrepare(msg: PrepareRequest): void {
  const done = decoders
    .get(msg.spec)
    .then(() => (msg.warm ? warmCodecs(msg.spec) : undefined))
    .catch(() => undefined);
  if (msg.warm) {
    codecsWarming = Promise.all([codecsWarming, done]);
    // A chunk's decoded bytes and its compressed bytes (at most as many, for data worth compressing).
    const bytes = chunkBytes(msg.spec);
    if (bytes !== null) void done.then(() => expectBuffers([bytes, bytes]));
  }
}

/** Runs the decode-and-colour task on a made-up slice, keeping nothing (see `WarmImageRequest`), after codec warm-ups. */
export function handleWarmImage(msg: WarmImageRequest): void {
  void codecsWarming.then(() => {
    warmImage(msg);
    if (msg.imageBytes) expectBuffers([msg.imageBytes]);
  });
}

function warmImage(msg: WarmImageRequest): void {
  try {
    // The objects a decode hands to `fusedImage` (made the same way): the optimised code is then the real slice's.
    const shape = msg.fused.slice.shape;
    const decoded = { data: msg.data as DecodedChunk['data'], shape, stride: cStrides(shape) };
    const chunk = { ...decoded, data: decoded.data };
    for (let k = 0; k < msg.runs; k++) fusedImage(msg.fused, chunk);
  } catch {
    // A warm-up that fails leaves the first real slice to report its own errors.
  }
}

/** Colours one slice image (its pixels go back transferred). */
async function handleRender(msg: RenderRequest): Promise<{ response: WorkerResponse; transfer: Transferable[] }> {
  try {
    const image = await renderImage(msg.image);
    return {
      response: { type: 'rendered', id: msg.id, image },
      transfer: [image.rgba.buffer as ArrayBuffer],
    };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return {
      response: {
        type: 'error',
        id: msg.id,
        error: { name: 'Error', code: 'unsupported', message: `The slice image could not be made: ${message}` },
      },
      transfer: [],
    };
  }
}

/** Reprojects a grid for the map; the projection code (d3) is imported on the first such request only. */
async function handleReproject(msg: ReprojectRequest): Promise<{ response: WorkerResponse; transfer: Transferable[] }> {
  try {
    const { runReproject } = await import('../../geo/reproject-task');
    const cells = runReproject(msg.task);
    return { response: { type: 'reprojected', id: msg.id, cells }, transfer: [cells.buffer as ArrayBuffer] };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return {
      response: {
        type: 'error',
        id: msg.id,
        error: { name: 'Error', code: 'unsupported', message: `The map could not be reprojected: ${message}` },
      },
      transfer: [],
    };
  }
}

/** Regrids a field for a comparison; the code is imported on the first such request only. */
async function handleRegrid(msg: RegridRequest): Promise<{ response: WorkerResponse; transfer: Transferable[] }> {
  try {
    const { runRegrid, regridTransfers } = await import('../../compare/regrid');
    const result = runRegrid(msg.task);
    return { response: { type: 'regridded', id: msg.id, result }, transfer: regridTransfers(result) };
  } catch (e) {
    return { response: { type: 'error', id: msg.id, error: serialize(e) }, transfer: [] };
  }
}

/** CF-decodes and colours one slice (its image and decoded values go back transferred). */
function handleSliceImage(msg: SliceImageRequest): Answer {
  try {
    // The pixels go back as bytes: the page puts them into a canvas it keeps for images of their size, which costs
    // it less than a new ImageBitmap (fresh memory) costs here.
    const result = runSliceImage(msg.task);
    return { response: { type: 'slice-imaged', id: msg.id, result }, transfer: sliceImageTransfers(result) };
  } catch (e) {
    return { response: { type: 'error', id: msg.id, error: serialize(e) }, transfer: [] };
  }
}

type Answer = { response: WorkerResponse; transfer: Transferable[] };

/**
 * Handles one message from the page: requests with an answer call `answer` when done (`transfer` lists the buffers
 * to move back); the others (loading, warm-ups, a stream's start and parts) are answered by nothing.
 */
export function dispatch(msg: WorkerRequest, answer: (a: Answer) => void): void {
  if (msg.type === 'prepare') handlePrepare(msg);
  else if (msg.type === 'warm-image') handleWarmImage(msg);
  else if (msg.type === 'stream-start') handleStreamStart(msg);
  else if (msg.type === 'stream-part') handleStreamPart(msg);
  else if (msg.type === 'cancel') fetching.get(msg.id)?.abort();
  else if (msg.type === 'recycle') for (const b of msg.buffers) giveBack(b);
  else void handleRequest(msg, answer).then(answer);
}

/**
 * Answers one decode, render, reproject or stream-end request; `transfer` lists the buffers to move (not copy) back.
 * `notify` posts what a request says before its answer (a fetched chunk's `body-done`).
 */
export async function handleRequest(
  msg: AnsweredRequest,
  notify: (a: Answer) => void = () => undefined,
): Promise<Answer> {
  if (msg.type === 'render') return handleRender(msg);
  if (msg.type === 'slice-image') return handleSliceImage(msg);
  if (msg.type === 'reproject') return handleReproject(msg);
  if (msg.type === 'regrid') return handleRegrid(msg);
  if (msg.type === 'stream-end') return handleStreamEnd(msg, notify);
  if (msg.type === 'fetch-decode') return handleFetchDecode(msg, notify);
  return handleDecode(msg, notify);
}

/** Fetches under way (`fetch-decode`), to cancel. */
const fetching = new Map<number, AbortController>();

async function handleFetchDecode(msg: FetchDecodeRequest, notify: (a: Answer) => void): Promise<Answer> {
  const controller = new AbortController();
  fetching.set(msg.id, controller);
  try {
    const decoder = await decoders.get(msg.spec);
    // The slice's CF masking and extent, found block by block as the chunk arrives (only the rest after its last byte).
    const scan =
      msg.image && floatScanFor(msg.image.slice.variable, { defaultFill: msg.image.defaultFill }, msg.image.n);
    const onValues = scan ? (v: Float32Array | Float64Array) => scan.scan(v) : undefined;
    const r = await fetchAndDecode(msg.url, decoder, controller.signal, {
      storeIdleMs: msg.idleMs,
      forbiddenIsMissing: msg.forbiddenIsMissing,
      onValues,
      // The page frees the request's place in the store's limit (its connection) now, not after the decode.
      onBodyDone: msg.bodyDone
        ? () => notify({ response: { type: 'body-done', id: msg.id }, transfer: [] })
        : undefined,
    });
    if (r.kind === 'missing') return { response: { type: 'missing', id: msg.id, html: r.html }, transfer: [] };
    if (r.kind === 'failed') return { response: { type: 'fetch-failed', id: msg.id, reason: r.reason }, transfer: [] };
    if (r.kind === 'undecodable') {
      return { response: { type: 'error', id: msg.id, error: serialize(r.error), fetched: r.bytes }, transfer: [] };
    }
    return decodedAnswer(msg.id, r.chunk, msg.image, r.bytes, scan, notify);
  } catch (e) {
    return { response: { type: 'fetch-failed', id: msg.id, reason: String(e) }, transfer: [] };
  } finally {
    fetching.delete(msg.id);
  }
}

async function handleDecode(msg: DecodeRequest, notify: (a: Answer) => void): Promise<Answer> {
  try {
    const decoder = await decoders.get(msg.spec);
    return decodedAnswer(msg.id, await decoder.decode(msg.bytes), msg.image, undefined, undefined, notify);
  } catch (e) {
    return { response: { type: 'error', id: msg.id, error: serialize(e) }, transfer: [] };
  }
}

/**
 * A decoded chunk's answer, with the slice's image when one was asked for and the chunk is that slice, and the bytes
 * the worker fetched for it (`fetch-decode`). An image with a `preview` step is posted at that step first (`notify`).
 */
function decodedAnswer(
  id: number,
  chunk: DecodedChunk,
  image: FusedImage | undefined,
  fetched?: number,
  scanned?: FloatScan | null,
  notify?: (a: Answer) => void,
): Answer {
  // A view that does not own its whole buffer would transfer more than it needs: copy it compact.
  const data =
    Array.isArray(chunk.data) || chunk.data.byteLength === chunk.data.buffer.byteLength
      ? chunk.data
      : chunk.data.slice();
  const out = { ...chunk, data };
  const preview = notify
    ? (result: SliceImageResult) =>
        notify({ response: { type: 'slice-preview', id, result }, transfer: sliceImageTransfers(result) })
    : undefined;
  const sliceImage = image ? fusedImage(image, out, scanned, preview) : undefined;
  if (sliceImage) {
    return {
      response: { type: 'decoded', id, chunk: out, sliceImage, fetched },
      transfer: [...new Set([...transferablesOf(out), ...sliceImageTransfers(sliceImage)])],
    };
  }
  return { response: { type: 'decoded', id, chunk: out, fetched }, transfer: transferablesOf(out) };
}

/** Streams under way: their decoder's stream (once the codecs are loaded) and the image asked for. */
const streams = new Map<number, { readonly stream: Promise<ChunkStream>; readonly image: FusedImage | undefined }>();

// Spare memory is made between chunks, not while one is arriving (its parts would wait).
setSpareBusy(() => fetching.size > 0 || streams.size > 0);

function handleStreamStart(msg: StreamStartRequest): void {
  const stream = decoders.get(msg.spec).then((d) => d.stream());
  stream.catch(() => undefined); // reported at the end
  streams.set(msg.id, { stream, image: msg.image });
}

function handleStreamPart(msg: StreamPartRequest): void {
  // In order: each part's callback is queued on the same promise after the previous one's.
  void streams
    .get(msg.id)
    ?.stream.then((s) => s.push(msg.bytes))
    .catch(() => undefined);
}

async function handleStreamEnd(msg: StreamEndRequest, notify: (a: Answer) => void): Promise<Answer> {
  const s = streams.get(msg.id);
  streams.delete(msg.id);
  try {
    if (!s || msg.cancel) throw new Error('the chunk did not come');
    const stream = await s.stream;
    return decodedAnswer(msg.id, await stream.finish(msg.whole), s.image, undefined, undefined, notify);
  } catch (e) {
    return { response: { type: 'error', id: msg.id, error: serialize(e) }, transfer: [] };
  }
}
