/** The decode worker's logic, separate from its `self` wiring so it also runs under a test double. */
import { CodecError, isZarrviewError } from '../../errors';
import { DecoderCache } from './executor';
import { type DecodeRequest, type PrepareRequest, type SerializedError, type WorkerResponse, transferablesOf } from './protocol';

const decoders = new DecoderCache();

function serialize(e: unknown): SerializedError {
  if (isZarrviewError(e)) {
    const cause = e.cause instanceof Error ? `${e.cause.name}: ${e.cause.message}` : undefined;
    return { name: e.name, code: e.code, message: e.message, codec: e instanceof CodecError ? e.codec : undefined, cause };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { name: 'Error', code: 'codec', message: `Decoding failed: ${message}` };
}

/** Loads a chunk spec's codecs ahead of its first chunk; a failure shows again, named, when a chunk is decoded. */
export function handlePrepare(msg: PrepareRequest): void {
  decoders.get(msg.spec).catch(() => undefined);
}

/** Answers one decode request; `transfer` lists the buffers to move (not copy) back. */
export async function handleRequest(msg: DecodeRequest): Promise<{ response: WorkerResponse; transfer: ArrayBuffer[] }> {
  try {
    const decode = await decoders.get(msg.spec);
    const chunk = await decode(msg.bytes);
    // A view that does not own its whole buffer would transfer more than it needs: copy it compact.
    const data =
      Array.isArray(chunk.data) || chunk.data.byteLength === chunk.data.buffer.byteLength ? chunk.data : chunk.data.slice();
    const out = { ...chunk, data };
    return { response: { type: 'decoded', id: msg.id, chunk: out }, transfer: transferablesOf(out) };
  } catch (e) {
    return { response: { type: 'error', id: msg.id, error: serialize(e) }, transfer: [] };
  }
}
