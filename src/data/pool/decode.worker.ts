/// <reference lib="webworker" />
/** Decode worker: receives encoded chunk bytes, answers with decoded values (buffer transferred back). */
import { CodecError, isZarrviewError } from '../../errors';
import { DecoderCache } from '../executor';
import { type SerializedError, type WorkerRequest, type WorkerResponse, transferablesOf } from './protocol';

const decoders = new DecoderCache();
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(m: WorkerResponse, transfer: Transferable[]): void;
};

function serialize(e: unknown): SerializedError {
  if (isZarrviewError(e)) {
    const cause = e.cause instanceof Error ? `${e.cause.name}: ${e.cause.message}` : undefined;
    return { name: e.name, code: e.code, message: e.message, codec: e instanceof CodecError ? e.codec : undefined, cause };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { name: 'Error', code: 'codec', message: `Decoding failed: ${message}` };
}

scope.onmessage = (event) => {
  const msg = event.data;
  void (async () => {
    try {
      const decode = await decoders.get(msg.spec);
      const chunk = await decode(msg.bytes);
      // A decoded view that does not own its buffer would transfer more than it needs: copy it compact.
      const data = Array.isArray(chunk.data) || chunk.data.byteLength === chunk.data.buffer.byteLength ? chunk.data : chunk.data.slice();
      const out = { ...chunk, data };
      scope.postMessage({ type: 'decoded', id: msg.id, chunk: out }, transferablesOf(out));
    } catch (e) {
      scope.postMessage({ type: 'error', id: msg.id, error: serialize(e) }, []);
    }
  })();
};
